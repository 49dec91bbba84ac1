/**
 * Reading a `.zip` skill archive. The central directory is read here, so
 * each entry's name, declared size and Unix file type (a symbolic link is
 * refused) are known before any data is touched; each file is then inflated
 * by fflate's streaming decoder, bounded by its declared size.
 * @module
 */
import { SkillError } from '../../format/errors.js';
import { checkDeclared, type UnpackLimits, type DeclaredEntry, type UnpackedFiles } from './declared.js';
import { inflateBounded } from './inflate.js';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const decoder = new TextDecoder();

interface ZipEntry extends DeclaredEntry {
  readonly method: number;
  readonly compressedSize: number;
  readonly localOffset: number;
}

/** The files of a zip; see `unpackArtifact`. */
export function readZip(bytes: Uint8Array, limits: UnpackLimits, what: string): UnpackedFiles {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const broken = (why: string): SkillError => new SkillError('INVALID_ARCHIVE', `${what} is not a readable zip: ${why}.`);
  const entries = directory(view, broken);
  const paths = checkDeclared(entries, limits, what);
  const files: UnpackedFiles = new Map();
  entries.forEach((entry, i) => {
    const path = paths[i];
    if (path !== undefined) files.set(path, entryData(bytes, view, entry, broken, `${what} (${path})`));
  });
  return files;
}

/** The central directory's entries; `broken` for anything this reader does not follow (zip64, encryption). */
function directory(view: DataView, broken: (why: string) => SkillError): ZipEntry[] {
  const end = findEnd(view);
  if (end < 0) throw broken('no end-of-directory record');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > view.byteLength || view.getUint32(at, true) !== DIRECTORY_ENTRY) throw broken('a directory entry is missing');
    const flags = view.getUint16(at + 8, true);
    if ((flags & 1) !== 0) throw broken('an entry is encrypted');
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (at + 46 + skip > view.byteLength) throw broken('a directory entry is cut short');
    const name = decoder.decode(new Uint8Array(view.buffer, view.byteOffset + at + 46, nameLength));
    const size = view.getUint32(at + 24, true);
    const compressedSize = view.getUint32(at + 20, true);
    if (size === 0xffffffff || compressedSize === 0xffffffff) throw broken('zip64 entries are not read');
    const madeOnUnix = view.getUint8(at + 5) === 3;
    const mode = madeOnUnix ? view.getUint32(at + 38, true) >>> 16 : 0;
    entries.push({ name, kind: kindOf(name, mode), size, method: view.getUint16(at + 10, true), compressedSize, localOffset: view.getUint32(at + 42, true) });
    at += 46 + skip;
  }
  return entries;
}

/** Offset of the end-of-directory record, searched backwards over a possible comment; -1 when absent. */
function findEnd(view: DataView): number {
  for (let at = view.byteLength - 22; at >= 0 && at >= view.byteLength - 22 - 0xffff; at--) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) return at;
  }
  return -1;
}

/** File type bits of a Unix mode: folder, link, regular file; anything else (a device, a FIFO) is `other`. */
function kindOf(name: string, mode: number): DeclaredEntry['kind'] {
  const type = mode & 0o170000;
  if (type === 0o120000) return 'link';
  if (name.endsWith('/') || type === 0o040000) return 'folder';
  return type === 0 || type === 0o100000 ? 'file' : 'other';
}

/** One file's bytes, stored or deflated, never more than its declared size. */
function entryData(bytes: Uint8Array, view: DataView, entry: ZipEntry, broken: (why: string) => SkillError, what: string): Uint8Array {
  const at = entry.localOffset;
  if (at + 30 > view.byteLength || view.getUint32(at, true) !== LOCAL_HEADER) throw broken(`the local header of ${entry.name} is missing`);
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.compressedSize > bytes.byteLength) throw broken(`the data of ${entry.name} is cut short`);
  const raw = bytes.subarray(start, start + entry.compressedSize);
  let data: Uint8Array;
  if (entry.method === 0) data = raw.slice();
  else if (entry.method === 8) data = inflateBounded(raw, 'deflate', entry.size, what);
  else throw broken(`${entry.name} uses compression method ${entry.method}; only stored and deflate are read`);
  if (data.byteLength !== entry.size) throw broken(`${entry.name} is not the size its header declares`);
  return data;
}
