/**
 * `readEvolutionLog`: the evolution history read back, newest commit first,
 * each with the facts its message carries. What `satchel history` prints,
 * and what an app shows a person (never the model).
 * @module
 */
import { SkillError } from '../../format/errors.js';
import { readTrailers } from './commit-message.js';
import { EVOLUTION_BRANCH, headCommit, loadGit, type GitFs, type GitSource } from './git-module.js';
import type { EvolutionLogEntry } from './types.js';

/** Options of {@link readEvolutionLog}. */
export interface ReadEvolutionLogOptions {
  /** The file system the repository lives in. */
  readonly fs: GitFs;
  /** The repository's folder (`<artifactRoot>/evolution`, or a `gitMirror`'s `dir`). */
  readonly dir: string;
  /** At most this many commits, newest first (default: all). */
  readonly limit?: number;
  /** isomorphic-git, when the app loads it its own way. */
  readonly git?: GitSource;
}

/**
 * The commits of an evolution repository, newest first; none when it has no commit yet.
 *
 * @example
 * ```ts
 * const log = await readEvolutionLog({ fs, dir: '/evolution', limit: 20 })
 * for (const c of log) console.log(c.at, c.subject)   // 2026-12-01T10:00:00.000Z put invoice-export r2 by agent, approved by user:ann
 * ```
 */
export async function readEvolutionLog(options: ReadEvolutionLogOptions): Promise<EvolutionLogEntry[]> {
  const { fs, dir, limit } = options;
  if (limit !== undefined && !(Number.isSafeInteger(limit) && limit >= 1)) {
    throw new SkillError('INVALID_INPUT', `\`limit\` is a whole number from 1, not ${String(limit)}.`);
  }
  const git = await loadGit(options.git);
  if ((await headCommit(git, fs, dir)) === undefined) return [];
  const commits = await git.log({ fs, gitdir: dir, ref: EVOLUTION_BRANCH, ...(limit === undefined ? {} : { depth: limit }) });
  return commits.map(({ oid, commit }) => {
    const message = commit.message;
    // The exact time the store accepted it; a commit of another hand has only its author date (whole seconds).
    const accepted = /^Accepted-At: (\S+)$/m.exec(message)?.[1];
    return {
      oid,
      subject: message.split('\n')[0] ?? '',
      message,
      at: accepted ?? new Date(commit.author.timestamp * 1000).toISOString(),
      author: commit.author.name,
      ...readTrailers(message),
    };
  });
}
