/**
 * A counting semaphore for bounded concurrency in Node I/O.
 * @module
 */
/** A counting semaphore: at most `size` tasks run at once, in the order they asked. */
export class Semaphore {
  readonly #waiting: (() => void)[] = [];
  #free: number;

  constructor(size: number) {
    this.#free = size;
  }

  /** Runs `task` once a slot is free, and frees the slot when it settles. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#free > 0) this.#free--;
    else await new Promise<void>((wake) => this.#waiting.push(wake));
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free++;
    }
  }
}
