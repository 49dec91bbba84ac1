/**
 * `resources/read` of a file a listed entry names: its bytes as the entry
 * promised them, as `text` when they are UTF-8 that encodes back to the
 * very same bytes (so a host's digest of the text is the entry's), else as
 * a base64 `blob`. A SKILL.md changed since its entry was built is refused
 * (`DIGEST_MISMATCH`, `-32602`) and its entry built again, so `skills/get`
 * then gives the current one.
 * @module
 */
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { SkillError } from '../../format/errors.js';
import { bytesToBase64 } from '../../shared/base64.js';
import { contentTypeOf } from '../../shared/content-type.js';
import { sha256Digest } from '../../shared/hash.js';
import { decodeUtf8 } from '../../shared/text.js';
import { resourceBytes, skillFileBytes, type FileReads } from './file-bytes.js';
import type { LocatedFile, ServedEntries } from './served.js';

/**
 * The contents of `uri` when a listed entry lists it, once `allowed` (which throws when the grants do not allow reads)
 * passed; `undefined` for any other URI (the `skill://<name>/<path>` form reads it).
 */
export async function readListedFile(served: ServedEntries, reads: FileReads, uri: string, allowed: () => void): Promise<ReadResourceResult | undefined> {
  const located = await served.locate(uri);
  if (located === undefined) return undefined;
  allowed();
  const { bytes, mimeType } = await bytesOf(served, reads, located);
  const text = decodeUtf8(bytes);
  const exact = text !== undefined && new TextEncoder().encode(text).byteLength === bytes.byteLength;
  return { contents: [exact ? { uri, mimeType, text } : { uri, mimeType, blob: bytesToBase64(bytes) }] };
}

async function bytesOf(served: ServedEntries, reads: FileReads, { built, listed }: LocatedFile): Promise<{ bytes: Uint8Array; mimeType: string }> {
  if (!listed.skillFile) return { bytes: await resourceBytes(built.skill, listed.file, reads), mimeType: contentTypeOf(listed.file.path, listed.file.isText) };
  const bytes = await skillFileBytes(built.skill, reads);
  if (sha256Digest(bytes) !== listed.digest) {
    served.forget(built.skill);
    throw new SkillError('DIGEST_MISMATCH', `The SKILL.md of skill "${built.skill.name}" changed since it was listed; get its entry again.`, {
      path: 'SKILL.md',
    });
  }
  return { bytes, mimeType: 'text/markdown' };
}
