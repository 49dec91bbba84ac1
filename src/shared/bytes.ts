/**
 * Byte arrays read in chunks (a file, an HTTP body, an inflated stream) joined into one.
 * @module
 */

/**
 * The chunks joined into one array of `total` bytes (the sum of their lengths). A single chunk of that length is
 * returned as it is, without a copy: callers hand over chunks they own.
 */
export function concatBytes(chunks: readonly Uint8Array[], total: number): Uint8Array {
  const only = chunks.length === 1 ? chunks[0] : undefined;
  if (only?.byteLength === total) return only;
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}
