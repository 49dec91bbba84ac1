/**
 * Tagged YAML values made plain: what the `yaml` package builds for
 * `!!set`, `!!omap`, `!!timestamp` and `!!binary` (a `Set`, a `Map`, a
 * `Date`, a `Uint8Array`) becomes JSON-shaped data, so a skill holds only
 * data that serialises back to the same YAML and digests by its contents.
 * @module
 */
import { bytesToBase64 } from '../../shared/base64.js';
import { setOwn } from '../fields/values.js';

/**
 * `value` with every tagged value made plain, at any depth: a `Set` becomes
 * the list of its members, a `Map` a map whose keys are their text (an empty
 * key for `null`), a `Date` its ISO 8601 text in UTC, bytes their base64
 * text, a bigint its decimal text. Unchanged parts are returned as they are,
 * and a node reached twice through an alias is converted once.
 */
export function plainData(value: unknown): unknown {
  return plain(value, new Map());
}

function plain(value: unknown, done: Map<object, unknown>): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object' || value === null) return value;
  const known = done.get(value);
  if (known !== undefined) return known;
  const out = convert(value, done);
  done.set(value, out);
  return out;
}

function convert(value: object, done: Map<object, unknown>): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? String(value) : value.toISOString();
  if (value instanceof Uint8Array) return bytesToBase64(value);
  if (value instanceof Set) return [...value].map((v) => plain(v, done));
  if (value instanceof Map) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of value) setOwn(out, k === null || k === undefined ? '' : String(plain(k, done)), plain(v, done));
    return out;
  }
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      const p = plain(item, done);
      if (p !== item) (copy ??= value.slice())[i] = p;
    });
    return copy ?? value;
  }
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(record)) {
    const item = record[key];
    const p = plain(item, done);
    if (p !== item) {
      copy ??= copyOf(record);
      setOwn(copy, key, p);
    }
  }
  return copy ?? value;
}

function copyOf(record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record)) setOwn(out, key, record[key]);
  return out;
}
