/**
 * An agent's files on disk: its `agent.md`, and `plugins.lock` beside it.
 * Read for the Node `SkillLoader`'s `agent` option (once, when the loader
 * is made) and written by `satchel lock`.
 * @module
 */
import { readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parseAgentMd } from '../../format/agent-md.js';
import { SkillError } from '../../format/errors.js';
import { parsePluginLock, PLUGIN_LOCK_FILE, serializePluginLock, type PluginLock } from '../../sources/plugins/lock.js';
import { resolvePluginLock, type LockedPlugin } from '../../sources/plugins/resolve-lock.js';
import type { FetchLike } from '../../sources/remote/trusted-fetch.js';

/** An agent's files as read. */
export interface AgentFiles {
  /** `agent.md`, as the core loader's `agentMd` option takes it. */
  readonly agentMd: { readonly path: string; readonly text: Uint8Array };
  /** Where `plugins.lock` is (beside `agent.md`). */
  readonly lockPath: string;
  /** `plugins.lock` read, or `undefined` when there is none. */
  readonly lock: PluginLock | undefined;
}

/** Reads `agent.md` at `path` (under `cwd`) and the `plugins.lock` beside it, at once. `NOT_FOUND` without the agent.md; `INVALID_INPUT` for a malformed lock. */
export function readAgentFiles(path: string, cwd: string): AgentFiles {
  const absolute = resolve(cwd, path);
  const text = readOrUndefined(absolute, path);
  if (text === undefined) throw new SkillError('NOT_FOUND', `The agent.md at ${path} could not be read: there is no such file.`, { path });
  const lockPath = join(dirname(absolute), PLUGIN_LOCK_FILE);
  const lockText = readOrUndefined(lockPath, lockPath);
  return { agentMd: { path, text }, lockPath, lock: lockText === undefined ? undefined : parsePluginLock(lockText, lockPath) };
}

function readOrUndefined(absolute: string, shown: string): Uint8Array | undefined {
  try {
    return readFileSync(absolute);
  } catch (cause) {
    if ((cause as { code?: unknown }).code === 'ENOENT') return undefined;
    throw new SkillError('SOURCE_FAILED', `${shown} could not be read: ${(cause as Error).message}`, { path: shown, cause });
  }
}

/** Options of {@link lockAgent}. */
export interface LockAgentOptions {
  /** Write nothing; report whether the lock would change (`satchel lock --frozen`). */
  readonly frozen?: boolean;
  /** The Fetch API (default the global `fetch`). */
  readonly fetch?: FetchLike;
}

/** What {@link lockAgent} did. */
export interface AgentLockResult {
  /** Absolute path of `plugins.lock`. */
  readonly lockPath: string;
  /** How each selected plugin was pinned. */
  readonly plugins: readonly LockedPlugin[];
  /** Why a plugin could not be pinned; with any, nothing is written. */
  readonly problems: readonly string[];
  /** True when the lock on disk is not the resolved one (or there is none). */
  readonly changed: boolean;
  /** True when the lock was written. */
  readonly written: boolean;
  /** The lock's text as resolved. */
  readonly text: string;
}

/**
 * Resolves the plugins `agent.md` (at `path`, under `cwd`) selects against
 * their indexes and writes `plugins.lock` beside it when it changed (under
 * a temporary name, then renamed). Nothing is written when a plugin cannot
 * be pinned, nor with `frozen`.
 */
export async function lockAgent(path: string, cwd: string, options: LockAgentOptions = {}): Promise<AgentLockResult> {
  const absolute = resolve(cwd, path);
  const text = await readFile(absolute).catch((cause: unknown) => {
    const missing = (cause as { code?: unknown }).code === 'ENOENT';
    throw new SkillError(missing ? 'NOT_FOUND' : 'SOURCE_FAILED', `The agent.md at ${path} could not be read${missing ? ': there is no such file' : ''}.`, {
      path,
      cause,
    });
  });
  const agent = parseAgentMd(text, { path });
  const lockPath = join(dirname(absolute), PLUGIN_LOCK_FILE);
  const before = await readFile(lockPath, 'utf8').catch((cause: unknown) => {
    if ((cause as { code?: unknown }).code === 'ENOENT') return undefined;
    throw new SkillError('SOURCE_FAILED', `${lockPath} could not be read: ${(cause as Error).message}`, { path: lockPath, cause });
  });
  const previous = before === undefined ? undefined : parsePluginLock(before, lockPath);
  const resolved = await resolvePluginLock(agent.plugins, previous, options.fetch === undefined ? {} : { fetch: options.fetch });
  const after = serializePluginLock(resolved.lock);
  const changed = before !== after;
  const write = changed && options.frozen !== true && resolved.problems.length === 0;
  if (write) {
    const temporary = `${lockPath}.${process.pid}.tmp`;
    await writeFile(temporary, after);
    await rename(temporary, lockPath);
  }
  return { lockPath, plugins: resolved.plugins, problems: resolved.problems, changed, written: write, text: after };
}
