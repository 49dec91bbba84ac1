/**
 * File facts for the directory source: size, text or binary, and a
 * `sha256:` digest computed with `node:crypto` while streaming the file,
 * so contents are not kept (51 MB of corpus resources hash at native speed).
 * @module
 */
import { Buffer, isUtf8 } from 'node:buffer';
import { createHash, hash as hashOnce, type Hash } from 'node:crypto';
import { concatBytes } from '../../shared/bytes.js';
import { readSync } from 'node:fs';
import { readAll, readAllSync, readAt } from './opened-file.js';

/** Size, text flag and digest of a file; `bytes` when its contents were asked for. */
export interface FileFacts {
  readonly size: number;
  readonly isText: boolean;
  readonly digest: string;
  readonly bytes?: Uint8Array;
}

const CHUNK = 64 * 1024;
const SNIFF = 8 * 1024;
/** Files up to this size are read whole, in one read into a buffer of their own size (or the scratch buffer). */
const ONE_READ = 256 * 1024;
/**
 * One buffer for the synchronous reads of files whose bytes are not kept: most resources are only hashed and sniffed,
 * and a fresh buffer per file made megabytes of garbage per load (the corpus: 37 MB). Made on first use.
 */
let scratch: Uint8Array | undefined;

/**
 * Streams a file once: hashes it, and decides text or binary the way
 * `isTextBytes` does (no NUL in the first 8 KiB, valid UTF-8 throughout),
 * so every source gives the same flag. Reads `expected` bytes (the size
 * `fstat` gave; a file that shrank ends early). Keeps the bytes only when `keep`.
 */
export async function factsOf(fd: number, expected: number, keep: boolean): Promise<FileFacts> {
  if (expected <= ONE_READ) return factsOfBytes(await readAll(fd, expected), keep);
  const facts = streamedFacts(createHash('sha256'), keep);
  const buffer = new Uint8Array(CHUNK);
  // Stops at the size `fstat` gave, saving the read that would only find the end of the file.
  while (facts.size < expected) {
    const bytesRead = await readAt(fd, buffer, 0, CHUNK, facts.size);
    if (bytesRead === 0) break;
    facts.add(buffer.subarray(0, bytesRead));
  }
  return facts.done();
}

/** {@link factsOf}, synchronously: the same reads, digest and flag. */
export function factsOfSync(fd: number, expected: number, keep: boolean): FileFacts {
  if (expected <= ONE_READ) return factsOfBytes(keep ? readAllSync(fd, expected) : readIntoScratch(fd, expected), keep);
  const facts = streamedFacts(createHash('sha256'), keep);
  const buffer = new Uint8Array(CHUNK);
  while (facts.size < expected) {
    const bytesRead = readSync(fd, buffer, 0, CHUNK, facts.size);
    if (bytesRead === 0) break;
    facts.add(buffer.subarray(0, bytesRead));
  }
  return facts.done();
}

/** The facts of a file read in chunks, however the chunks are read: each one hashed, sniffed and (with `keep`) kept. */
function streamedFacts(hash: Hash, keep: boolean): { readonly size: number; add(chunk: Uint8Array): void; done(): FileFacts } {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  const kept: Uint8Array[] = [];
  let size = 0;
  let text = true;
  return {
    get size() {
      return size;
    },
    add(chunk) {
      hash.update(chunk);
      if (keep) kept.push(chunk.slice());
      if (text) text = textSoFar(decoder, chunk, size);
      size += chunk.byteLength;
    },
    done() {
      if (text) text = flushes(decoder);
      const facts = { size, isText: text, digest: `sha256:${hash.digest('hex')}` };
      return keep ? { ...facts, bytes: concatBytes(kept, size) } : facts;
    },
  };
}

/**
 * Reads a file of `expected` bytes (at most {@link ONE_READ}) into the scratch buffer: the bytes read, valid only until
 * the next call (synchronous callers only, which use them before anything else reads).
 */
function readIntoScratch(fd: number, expected: number): Uint8Array {
  scratch ??= new Uint8Array(ONE_READ);
  const bytes = scratch.subarray(0, expected);
  let at = 0;
  while (at < expected) {
    const n = readSync(fd, bytes, at, expected - at, at);
    if (n === 0) break;
    at += n;
  }
  return bytes.subarray(0, at);
}

/**
 * Most resources fit one read: a buffer of their own size (no 64 KiB buffer
 * per file, no second read to find the end), hashed in one call, and
 * `isUtf8`, which checks without building a string. Same digest and flag as
 * the streamed path. The bytes are returned only with `keep`.
 */
function factsOfBytes(bytes: Uint8Array, keep: boolean): FileFacts {
  const text = !hasNul(bytes, SNIFF) && isUtf8(bytes);
  const facts = { size: bytes.byteLength, isText: text, digest: `sha256:${hashOnce('sha256', bytes, 'hex')}` };
  return keep ? { ...facts, bytes } : facts;
}

/**
 * True when the first `length` bytes hold a NUL: `Buffer#indexOf` (memchr) over a view of them, several times faster
 * than `Uint8Array#includes` on the 8 KiB every file is sniffed for.
 */
function hasNul(bytes: Uint8Array, length: number): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(length, bytes.byteLength)).indexOf(0) >= 0;
}

/** False once the bytes so far hold a NUL in the sniffed head or invalid UTF-8. */
function textSoFar(decoder: TextDecoder, chunk: Uint8Array, offset: number): boolean {
  if (offset < SNIFF && hasNul(chunk, SNIFF - offset)) return false;
  try {
    decoder.decode(chunk, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** False when the file ends inside a UTF-8 sequence. */
function flushes(decoder: TextDecoder): boolean {
  try {
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}
