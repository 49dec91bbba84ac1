/**
 * `gitMirror`: a store's accepted changes committed to a Git repository
 * with isomorphic-git, over any file system it takes (Node's `fs`, an
 * IndexedDB file system, OPFS). One commit per change, one at a time, in
 * the order the store accepted them; a failure is reported, never retried
 * into a later commit and never felt by the write that was accepted.
 * @module
 */
import { SkillError } from '../../format/errors.js';
import { authorOf, commitMessage, COMMITTER } from './commit-message.js';
import { EVOLUTION_BRANCH, headCommit, loadGit, type GitFs, type GitSource } from './git-module.js';
import { emptyTree, replaceAt, writeSkillTree, type Repo } from './git-tree.js';
import { skillFolder } from './repo-paths.js';
import type { EvolutionChange, EvolutionMirror } from './types.js';

/** Options of {@link gitMirror}. */
export interface GitMirrorOptions {
  /** The file system the repository lives in, as isomorphic-git takes it. */
  readonly fs: GitFs;
  /** The repository's folder in `fs`, e.g. `/evolution`: a bare repository (the folder is its Git directory), made on the first commit. */
  readonly dir: string;
  /** isomorphic-git, for an app that loads it its own way (default: `import('isomorphic-git')` on the first commit). */
  readonly git?: GitSource;
}

/**
 * A mirror of a store's evolution history in the Git repository at `dir` of `fs`. Pass it as a store's `evolution`
 * option; every accepted change (and none pending approval) becomes one commit whose tree holds each skill as its
 * folder (`<namespace…>/<name>/SKILL.md` and its files) and whose message names the skill, the revision, who wrote it
 * and the approval. Nothing is loaded or written before the first change.
 *
 * @example
 * ```ts
 * import { createMemoryStore, gitMirror } from 'satchel/store'
 * const evolution = gitMirror({ fs: browserFs, dir: '/evolution' })
 * const store = createMemoryStore({ evolution })
 * await store.put(['acme', 'ann', 'skills'], skillMdText)
 * await evolution.settled()                       // the commit is in
 * ```
 */
export function gitMirror(options: GitMirrorOptions): EvolutionMirror {
  const { fs, dir, git } = checkOptions(options);
  let repo: Promise<Repo> | undefined;
  const queue = queueOf(fs, dir);
  const open = (): Promise<Repo> =>
    (repo ??= openRepo(fs, dir, git).catch((e: unknown) => {
      // Opened again by the next change: a file system that failed once may work then.
      repo = undefined;
      throw e;
    }));
  return {
    record(change, onFailure) {
      queue.tail = queue.tail.then(async () => {
        try {
          await exclusive(dir, async () => commitChange(await open(), change));
        } catch (e) {
          reportSafely(onFailure, failure(change, e, dir));
        }
      });
    },
    async settled() {
      let seen: Promise<void>;
      do {
        seen = queue.tail;
        await seen;
      } while (seen !== queue.tail);
    },
  };
}

/** The commits waiting for one repository: mirrors of the same folder of the same file system (two stores of a process) share it. */
interface Queue {
  tail: Promise<void>;
}

const queues = new WeakMap<object, Map<string, Queue>>();

function queueOf(fs: GitFs, dir: string): Queue {
  const byDir = queues.get(fs) ?? new Map<string, Queue>();
  queues.set(fs, byDir);
  const queue = byDir.get(dir) ?? { tail: Promise.resolve() };
  byDir.set(dir, queue);
  return queue;
}

function checkOptions(options: GitMirrorOptions): GitMirrorOptions {
  if (typeof options !== 'object' || options === null || typeof options.fs !== 'object' || options.fs === null) {
    throw new SkillError('INVALID_INPUT', 'gitMirror needs `{ fs, dir }`: a file system as isomorphic-git takes it, and the repository folder in it.');
  }
  if (typeof options.dir !== 'string' || options.dir === '')
    throw new SkillError('INVALID_INPUT', "gitMirror's `dir` is the repository folder, a non-empty text.");
  return options;
}

async function openRepo(fs: GitFs, dir: string, source: GitSource | undefined): Promise<Repo> {
  const git = await loadGit(source);
  // A no-op when the repository is there (isomorphic-git keeps an existing config).
  await git.init({ fs, dir, bare: true, defaultBranch: 'main' });
  return { git, fs, gitdir: dir };
}

/** Commits one change on the branch: the skill's folder replaced (or removed by a purge) in the head's tree. */
async function commitChange(repo: Repo, change: EvolutionChange): Promise<string> {
  const { git, fs, gitdir } = repo;
  const parent = await headCommit(git, fs, gitdir);
  const root = parent === undefined ? undefined : (await git.readCommit({ fs, gitdir, oid: parent })).commit.tree;
  const skill = change.state === 'purged' ? undefined : await writeSkillTree(repo, change.files, change.name);
  const tree = (await replaceAt(repo, root, skillFolder(change.namespace, change.name), skill)) ?? (await emptyTree(repo));
  const now = Math.floor(Date.now() / 1000);
  const accepted = Math.floor(Date.parse(change.at) / 1000);
  const oid = await git.writeCommit({
    fs,
    gitdir,
    commit: {
      message: commitMessage(change),
      tree,
      parent: parent === undefined ? [] : [parent],
      author: { ...authorOf(change.actor), timestamp: Number.isFinite(accepted) ? accepted : now, timezoneOffset: 0 },
      committer: { ...COMMITTER, timestamp: now, timezoneOffset: 0 },
    },
  });
  await git.writeRef({ fs, gitdir, ref: EVOLUTION_BRANCH, value: oid, force: true });
  return oid;
}

interface LockManagerLike {
  request(name: string, job: () => Promise<unknown>): Promise<unknown>;
}

/** Runs `job` holding the repository's Web Lock where there is one (tabs and workers of an origin), so two never commit at once. */
async function exclusive(dir: string, job: () => Promise<unknown>): Promise<void> {
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
  await (locks === undefined ? job() : locks.request(`satchel-evolution:${dir}`, job));
}

/** The failure as the store reports it: what was not committed and why, the repository's folder never named. */
function failure(change: EvolutionChange, cause: unknown, dir: string): SkillError {
  const text = cause instanceof Error ? cause.message : String(cause);
  const why = dir.length > 1 ? text.split(dir).join('<evolution>') : text;
  return new SkillError(
    'HISTORY_FAILED',
    `The evolution history did not record the ${change.action} of "${change.name}" (revision ${change.revision}); the change itself stands: ${why}`,
    { cause },
  );
}

function reportSafely(onFailure: (error: unknown) => void, error: SkillError): void {
  try {
    onFailure(error);
  } catch {
    // A reporter that throws must not stop the commits after it.
  }
}
