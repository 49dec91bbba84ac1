/**
 * Which archive a selected plugin loads: the one its `plugins.lock` entry
 * pins, when that entry still fits the selection (the same `source`, a
 * version inside the range); otherwise none (`plugin-unpinned`), or — when
 * the app allows unpinned plugins — the highest matching version its index
 * publishes (`plugin-resolved`).
 * @module
 */
import type { Diagnostic } from '../../format/diagnostics/diagnostic.js';
import type { PluginSelection } from '../../format/agent-plugins.js';
import { isSkillError } from '../../format/errors.js';
import { parseRange, parseVersion, satisfies } from '../../shared/semver.js';
import { sourceDiagnostic } from '../inventory.js';
import type { FetchPolicy } from '../remote/trusted-fetch.js';
import type { PluginLock } from './lock.js';
import type { ArchivePin } from './pinned-archive.js';
import { fetchPluginIndex, publishedVersions, resolveSelection, type PluginIndex } from './plugin-index.js';

/** What choosing the archives of one listing needs. */
export interface Pinning {
  readonly lock: PluginLock | undefined;
  readonly allowUnpinned: boolean;
  readonly policyOf: (selection: PluginSelection) => FetchPolicy;
  readonly maxIndexBytes: number;
  /** The indexes read in this listing, by URL: several plugins of one index read it once. */
  readonly indexes: Map<string, Promise<PluginIndex>>;
}

/** The archive to load for `selection`, or none, with what was said about it. Rejects only with `ABORTED`. */
export async function pinFor(
  selection: PluginSelection,
  pinning: Pinning,
): Promise<{ pin: ArchivePin; diagnostics: Diagnostic[] } | { diagnostics: Diagnostic[] }> {
  const stale = staleness(selection, pinning.lock);
  const entry = pinning.lock?.plugins.find((p) => p.name === selection.name);
  if (stale === undefined && entry !== undefined) return { pin: entry, diagnostics: [] };
  const why = stale ?? `plugins.lock does not pin plugin ${selection.name}`;
  if (!pinning.allowUnpinned) {
    const message = `${why}; it is not loaded, and nothing was fetched for it. Run \`satchel lock <agent.md>\` to pin it.`;
    return { diagnostics: [sourceDiagnostic('plugin-unpinned', message, selection.name)] };
  }
  return resolveUnpinned(selection, why, pinning);
}

/** Why the lock's entry for `selection` no longer pins it, or `undefined` when it does (or there is none). */
export function staleness(selection: PluginSelection, lock: PluginLock | undefined): string | undefined {
  const entry = lock?.plugins.find((p) => p.name === selection.name);
  if (entry === undefined) return undefined;
  if (entry.source !== selection.source)
    return `plugins.lock pins plugin ${selection.name} from ${entry.source}, but agent.md selects it from ${selection.source}`;
  const version = parseVersion(entry.version);
  const range = parseRange(selection.version);
  if (version === undefined || range === undefined || !satisfies(version, range))
    return `plugins.lock pins plugin ${selection.name} at ${entry.version}, outside the selected ${selection.version}`;
  return undefined;
}

async function resolveUnpinned(
  selection: PluginSelection,
  why: string,
  pinning: Pinning,
): Promise<{ pin: ArchivePin; diagnostics: Diagnostic[] } | { diagnostics: Diagnostic[] }> {
  let index = pinning.indexes.get(selection.source);
  if (!index) {
    index = fetchPluginIndex(selection.source, pinning.policyOf(selection), pinning.maxIndexBytes);
    pinning.indexes.set(selection.source, index);
  }
  let read: PluginIndex;
  try {
    read = await index;
  } catch (e) {
    if (!isSkillError(e) || e.code === 'ABORTED') throw e;
    const message = `${why}, and its index could not be read to resolve it (${e.code}): ${e.message}`;
    return { diagnostics: [sourceDiagnostic(e.code === 'UNTRUSTED_ORIGIN' ? 'untrusted-origin' : 'source-error', message, selection.source)] };
  }
  const found = resolveSelection(selection, read.plugins);
  if (found === undefined) {
    const versions = publishedVersions(selection.name, read.plugins);
    const has = versions.length === 0 ? 'publishes no version of it' : `publishes ${versions.join(', ')}`;
    const message = `${why}, and ${selection.source} ${has}: none satisfies ${selection.version}; it is not loaded.`;
    return { diagnostics: [sourceDiagnostic('plugin-unpinned', message, selection.name)] };
  }
  const message = `${why}; ${found.name}@${found.version} was resolved from its index (allowUnpinned) and verified by the index's digest. Pin it with \`satchel lock <agent.md>\`.`;
  return { pin: found, diagnostics: [sourceDiagnostic('plugin-resolved', message, selection.name)] };
}
