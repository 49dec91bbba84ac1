/**
 * The options of the published plugins (`new SkillLoader({ plugins })`, `publishedPluginSource`) and their checks,
 * shared by the source and the loader's deferred one.
 * @module
 */
import type { SourceSafety } from '../source.js';
import { readPluginSelections, type PluginSelection } from '../../format/agent-plugins.js';
import { SkillError } from '../../format/errors.js';
import type { RemoteCache } from '../remote/remote-cache.js';
import type { FetchLike } from '../remote/trusted-fetch.js';
import type { PluginLock } from './lock.js';

/** Bounds on what the published plugins download and unpack. */
export interface PublishedPluginLimits {
  /** Most bytes of an index, read only for an unpinned plugin (default 1 MiB). */
  maxIndexBytes?: number;
  /** Most bytes of one archive, compressed (default 64 MiB). */
  maxArtifactBytes?: number;
  /** Most files one plugin unpacks to (default 2,000, the seed's per-plugin bound). */
  maxFiles?: number;
  /** Most bytes of one unpacked file (default 16 MiB; a skill's own files are bounded again by the loader's `maxFileBytes`). */
  maxFileBytes?: number;
  /** Most bytes one plugin unpacks to (default 64 MiB, the seed's per-plugin bound). */
  maxTotalBytes?: number;
  /** Deepest nesting of a file inside a plugin (default 12). */
  maxNesting?: number;
}

/** The published plugins of a loader (`new SkillLoader({ plugins })`), or of {@link publishedPluginSource}. */
export interface PublishedPluginsOptions {
  /** The selected plugins, `{ name, source, version }` each; a loader given `agentMd` takes its `plugins` list by default. */
  selected?: readonly PluginSelection[];
  /** `plugins.lock`: its text or bytes, or the lock as `parsePluginLock` reads it. A selected plugin it does not pin is not loaded. */
  lock?: PluginLock | string | Uint8Array;
  /**
   * Load a selected plugin the lock does not pin (or pins for another source or a version outside the range) by
   * resolving it from its index: the highest version satisfying the range, verified by the index's digest, with a
   * `plugin-resolved` warning. Default false: such a plugin is a `plugin-unpinned` error and nothing is fetched for it.
   */
  allowUnpinned?: boolean;
  /** Origins besides each selection's own `source` origin that a pinned archive may be fetched from (a CDN). */
  trustedOrigins?: readonly string[];
  /** The Fetch API to use (default the global `fetch`). */
  fetch?: FetchLike;
  /** Where verified archives are kept, by digest (default: in memory, for the source's life): a pinned plugin in it loads offline. */
  cache?: RemoteCache;
  /** Cancels every request. */
  signal?: AbortSignal;
  /** Download and unpack bounds. */
  limits?: PublishedPluginLimits;
  /** Most milliseconds a loader waits for one `list()` (every archive) or `read()`; overrides its `sourceTimeoutMs`. */
  timeoutMs?: number;
  /** Name shown in diagnostics (default `plugins:published`). */
  name?: string;
  /** The safety gate on the plugins' skills, as `remoteSource` takes it (default `'warn'`). */
  safety?: SourceSafety;
}

/** The limits of {@link PublishedPluginsOptions}. */
export const LIMIT_NAMES = ['maxIndexBytes', 'maxArtifactBytes', 'maxFiles', 'maxFileBytes', 'maxTotalBytes', 'maxNesting'] as const;

/** The selections, checked: `INVALID_INPUT` naming what is wrong. */
export function checkedSelections(given: readonly PluginSelection[] | undefined): readonly PluginSelection[] {
  const read = readPluginSelections(given);
  if ('problem' in read) throw new SkillError('INVALID_INPUT', `publishedPluginSource: ${read.problem}`);
  return read.selections;
}
