/**
 * One folder's entries as the directory source sees them: files, folders,
 * symbolic links (never followed) and special files, with what is never
 * listed skipped and the skill file picked out.
 * @module
 */
import type { Dirent } from 'node:fs';
import { lstatSync, readdirSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { pickSkillFile } from '../../sources/inventory.js';
import { kindOf as describe } from './opened-file.js';

/** Entry names never listed or read, even with `includeHidden`: never skill material. */
export const NEVER_LISTED: ReadonlySet<string> = new Set(['.git', '.DS_Store', 'node_modules', '__pycache__']);

/** One folder's entries, sorted, after skipping what is never listed. */
export interface Folder {
  /** Regular files. */
  readonly files: string[];
  /** Subfolders. */
  readonly folders: string[];
  /** Symbolic links: never followed, always reported. */
  readonly links: string[];
  /** Sockets, FIFOs, devices: never opened; `kind` says which (`a FIFO`, …). */
  readonly special: { readonly name: string; readonly kind: string }[];
  /** Hidden folders skipped (reported as `hidden-skipped`). */
  readonly hidden: string[];
  /**
   * The skill file (`SKILL.md` first, else a case variant), if any: among
   * `files` and `links`, else among `special` and `folders`, so a skill
   * whose SKILL.md is a FIFO or a folder is reported, not silently dropped.
   */
  readonly skillFile: string | undefined;
  /** What the skill file is: `file`, `link`, or (anything else) how to name it in a message (`a FIFO`, `a folder`, …). */
  readonly skillFileKind: string | undefined;
}

/**
 * The absolute path of `rel` (names the listing read, `/`-separated: never empty, `.` or `..`) under the real,
 * normalised `root`: what `join(root, rel)` gives, without normalising it again where the separator is `/` (thousands
 * of files per load).
 */
export function pathUnder(root: string, rel: string): string {
  if (sep !== '/') return join(root, rel);
  if (rel === '') return root;
  return root.endsWith('/') ? root + rel : `${root}/${rel}`;
}

/** Reads and classifies the folder `rel` under `root`; rejects as `readdir` does. */
export async function readFolder(root: string, rel: string, includeHidden: boolean): Promise<Folder> {
  const abs = join(root, rel);
  return classifyFolder(abs, await readdir(abs, { withFileTypes: true }), includeHidden);
}

/** {@link readFolder}, synchronously (no thread-pool round trip), for a real, normalised `root` (see {@link pathUnder}); throws as `readdirSync` does. */
export function readFolderSync(root: string, rel: string, includeHidden: boolean): Folder {
  const abs = pathUnder(root, rel);
  return classifyFolder(abs, readdirSync(abs, { withFileTypes: true }), includeHidden);
}

/**
 * Sorts and classifies the entries of the folder at `abs`. Hidden entries
 * are skipped unless `includeHidden`; hidden folders are kept in `hidden`
 * so they can be reported.
 */
export function classifyFolder(abs: string, dirents: Dirent[], includeHidden: boolean): Folder {
  const folder = {
    files: [] as string[],
    folders: [] as string[],
    links: [] as string[],
    special: [] as { name: string; kind: string }[],
    hidden: [] as string[],
  };
  for (const d of dirents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (NEVER_LISTED.has(d.name)) continue;
    const kind = kindOf(d, abs);
    if (d.name.startsWith('.') && !includeHidden) {
      if (kind === 'folder') folder.hidden.push(d.name);
      continue;
    }
    if (typeof kind === 'object') folder.special.push({ name: d.name, kind: kind.special });
    else (kind === 'file' ? folder.files : kind === 'folder' ? folder.folders : folder.links).push(d.name);
  }
  return { ...folder, ...skillFileOf(folder) };
}

/** The skill file and what it is: a regular file or link if there is one, else whatever else bears the name. */
function skillFileOf(folder: {
  files: string[];
  folders: string[];
  links: string[];
  special: { name: string; kind: string }[];
}): Pick<Folder, 'skillFile' | 'skillFileKind'> {
  // The usual case, decided without building the lists below: a regular `SKILL.md` (names are unique in a folder).
  if (folder.files.includes('SKILL.md')) return { skillFile: 'SKILL.md', skillFileKind: 'file' };
  const regular = pickSkillFile([...folder.files, ...folder.links]);
  if (regular !== undefined) return { skillFile: regular, skillFileKind: folder.links.includes(regular) ? 'link' : 'file' };
  const odd = pickSkillFile([...folder.special.map((s) => s.name), ...folder.folders]);
  if (odd === undefined) return { skillFile: undefined, skillFileKind: undefined };
  return { skillFile: odd, skillFileKind: folder.special.find((s) => s.name === odd)?.kind ?? 'a folder' };
}

/**
 * What the entry `d` of the folder at `folder` is, without following it; `lstat` only when the file system did not
 * say (rare: file systems without entry types), synchronously, as it asks about one entry.
 */
function kindOf(d: Dirent, folder: string): 'file' | 'folder' | 'link' | { special: string } {
  if (d.isSymbolicLink()) return 'link';
  if (d.isFile()) return 'file';
  if (d.isDirectory()) return 'folder';
  if (d.isFIFO() || d.isSocket() || d.isCharacterDevice() || d.isBlockDevice()) return { special: describe(d) };
  const info = lstatOrNothing(join(folder, d.name));
  return info?.isSymbolicLink() ? 'link' : info?.isFile() ? 'file' : info?.isDirectory() ? 'folder' : { special: info ? describe(info) : 'not a regular file' };
}

function lstatOrNothing(abs: string): ReturnType<typeof lstatSync> | undefined {
  try {
    return lstatSync(abs);
  } catch {
    return undefined;
  }
}
