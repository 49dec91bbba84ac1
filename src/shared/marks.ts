/**
 * Marks: a value kept on an object by its identity, which no other code can read, forge or copy. A `WeakMap` does
 * that too, but each entry keyed by a new object is an ephemeron the garbage collector must trace on its own, which
 * for a few marks per loaded skill cost more than the load's other work. A mark is instead a private class field
 * stamped onto the object (a base class whose constructor returns the object it is given): invisible to `Object.keys`
 * and `Reflect.ownKeys`, left behind by a spread and a structured clone, gone with the object. An object that cannot
 * take a field (not extensible) keeps its mark in a `WeakMap`.
 * @module
 */

/** One kind of mark: set it on an object, read it back; only this object knows its field. */
export interface Mark<T> {
  /** Marks `target` (this object) with `value`, replacing its earlier mark. */
  set(target: object, value: T): void;
  /** The mark of `value`, or `undefined` when it has none (or is not an object). */
  get(value: unknown): T | undefined;
  /** True when `value` is an object that was marked. */
  has(value: unknown): boolean;
}

/** A base whose constructor returns the object it is given, so that a subclass's fields land on that object. */
class Stamped {
  constructor(target: object) {
    return target as Stamped;
  }
}

/** A new kind of mark (each call has a private field of its own). */
export function createMark<T>(): Mark<T> {
  class Stamp extends Stamped {
    #value: T;
    constructor(target: object, value: T) {
      super(target);
      this.#value = value;
    }
    static holds(target: object): target is Stamp {
      return #value in target;
    }
    static read(target: Stamp): T {
      return target.#value;
    }
    static write(target: Stamp, value: T): void {
      target.#value = value;
    }
  }
  const sealed = new WeakMap<object, T>();
  const isObject = (value: unknown): value is object => (typeof value === 'object' && value !== null) || typeof value === 'function';
  return {
    set(target, value) {
      if (Stamp.holds(target)) Stamp.write(target, value);
      else if (Object.isExtensible(target)) new Stamp(target, value);
      else sealed.set(target, value);
    },
    get(value) {
      if (!isObject(value)) return undefined;
      return Stamp.holds(value) ? Stamp.read(value) : sealed.get(value);
    },
    has(value) {
      return isObject(value) && (Stamp.holds(value) || sealed.has(value));
    },
  };
}
