/**
 * Unpacking a verified skill archive (`.tar.gz` or `.zip`) into files held
 * in memory; the readers of both kinds share the checks in `declared.ts`.
 * @module
 */
import { SkillError } from '../../format/errors.js';
import type { UnpackLimits, UnpackedFiles } from './declared.js';
import { readTarGz } from './tar.js';
import { readZip } from './zip.js';

export type { UnpackLimits, UnpackedFiles } from './declared.js';

/**
 * Unpacks `bytes` (already digest-verified), telling a gzip'd tar from a zip
 * by their magic bytes. Throws `UNSAFE_PATH`, `LIMIT_EXCEEDED` or `INVALID_ARCHIVE`.
 */
export function unpackArtifact(bytes: Uint8Array, limits: UnpackLimits, what: string): UnpackedFiles {
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return readTarGz(bytes, limits, what);
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return readZip(bytes, limits, what);
  throw new SkillError('INVALID_ARCHIVE', `${what} is neither a .tar.gz nor a .zip archive.`);
}
