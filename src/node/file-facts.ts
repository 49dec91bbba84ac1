/**
 * File facts for the directory source: size, text or binary, and a
 * `sha256:` digest computed with `node:crypto` while streaming the file,
 * so contents are not kept (51 MB of corpus resources hash at native speed).
 * @module
 */
import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { SkillError } from '../format/errors.js';

/** Size, text flag and digest of a file; `bytes` when its contents were asked for. */
export interface FileFacts {
  readonly size: number;
  readonly text: boolean;
  readonly digest: string;
  readonly bytes?: Uint8Array;
}

const CHUNK = 64 * 1024;
const SNIFF = 8 * 1024;
// Not on Windows: there the realpath and lstat checks of the walk still refuse links.
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
// A FIFO put where a file was listed would block a plain open until a writer came; this open returns, and is refused.
const NO_BLOCK = constants.O_NONBLOCK ?? 0;

/**
 * Opens a regular file for reading without following a symbolic link in
 * its last path component, and without blocking on a FIFO.
 *
 * @throws {SkillError} `UNSAFE_PATH` for a symbolic link or anything but a regular file.
 */
export async function openRegular(abs: string, shown: string): Promise<{ handle: FileHandle; size: number }> {
  let handle: FileHandle;
  try {
    handle = await open(abs, constants.O_RDONLY | NO_FOLLOW | NO_BLOCK);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOOP') throw new SkillError('UNSAFE_PATH', `\`${shown}\` is a symbolic link; links are never followed.`, { path: shown, cause: e });
    throw e;
  }
  const info = await handle.stat();
  if (!info.isFile()) {
    await handle.close();
    throw new SkillError('UNSAFE_PATH', `\`${shown}\` is not a regular file.`, { path: shown });
  }
  return { handle, size: info.size };
}

/** Reads a whole file of known size through an open handle. */
export async function readAll(handle: FileHandle, size: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(size);
  let at = 0;
  while (at < size) {
    const { bytesRead } = await handle.read(bytes, at, size - at, at);
    if (bytesRead === 0) break; // The file shrank while read: keep what is there.
    at += bytesRead;
  }
  return at === size ? bytes : bytes.slice(0, at);
}

/**
 * Streams a file once: hashes it, and decides text or binary the way
 * `isTextBytes` does (no NUL in the first 8 KiB, valid UTF-8 throughout),
 * so every source gives the same flag. Reads `expected` bytes (the size
 * `fstat` gave; a file that shrank ends early). Keeps the bytes only when `keep`.
 */
export async function factsOf(handle: FileHandle, expected: number, keep: boolean): Promise<FileFacts> {
  const hash = createHash('sha256');
  if (expected <= CHUNK) return smallFacts(handle, expected, keep, hash);
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  const kept: Uint8Array[] = [];
  const buffer = new Uint8Array(CHUNK);
  let size = 0;
  let text = true;
  // Stops at the size `fstat` gave, saving the read that would only find the end of the file.
  while (size < expected) {
    const { bytesRead } = await handle.read(buffer, 0, CHUNK, size);
    if (bytesRead === 0) break;
    const chunk = buffer.subarray(0, bytesRead);
    hash.update(chunk);
    if (keep) kept.push(chunk.slice());
    if (text) text = textSoFar(decoder, chunk, size);
    size += bytesRead;
  }
  if (text) text = flushes(decoder);
  const facts = { size, text, digest: `sha256:${hash.digest('hex')}` };
  return keep ? { ...facts, bytes: concat(kept, size) } : facts;
}

/**
 * Most resources fit one read: a buffer of their own size (no 64 KiB buffer
 * per file) and `isUtf8`, which checks without building a string.
 */
async function smallFacts(handle: FileHandle, expected: number, keep: boolean, hash: ReturnType<typeof createHash>): Promise<FileFacts> {
  const bytes = await readAll(handle, expected);
  hash.update(bytes);
  const text = !bytes.subarray(0, SNIFF).includes(0) && isUtf8(bytes);
  const facts = { size: bytes.byteLength, text, digest: `sha256:${hash.digest('hex')}` };
  return keep ? { ...facts, bytes } : facts;
}

/** False once the bytes so far hold a NUL in the sniffed head or invalid UTF-8. */
function textSoFar(decoder: TextDecoder, chunk: Uint8Array, offset: number): boolean {
  if (offset < SNIFF && chunk.subarray(0, SNIFF - offset).includes(0)) return false;
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

function concat(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
