/**
 * `publishedPluginSource`: the published plugins an agent selects
 * (`agent.md`'s `plugins`), loaded exactly as `plugins.lock` pins them —
 * each pinned archive fetched (or taken from the cache by its digest),
 * verified, unpacked and listed as a checked-in plugin is. Isomorphic.
 * @module
 */
import { sourceSafetyOf } from '../inventory.js';
import type { Diagnostic } from '../../format/diagnostics/diagnostic.js';
import type { PluginSelection } from '../../format/agent-plugins.js';
import { assertLimits } from '../../format/types.js';
import { notFound, inMemorySource } from '../inventory.js';
import { pluginListing, type PluginTree } from '../plugin.js';
import { treeOf } from '../plugin-memory.js';
import { joined } from '../remote/listing.js';
import { memoryRemoteCache, tolerantCache } from '../remote/remote-cache.js';
import { trustedOriginsOf, type FetchLike, type FetchPolicy } from '../remote/trusted-fetch.js';
import type { SkillSource, SourceCallOptions, SourceListing } from '../source.js';
import { parsePluginLock } from './lock.js';
import { pinnedPluginFiles, type ArchiveContext, type ArchivePin, type PluginArchiveLimits } from './pinned-archive.js';
import { pinFor, type Pinning } from './pins.js';
import { checkedSelections, LIMIT_NAMES, type PublishedPluginLimits, type PublishedPluginsOptions } from './plugin-options.js';

export type { PublishedPluginLimits, PublishedPluginsOptions } from './plugin-options.js';

const MIB = 1024 * 1024;
const DEFAULT_LIMITS: Required<PublishedPluginLimits> = {
  maxIndexBytes: MIB,
  maxArtifactBytes: 64 * MIB,
  maxFiles: 2000,
  maxFileBytes: 16 * MIB,
  maxTotalBytes: 64 * MIB,
  maxNesting: 12,
};

/**
 * A source over the selected published plugins, each loaded as its lock
 * pins it. `list()` fetches exactly the pinned archives (a cached one by
 * its digest, re-hashed), never an index; each archive's raw bytes must
 * match the pinned digest (else `digest-mismatch`, `DIGEST_MISMATCH` in the
 * message: that plugin is refused, the rest load) and its `plugin.json` the
 * pinned name and version (`plugin-archive`). A selected plugin the lock
 * does not pin is a `plugin-unpinned` error and is never fetched, unless
 * `allowUnpinned`. Naming a `source` trusts that URL's origin for that
 * plugin's archive (add a CDN with `trustedOrigins`). The plugins list as
 * `pluginSource` lists checked-in ones, each under a folder of its name:
 * its skills read its shared folders and `plugin.json` as `../../…`.
 *
 * @throws {SkillError} `INVALID_INPUT` for a malformed lock, selection, origin or limit.
 * @example
 * ```ts
 * const source = publishedPluginSource({
 *   selected: [{ name: 'corporate-finance', source: 'https://acme.example/.well-known/agent-skills/index.json', version: '^1.2.0' }],
 *   lock: lockText,                      // plugins.lock
 * })
 * const loader = new SkillLoader({ builtin: source })   // or new SkillLoader({ agentMd, plugins: { lock: lockText } })
 * ```
 */
export function publishedPluginSource(options: PublishedPluginsOptions): SkillSource {
  const name = options.name ?? 'plugins:published';
  assertLimits(options.limits, LIMIT_NAMES, 'publishedPluginSource');
  const selected = checkedSelections(options.selected);
  const lock = options.lock === undefined ? undefined : parsePluginLock(options.lock);
  const extra = options.trustedOrigins === undefined || options.trustedOrigins.length === 0 ? [] : [...trustedOriginsOf(options.trustedOrigins)];
  const limits: Required<PublishedPluginLimits> = { ...DEFAULT_LIMITS };
  for (const key of LIMIT_NAMES) limits[key] = options.limits?.[key] ?? DEFAULT_LIMITS[key];
  const cache = tolerantCache(options.cache ?? memoryRemoteCache());
  const fetchFn = options.fetch ?? globalFetch();
  let current: SkillSource | undefined;
  const list = async (call: SourceCallOptions = {}): Promise<SourceListing> => {
    const signal = joined(options.signal, call.signal);
    const policyOf = (selection: PluginSelection): FetchPolicy => ({ fetch: fetchFn, origins: new Set([new URL(selection.source).origin, ...extra]), signal });
    const pinning: Pinning = { lock, allowUnpinned: options.allowUnpinned === true, policyOf, maxIndexBytes: limits.maxIndexBytes, indexes: new Map() };
    const read = await Promise.all(selected.map((s) => loadOne(s, pinning, { policy: policyOf(s), cache, limits: archiveLimits(limits) })));
    const { listing, source } = await listingOf(name, read);
    current = source;
    return listing;
  };
  const provenance = { kind: 'remote' as const, label: [...new Set(selected.map((s) => s.source))].join(', ') };
  return {
    name,
    provenance,
    safety: sourceSafetyOf(options.safety, 'publishedPluginSource'),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    list,
    async read(path: string, call: SourceCallOptions = {}): Promise<Uint8Array> {
      if (!current) await list(call);
      return (current as SkillSource).read(path, call);
    },
  };
}

/** What one selection gave: its files (under its own folder), and what was said about it. */
interface LoadedPlugin {
  readonly name: string;
  readonly files?: ReadonlyMap<string, Uint8Array>;
  readonly diagnostics: readonly Diagnostic[];
}

async function loadOne(selection: PluginSelection, pinning: Pinning, ctx: ArchiveContext): Promise<LoadedPlugin> {
  const pinned = await pinFor(selection, pinning);
  if (!('pin' in pinned)) return { name: selection.name, diagnostics: pinned.diagnostics };
  const files = await pinnedPluginFiles(pinned.pin satisfies ArchivePin, ctx);
  if (!(files instanceof Map)) return { name: selection.name, diagnostics: [...pinned.diagnostics, files] };
  return { name: selection.name, files, diagnostics: pinned.diagnostics };
}

/** The plugins as one listing, each under a folder of its name, with a source that serves their files. */
async function listingOf(name: string, plugins: readonly LoadedPlugin[]): Promise<{ listing: SourceListing; source: SkillSource }> {
  const snapshot = new Map<string, Uint8Array>();
  const trees: PluginTree[] = [];
  for (const plugin of plugins) {
    if (!plugin.files) continue;
    for (const [path, bytes] of plugin.files) snapshot.set(`${plugin.name}/${path}`, bytes);
    const keys = [...plugin.files.keys()].map((path) => `${plugin.name}/${path}`);
    trees.push(await treeOf(snapshot, keys, plugin.name, {}));
  }
  const listing = pluginListing(trees, { readableManifest: true });
  const diagnostics = [...plugins.flatMap((p) => p.diagnostics), ...listing.diagnostics];
  const source = inMemorySource(
    name,
    () => ({ entries: listing.entries, diagnostics }),
    (path) => {
      const bytes = snapshot.get(path);
      if (bytes === undefined) throw notFound(path, name);
      return bytes.slice();
    },
  );
  return { listing: { entries: listing.entries, diagnostics }, source };
}

function archiveLimits(limits: Required<PublishedPluginLimits>): PluginArchiveLimits {
  const { maxArtifactBytes, maxFiles, maxFileBytes, maxTotalBytes, maxNesting } = limits;
  return { maxArtifactBytes, maxFiles, maxFileBytes, maxTotalBytes, maxNesting };
}

/** The selections, checked as `agent.md`'s are read: a list of `{ name, source, version }`, each name once. */

function globalFetch(): FetchLike {
  const f = (globalThis as { fetch?: FetchLike }).fetch;
  if (typeof f !== 'function') return () => Promise.reject(new Error('there is no global fetch here; pass `fetch`'));
  return (input, init) => f.call(globalThis, input, init);
}
