/**
 * isomorphic-git, loaded only when a mirror first commits or a log is read,
 * so a store without an evolution history never pulls it into a bundle.
 * @module
 */
import type * as IsoGit from 'isomorphic-git';

/** The part of isomorphic-git the evolution history uses. */
export type GitModule = Pick<typeof IsoGit, 'init' | 'writeBlob' | 'writeTree' | 'readTree' | 'readCommit' | 'writeCommit' | 'writeRef' | 'resolveRef' | 'log'>;

/**
 * A file system as isomorphic-git takes it: Node's `fs`, or an object with `promises` (or callback) methods `readFile`,
 * `writeFile`, `unlink`, `readdir`, `mkdir`, `rmdir`, `stat`, `lstat` — an IndexedDB file system, OPFS (`opfsGitFs`).
 */
export type GitFs = IsoGit.FsClient;

/** Where isomorphic-git comes from: the package by default, or a module (or a loader of one) the app hands in. */
export type GitSource = GitModule | (() => Promise<GitModule>);

/** The branch every evolution repository commits to. */
export const EVOLUTION_BRANCH = 'refs/heads/main';

/** The module, loading the package on first use. */
export async function loadGit(source: GitSource | undefined): Promise<GitModule> {
  if (typeof source === 'function') return source();
  if (source !== undefined) return source;
  const loaded = (await import('isomorphic-git')) as typeof IsoGit & { default?: typeof IsoGit };
  // Node reads the package's CommonJS build, whose functions may sit on `default` only.
  return typeof loaded.writeCommit === 'function' ? loaded : (loaded.default as typeof IsoGit);
}

/** The head commit of the branch, or `undefined` in a repository with no commit yet. */
export async function headCommit(git: GitModule, fs: GitFs, gitdir: string): Promise<string | undefined> {
  try {
    return await git.resolveRef({ fs, gitdir, ref: EVOLUTION_BRANCH });
  } catch (e) {
    if ((e as { code?: unknown }).code === 'NotFoundError') return undefined;
    throw e;
  }
}
