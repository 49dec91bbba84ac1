/**
 * Synchronous SHA-256 for any environment, and canonical JSON for digests.
 * @module
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

const encoder = new TextEncoder();

/** The slice of `node:crypto`'s Hash used here. */
interface NativeHash {
  update(data: string | Uint8Array): NativeHash;
  digest(encoding: 'hex'): string;
}
type CreateHash = (algorithm: 'sha256') => NativeHash;

let nativeCreateHash: CreateHash | null | undefined;

/**
 * `node:crypto`'s `createHash` when the runtime hands it out synchronously
 * (`process.getBuiltinModule`, Node ≥ 20.16), else `null`. Looked up on first
 * use, never at module load, and never imported, so no bundle pulls it in.
 * Both paths hash the same bytes: the digest does not depend on which ran.
 */
function nativeHash(): CreateHash | null {
  if (nativeCreateHash === undefined) {
    const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    const crypto = proc?.getBuiltinModule?.('node:crypto') as { createHash?: CreateHash } | undefined;
    nativeCreateHash = typeof crypto?.createHash === 'function' ? crypto.createHash : null;
  }
  return nativeCreateHash;
}

/** For tests: force the portable (`@noble/hashes`) path, or go back to detecting. */
export function usePortableHash(portable: boolean): void {
  nativeCreateHash = portable ? null : undefined;
}

/** `sha256:` + lower-case hex of the bytes (text is hashed as UTF-8). */
export function sha256Digest(data: string | Uint8Array): string {
  const native = nativeHash();
  if (native) return `sha256:${native('sha256').update(data).digest('hex')}`;
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  return `sha256:${bytesToHex(sha256(bytes))}`;
}

/**
 * JSON with object keys sorted at every level and `undefined` members left
 * out, so equal values always give equal text, and different values always
 * give different text. Values JSON cannot hold are written in forms no JSON
 * text takes, so none is mistaken for another or for plain data: `NaN`,
 * `Infinity`, `-Infinity`, `-0`, a bigint as `12n`, and tagged objects as
 * `Map[[k,v],…]` (entries in order), `Set[…]`, `Date("…")` and
 * `Bytes("hex")` for any byte view.
 */
export function canonicalJson(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  // Plain concatenation: much cheaper than building and joining part arrays on this per-skill path.
  if (Array.isArray(value)) return listText('[', value);
  if (!isPlainObject(value)) return taggedText(value);
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length > 1) keys.sort();
  let out = '{';
  for (const key of keys) {
    const member = record[key];
    if (member === undefined) continue;
    out += (out.length > 1 ? ',' : '') + JSON.stringify(key) + ':' + canonicalJson(member);
  }
  return `${out}}`;
}

function numberText(n: number): string {
  if (Number.isFinite(n)) return Object.is(n, -0) ? '-0' : JSON.stringify(n);
  return String(n); // NaN, Infinity, -Infinity: JSON would write them all as null
}

function listText(open: string, items: ArrayLike<unknown>): string {
  let out = open;
  for (let i = 0; i < items.length; i++) out += (i > 0 ? ',' : '') + canonicalJson(items[i]);
  return `${out}]`;
}

function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Tagged objects, each with a prefix that no JSON value starts with. Other class instances are written as their own properties. */
function taggedText(value: object): string {
  if (value instanceof Map)
    return listText(
      'Map[',
      [...value].map(([k, v]) => [k, v]),
    );
  if (value instanceof Set) return listText('Set[', [...value]);
  if (value instanceof Date) return `Date(${JSON.stringify(Number.isNaN(value.getTime()) ? 'invalid' : value.toISOString())})`;
  if (ArrayBuffer.isView(value)) return `Bytes("${bytesToHex(new Uint8Array(value.buffer, value.byteOffset, value.byteLength))}")`;
  if (value instanceof ArrayBuffer) return `Bytes("${bytesToHex(new Uint8Array(value))}")`;
  const own: Record<string, unknown> = {};
  for (const key of Object.keys(value)) Object.defineProperty(own, key, { value: (value as Record<string, unknown>)[key], enumerable: true });
  return canonicalJson(own);
}

let scratch = new Uint8Array(16 * 1024);

/** UTF-8 bytes of `text` in a reused buffer: valid only until the next call. */
function utf8View(text: string): Uint8Array {
  if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3);
  const { written } = encoder.encodeInto(text, scratch);
  return scratch.subarray(0, written);
}

/**
 * `sha256:` + hex over several texts joined by `\n`, hashed incrementally so
 * no joined copy is built. Callers make the join unambiguous (all but the
 * last part must be free of raw line breaks, as JSON is).
 */
export function sha256OfParts(parts: readonly string[]): string {
  const native = nativeHash();
  if (native) {
    const hash = native('sha256');
    parts.forEach((part, i) => (i > 0 ? hash.update('\n') : hash).update(part));
    return `sha256:${hash.digest('hex')}`;
  }
  const hash = sha256.create();
  parts.forEach((part, i) => {
    if (i > 0) hash.update(NEWLINE);
    hash.update(utf8View(part));
  });
  return `sha256:${bytesToHex(hash.digest())}`;
}

const NEWLINE = new Uint8Array([10]);
