/**
 * Resolving a lock: for each selected plugin, the entry of the lock it
 * already has when that entry still fits the selection and its index still
 * publishes it unchanged, else the highest version its index publishes that
 * satisfies the range. What `satchel lock` writes; environment-free.
 * @module
 */
import type { PluginSelection } from '../../format/agent-plugins.js';
import { isSkillError } from '../../format/errors.js';
import type { FetchLike } from '../remote/trusted-fetch.js';
import type { PluginLock, PluginLockEntry } from './lock.js';
import { staleness } from './pins.js';
import { fetchPluginIndex, publishedVersions, resolveSelection, type PluginIndex } from './plugin-index.js';

/** How one selection was pinned. */
export interface LockedPlugin {
  readonly name: string;
  /** The version pinned now; absent when it could not be resolved (see the problems). */
  readonly version?: string;
  /** The digest pinned now, with `version`. */
  readonly digest?: string;
  /** `kept`: the lock's entry still pins it; `added`: it had none; `changed`: its entry was replaced (why in `reason`). */
  readonly how: 'kept' | 'added' | 'changed' | 'failed';
  /** Why an entry changed or could not be resolved. */
  readonly reason?: string;
}

/** What resolving gave. */
export interface ResolvedLock {
  /** The lock to write: one entry per selection that resolved. */
  readonly lock: PluginLock;
  readonly plugins: readonly LockedPlugin[];
  /** Why a selection could not be pinned (an index that cannot be read, no matching version, a republished version); nothing should be written then. */
  readonly problems: readonly string[];
}

/** Options of {@link resolvePluginLock}. */
export interface ResolveLockOptions {
  /** The Fetch API (default the global `fetch`). */
  readonly fetch?: FetchLike;
  /** Most bytes of one index (default 1 MiB). */
  readonly maxIndexBytes?: number;
  readonly signal?: AbortSignal;
}

/**
 * The lock for `selections`, starting from `previous`: each index is read
 * once (from the selection's own origin only). An entry that still fits is
 * kept — a newer matching version does not replace it; remove the entry to
 * take it — unless its index no longer lists that version (then the highest
 * match is taken) or lists it with another digest (a problem: a version
 * republished, or tampered with, is never re-pinned silently). Entries of
 * plugins no longer selected are dropped.
 */
export async function resolvePluginLock(
  selections: readonly PluginSelection[],
  previous: PluginLock | undefined,
  options: ResolveLockOptions = {},
): Promise<ResolvedLock> {
  const indexes = new Map<string, Promise<PluginIndex>>();
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const indexOf = (source: string): Promise<PluginIndex> => {
    let pending = indexes.get(source);
    if (!pending) {
      const policy = { fetch: fetchFn, origins: new Set([new URL(source).origin]), signal: options.signal };
      pending = fetchPluginIndex(source, policy, options.maxIndexBytes ?? 1024 * 1024);
      indexes.set(source, pending);
    }
    return pending;
  };
  const results = await Promise.all(selections.map((s) => lockOne(s, previous, indexOf)));
  const entries = results.flatMap((r) => (r.entry ? [r.entry] : []));
  return {
    lock: { lockfileVersion: 1, plugins: entries },
    plugins: results.map((r) => r.plugin),
    problems: results.flatMap((r) => (r.problem === undefined ? [] : [r.problem])),
  };
}

interface OneLock {
  readonly plugin: LockedPlugin;
  readonly entry?: PluginLockEntry;
  readonly problem?: string;
}

async function lockOne(selection: PluginSelection, previous: PluginLock | undefined, indexOf: (source: string) => Promise<PluginIndex>): Promise<OneLock> {
  const { name } = selection;
  const failed = (problem: string, entry?: PluginLockEntry): OneLock => ({
    plugin: { name, how: 'failed', reason: problem },
    problem,
    ...(entry ? { entry } : {}),
  });
  const prior = previous?.plugins.find((p) => p.name === name);
  let index: PluginIndex;
  try {
    index = await indexOf(selection.source);
  } catch (e) {
    if (!isSkillError(e) || e.code === 'ABORTED') throw e;
    return failed(`plugin ${name}: its index ${selection.source} could not be read (${e.code}): ${e.message}`, prior);
  }
  const stale = prior === undefined ? undefined : staleness(selection, previous);
  if (prior !== undefined && stale === undefined) {
    const listed = index.plugins.find((p) => p.name === name && p.version === prior.version);
    if (listed !== undefined && listed.digest !== prior.digest)
      return failed(
        `plugin ${name}@${prior.version}: ${selection.source} now publishes digest ${listed.digest}, but plugins.lock pins ${prior.digest}; a published version must not change (republished, or tampered with). The lock is left as it is.`,
        prior,
      );
    if (listed !== undefined && listed.url === prior.url) return { plugin: { name, version: prior.version, digest: prior.digest, how: 'kept' }, entry: prior };
    // The same bytes at another URL: the pin keeps its version and digest, and follows the archive.
    if (listed !== undefined) {
      const reason = `${name}@${prior.version} moved from ${prior.url} to ${listed.url} (the same digest)`;
      return { plugin: { name, version: prior.version, digest: prior.digest, how: 'changed', reason }, entry: { ...prior, url: listed.url } };
    }
  }
  const found = resolveSelection(selection, index.plugins);
  if (found === undefined) {
    const versions = publishedVersions(name, index.plugins);
    const has = versions.length === 0 ? 'publishes no version of it' : `publishes ${versions.join(', ')}`;
    return failed(`plugin ${name}: ${selection.source} ${has}; none satisfies ${selection.version}`, prior);
  }
  const entry: PluginLockEntry = { name, version: found.version, url: found.url, digest: found.digest, source: selection.source };
  if (prior === undefined) return { plugin: { name, version: found.version, digest: found.digest, how: 'added' }, entry };
  const reason = stale ?? `${selection.source} no longer publishes ${name}@${prior.version} at ${prior.url}`;
  return { plugin: { name, version: found.version, digest: found.digest, how: 'changed', reason }, entry };
}
