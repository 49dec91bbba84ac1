/**
 * Inflation with a ceiling: gzip and raw DEFLATE streams are fed to
 * fflate's streaming decoders in small chunks, and the output is counted as
 * it appears, so a decompression bomb stops at the limit instead of filling
 * memory first.
 * @module
 */
import { Gunzip, Inflate } from 'fflate';
import { isSkillError, SkillError } from '../../format/errors.js';
import { concatBytes } from '../../shared/bytes.js';

/** Compressed bytes fed per step: one step can inflate to at most ~1 MiB past the limit check. */
const CHUNK = 1024;

/**
 * The inflated bytes of `data`, a gzip member or a raw DEFLATE stream.
 * Throws `LIMIT_EXCEEDED` as soon as the output passes `maxBytes`, and
 * `INVALID_ARCHIVE` when the stream is corrupt or truncated.
 */
export function inflateBounded(data: Uint8Array, format: 'gzip' | 'deflate', maxBytes: number, what: string): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let over: SkillError | undefined;
  const onData = (chunk: Uint8Array): void => {
    total += chunk.byteLength;
    if (total > maxBytes) {
      over ??= new SkillError('LIMIT_EXCEEDED', `${what} inflates to more than ${maxBytes} bytes; it is refused.`);
      throw over;
    }
    chunks.push(chunk.slice()); // fflate may reuse its output buffer
  };
  let ended = false;
  const stream =
    format === 'gzip'
      ? new Gunzip((chunk, final) => {
          onData(chunk);
          ended ||= final;
        })
      : new Inflate((chunk, final) => {
          onData(chunk);
          ended ||= final;
        });
  try {
    if (data.byteLength === 0) stream.push(data, true);
    for (let at = 0; at < data.byteLength && over === undefined; at += CHUNK) stream.push(data.subarray(at, at + CHUNK), at + CHUNK >= data.byteLength);
  } catch (e) {
    if (over) throw over;
    if (isSkillError(e)) throw e;
    throw new SkillError('INVALID_ARCHIVE', `${what} cannot be inflated: ${e instanceof Error ? e.message : String(e)}.`, { cause: e });
  }
  if (!ended) throw new SkillError('INVALID_ARCHIVE', `${what} ends before its compressed stream does.`);
  return concatBytes(chunks, total);
}
