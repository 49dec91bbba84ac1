/**
 * Reading a `.tar.gz` skill archive. The gzip layer is inflated with a
 * ceiling; the tar headers are then read here, not by nanotar's parser,
 * because that parser quietly rewrites names (it drops `..` segments and
 * leading slashes) and so would hide exactly what must be refused.
 * @module
 */
import { SkillError } from '../../format/errors.js';
import { checkDeclared, type UnpackLimits, type DeclaredEntry, type UnpackedFiles } from './declared.js';
import { inflateBounded } from './inflate.js';

const BLOCK = 512;
const decoder = new TextDecoder();

interface TarEntry extends DeclaredEntry {
  readonly data: Uint8Array;
}

/** The files of a gzip'd tar; see `unpackArtifact`. */
export function readTarGz(bytes: Uint8Array, limits: UnpackLimits, what: string): UnpackedFiles {
  // Headers and padding take at most two blocks per entry beyond the files' own bytes, plus the end blocks.
  const ceiling = limits.maxTotalBytes + (limits.maxFiles + 16) * 3 * BLOCK + 20 * BLOCK;
  const tar = inflateBounded(bytes, 'gzip', ceiling, what);
  const entries = tarEntries(tar, what);
  const paths = checkDeclared(entries, limits, what);
  const files: UnpackedFiles = new Map();
  entries.forEach((entry, i) => {
    const path = paths[i];
    if (path !== undefined) files.set(path, entry.data.slice());
  });
  return files;
}

/** Every entry of a tar, with pax and GNU long names applied; `INVALID_ARCHIVE` when a header is broken. */
function tarEntries(tar: Uint8Array, what: string): TarEntry[] {
  const entries: TarEntry[] = [];
  let longName: string | undefined;
  let offset = 0;
  for (;;) {
    if (offset + BLOCK > tar.byteLength) throw new SkillError('INVALID_ARCHIVE', `${what} ends inside a tar header.`);
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((b) => b === 0)) return entries;
    if (!checksumHolds(header)) throw new SkillError('INVALID_ARCHIVE', `${what} has a tar header with a wrong checksum.`);
    const size = octal(header.subarray(124, 136));
    const start = offset + BLOCK;
    if (size === undefined || start + size > tar.byteLength) throw new SkillError('INVALID_ARCHIVE', `${what} has a tar entry whose data is cut short.`);
    const data = tar.subarray(start, start + size);
    const type = String.fromCharCode(header[156] ?? 0);
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
    if (type === 'x') longName = paxPath(data) ?? longName;
    else if (type === 'L') longName = cString(data);
    else if (type !== 'g') {
      entries.push({ name: longName ?? headerName(header), kind: kindOf(type), size, data });
      longName = undefined;
    }
  }
}

function kindOf(type: string): DeclaredEntry['kind'] {
  if (type === '0' || type === '\0' || type === '7') return 'file';
  if (type === '5') return 'folder';
  if (type === '1' || type === '2') return 'link';
  return 'other';
}

/** The ustar name: `prefix/name` when a prefix is set. */
function headerName(header: Uint8Array): string {
  const name = cString(header.subarray(0, 100));
  const ustar = cString(header.subarray(257, 262)) === 'ustar';
  const prefix = ustar ? cString(header.subarray(345, 500)) : '';
  return prefix === '' ? name : `${prefix}/${name}`;
}

/** The `path` record of a pax extended header (`<len> path=<value>\n` records). */
function paxPath(data: Uint8Array): string | undefined {
  let path: string | undefined;
  let at = 0;
  while (at < data.byteLength) {
    const space = data.indexOf(0x20, at);
    const length = space < 0 ? NaN : Number(decoder.decode(data.subarray(at, space)));
    if (!Number.isSafeInteger(length) || length <= 0) break;
    const record = decoder.decode(data.subarray(space + 1, at + length - 1));
    if (record.startsWith('path=')) path = record.slice('path='.length);
    at += length;
  }
  return path;
}

function cString(bytes: Uint8Array): string {
  const end = bytes.indexOf(0);
  return decoder.decode(end < 0 ? bytes : bytes.subarray(0, end));
}

/** An octal number field (NUL- or space-terminated); `undefined` when it is not one. */
function octal(field: Uint8Array): number | undefined {
  const text = cString(field).trim();
  return /^[0-7]+$/.test(text) ? Number.parseInt(text, 8) : undefined;
}

/** True when the header's checksum (bytes summed with the checksum field read as spaces) matches. */
function checksumHolds(header: Uint8Array): boolean {
  const stored = octal(header.subarray(148, 156));
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (header[i] ?? 0);
  return stored === sum;
}
