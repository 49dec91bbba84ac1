/**
 * Trees of the evolution repository, written object by object: a skill's
 * folder from its files, and a root tree with one folder replaced (or
 * removed), rewriting only the trees on that folder's path. No working tree
 * or index is involved, so a commit is its objects, then one ref update.
 * @module
 */
import type { TreeEntry } from 'isomorphic-git';
import { SkillError } from '../../format/errors.js';
import { fileSegments } from './repo-paths.js';
import type { GitFs, GitModule } from './git-module.js';

/** The repository a tree is written into. */
export interface Repo {
  readonly git: GitModule;
  readonly fs: GitFs;
  readonly gitdir: string;
}

const FILE_MODE = '100644';
const TREE_MODE = '040000';

/** A folder being built: its files' bytes and its subfolders, by entry name. */
interface Folder {
  readonly files: Map<string, Uint8Array>;
  readonly folders: Map<string, Folder>;
}

const emptyFolder = (): Folder => ({ files: new Map(), folders: new Map() });
const encoder = new TextEncoder();

/** A skill's files as a folder tree; text as UTF-8, bytes as they are. */
function folderOf(files: Readonly<Record<string, string | Uint8Array>>, skill: string): Folder {
  const root = emptyFolder();
  for (const path of Object.keys(files).sort()) {
    const segments = fileSegments(path, skill);
    const file = segments.pop() as string;
    let folder = root;
    for (const s of segments) {
      if (folder.files.has(s)) throw clash(skill, path);
      let sub = folder.folders.get(s);
      if (sub === undefined) folder.folders.set(s, (sub = emptyFolder()));
      folder = sub;
    }
    if (folder.folders.has(file)) throw clash(skill, path);
    const content = files[path] as string | Uint8Array;
    folder.files.set(file, typeof content === 'string' ? encoder.encode(content) : content);
  }
  return root;
}

function clash(skill: string, path: string): SkillError {
  return new SkillError('INVALID_INPUT', `Skill "${skill}" has "${path}" both as a file and as a folder; Git cannot hold both.`, { path });
}

/** Writes `folder` and everything in it; resolves to its tree's id. */
async function writeFolder(repo: Repo, folder: Folder): Promise<string> {
  const { git, fs, gitdir } = repo;
  const tree: TreeEntry[] = [];
  for (const [path, blob] of folder.files) tree.push({ mode: FILE_MODE, path, type: 'blob', oid: await git.writeBlob({ fs, gitdir, blob }) });
  for (const [path, sub] of folder.folders) tree.push({ mode: TREE_MODE, path, type: 'tree', oid: await writeFolder(repo, sub) });
  return git.writeTree({ fs, gitdir, tree });
}

/** The tree of a skill's folder: its files at their paths. */
export function writeSkillTree(repo: Repo, files: Readonly<Record<string, string | Uint8Array>>, skill: string): Promise<string> {
  return writeFolder(repo, folderOf(files, skill));
}

/**
 * The tree `root` with the entry at `path` set to the tree `oid` (or removed when `oid` is undefined). Folders left
 * empty by a removal go too, as Git keeps no empty folder. Resolves to the new tree's id, `undefined` when it is empty.
 */
export async function replaceAt(repo: Repo, root: string | undefined, path: readonly string[], oid: string | undefined): Promise<string | undefined> {
  const [name, ...rest] = path;
  if (name === undefined) return oid;
  const { git, fs, gitdir } = repo;
  const entries = root === undefined ? [] : (await git.readTree({ fs, gitdir, oid: root })).tree;
  const current = entries.find((e) => e.path === name);
  const below = current?.type === 'tree' ? current.oid : undefined;
  const next = await replaceAt(repo, below, rest, oid);
  const kept = entries.filter((e) => e.path !== name);
  if (next !== undefined) kept.push({ mode: TREE_MODE, path: name, type: 'tree', oid: next });
  if (kept.length === 0) return undefined;
  return git.writeTree({ fs, gitdir, tree: kept });
}

/** The id of the empty tree, for a commit after which the repository holds no skill. */
export function emptyTree(repo: Repo): Promise<string> {
  return repo.git.writeTree({ fs: repo.fs, gitdir: repo.gitdir, tree: [] });
}
