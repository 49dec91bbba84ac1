/**
 * `remoteSource`: an organisation's published skills, read from a discovery
 * index (`/.well-known/agent-skills/index.json`, or the legacy
 * `/.well-known/skills/index.json`), every artifact verified by digest before
 * use and kept in a cache, so the last verified set loads offline.
 * Isomorphic: the global `fetch` (or an injected one), no Node APIs.
 * @module
 */
import type { Diagnostic } from '../../format/diagnostics/diagnostic.js';
import { SkillError, throwIfAborted } from '../../format/errors.js';
import { assertLimits, LOADER_LIMITS, SKILL_SET_LIMITS } from '../../format/types.js';
import { sourceDiagnostic } from '../inventory.js';
import { memorySource } from '../memory.js';
import { joinSourcePath, type SkillSource, type SourceCallOptions, type SourceListing } from '../source.js';
import { readIndexDocument, type RemoteEntry } from './index-document.js';
import { createListingBudget } from './listing-budget.js';
import { manifestBytes, readManifest, type Manifest } from './manifest.js';
import { manifestKey, memoryRemoteCache, tolerantCache, type RemoteCache } from './remote-cache.js';
import { resolveEntry, type ResolveContext, type Resolved } from './resolve.js';
import { assertTrusted, fetchFinal, trustedOriginsOf, type FetchLike, type FetchPolicy } from './trusted-fetch.js';

export type { FetchLike } from './trusted-fetch.js';

/** Bounds on what a remote source downloads and unpacks. */
export interface RemoteSourceLimits {
  /** Most bytes of the index (default 1 MiB). */
  maxIndexBytes?: number;
  /** Most bytes of one downloaded artifact, compressed (default 16 MiB). */
  maxArtifactBytes?: number;
  /** Most files one skill unpacks to, SKILL.md included (default 129). */
  maxFiles?: number;
  /** Most bytes of one unpacked file (default 256 KiB). */
  maxFileBytes?: number;
  /** Most bytes one skill unpacks to (default 16 MiB). */
  maxTotalBytes?: number;
  /** Deepest nesting of a file inside a skill (default 8). */
  maxNesting?: number;
  /**
   * Most bytes one listing downloads and unpacks, every entry together (default 64 MiB); past it the listing is
   * refused with `LIMIT_EXCEEDED` (the loader then leaves this tier out and loads the others).
   */
  maxListingBytes?: number;
  /** Most milliseconds one artifact download may take (default 15,000); a slower one fails its skill, the rest load. */
  artifactTimeoutMs?: number;
  /** Most entries an index may list (default 5,000, the loader's `maxSkills`); more are refused before any artifact is fetched. */
  maxSkills?: number;
}

/** Options of {@link remoteSource}. */
export interface RemoteSourceOptions {
  /** Every origin the source may fetch from, the index's own included; any other URL or redirect target is refused. */
  trustedOrigins: readonly string[];
  /** The Fetch API to use (default the global `fetch`). */
  fetch?: FetchLike;
  /** Where verified artifacts are kept (default: in memory, for this source's life). */
  cache?: RemoteCache;
  /** Cancels every request of this source (each call may pass its own signal as well). */
  signal?: AbortSignal;
  /** Name shown in diagnostics (default `remote:<index URL>`). */
  name?: string;
  /** Download and unpack bounds. */
  limits?: RemoteSourceLimits;
  /**
   * Most milliseconds a loader waits for one `list()` (every download of a listing) or `read()` of this source;
   * overrides the loader's `sourceTimeoutMs` (default 30,000) for a large or slow index.
   */
  timeoutMs?: number;
}

const LIMIT_NAMES = [
  'maxIndexBytes',
  'maxArtifactBytes',
  'maxFiles',
  'maxFileBytes',
  'maxTotalBytes',
  'maxNesting',
  'maxListingBytes',
  'maxSkills',
  'artifactTimeoutMs',
] as const;
type Limits = Required<RemoteSourceLimits>;

/**
 * A source over an organisation's published skills: the loader's org tier
 * (`new SkillLoader({ remote })`). `list()` fetches the index, then each
 * artifact — a `skill-md` file, or a `.tar.gz` / `.zip` archive — from the
 * cache when its digest is there, else from the network; raw bytes are
 * checked against the published digest before anything else reads them. An
 * entry that fails (`digest-mismatch`, `untrusted-origin`, `unsafe-path`,
 * `invalid-archive`, `limit-exceeded`, `source-error`) is skipped with a
 * diagnostic; the rest load. When the index cannot be fetched, the last
 * verified set is rebuilt from the cache (`remote-offline`). `read()` serves
 * the verified files of the last listing.
 *
 * @throws {SkillError} `INVALID_INPUT` for a bad URL, origin or limit; `UNTRUSTED_ORIGIN`
 *   when the index itself is not on a trusted origin.
 * @example
 * ```ts
 * import { SkillLoader, remoteSource } from 'satchel'
 *
 * const remote = remoteSource('https://acme.example/.well-known/agent-skills/index.json', {
 *   trustedOrigins: ['https://acme.example', 'https://cdn.acme.example'],
 * })
 * const loader = new SkillLoader({ builtin, store, remote })
 * await loader.loadAll('acme', 'u1')      // remote skills join the org tier
 * ```
 */
export function remoteSource(indexUrl: string | URL, options: RemoteSourceOptions): SkillSource {
  const index = typeof indexUrl === 'string' && URL.canParse(indexUrl) ? new URL(indexUrl) : indexUrl instanceof URL ? new URL(indexUrl.href) : undefined;
  if (!index) throw new SkillError('INVALID_INPUT', `remoteSource: ${JSON.stringify(String(indexUrl))} is not a URL.`);
  const origins = trustedOriginsOf(options.trustedOrigins);
  assertTrusted(index, origins);
  assertLimits(options.limits, LIMIT_NAMES, 'remoteSource');
  const limits = limitsOf(options.limits);
  const fetchFn = options.fetch ?? globalFetch();
  const cache = tolerantCache(options.cache ?? memoryRemoteCache());
  const name = options.name ?? `remote:${index.href}`;
  let current: SkillSource | undefined;

  // Called directly (not by a loader, which races its own timeout), the source's timeoutMs still holds; running out of
  // time is a failed source (SOURCE_FAILED), not a cancellation, so a loader drops only this tier.
  const list = async (call: SourceCallOptions = {}): Promise<SourceListing> => {
    const deadline = options.timeoutMs !== undefined && Number.isFinite(options.timeoutMs) ? AbortSignal.timeout(options.timeoutMs) : undefined;
    try {
      return await listWithin(joined(joined(options.signal, call.signal), deadline));
    } catch (e) {
      const cancelled = options.signal?.aborted === true || call.signal?.aborted === true;
      if (deadline?.aborted && !cancelled)
        throw new SkillError('SOURCE_FAILED', `Source ${name}: the listing did not finish within timeoutMs (${options.timeoutMs} ms).`, { cause: e });
      throw e;
    }
  };

  const listWithin = async (signal: AbortSignal | undefined): Promise<SourceListing> => {
    const { listing, source } = await listOnce({ index, name, origins, fetchFn, cache, limits }, signal);
    current = source;
    return listing;
  };

  return {
    name,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    list,
    async read(path: string, call: SourceCallOptions = {}): Promise<Uint8Array> {
      if (!current) await list(call);
      return (current as SkillSource).read(path, call);
    },
  };
}

/** What one listing of a remote source reads with. */
interface ListContext {
  readonly index: URL;
  readonly name: string;
  readonly origins: ReadonlySet<string>;
  readonly fetchFn: FetchLike;
  readonly cache: RemoteCache;
  readonly limits: Limits;
}

/** One listing: the index, then every entry within the listing's budget; the memory source that serves its reads. */
async function listOnce(o: ListContext, signal: AbortSignal | undefined): Promise<{ listing: SourceListing; source: SkillSource }> {
  throwIfAborted(signal);
  const { index, name, limits, cache } = o;
  const { manifest, diagnostics, online } = await indexManifest(index, { fetch: o.fetchFn, origins: o.origins, signal }, cache, limits);
  if (manifest.entries.length > limits.maxSkills)
    throw new SkillError(
      'LIMIT_EXCEEDED',
      `Source ${name}: the index lists ${manifest.entries.length} skills, more than maxSkills (${limits.maxSkills}); nothing was fetched.`,
    );
  // A spent budget cancels the downloads still running: the listing is refused anyway.
  const stop = new AbortController();
  const budget = createListingBudget(limits.maxListingBytes, name, () => stop.abort());
  const policy: FetchPolicy = { fetch: o.fetchFn, origins: o.origins, signal: joined(signal, stop.signal) };
  const ctx: ResolveContext = { policy, cache, online, limits, budget, shared: new Map() };
  const results = await inPool(manifest.entries, (entry) => resolveEntry(entry, ctx)).catch((e: unknown) => {
    throw budget.exceeded ?? e;
  });
  throwIfAborted(signal);
  const files: Record<string, Uint8Array> = {};
  const verified: RemoteEntry[] = [];
  for (const result of results) {
    const problem = 'files' in result ? addFiles(files, result, verified) : result;
    if (problem) diagnostics.push(problem);
  }
  if (online) await cache.put(manifestKey(index.href), manifestBytes({ entries: verified, legacy: manifest.legacy }));
  const source = memorySource(files, { name, maxNesting: limits.maxNesting });
  const listed = onlyIndexed(await source.list(), verified);
  return { listing: { entries: listed.entries, diagnostics: [...diagnostics, ...listed.diagnostics] }, source };
}

/** Adds one entry's files under its folder; a diagnostic instead when a file of an earlier entry has the same path. */
function addFiles(files: Record<string, Uint8Array>, resolved: Resolved, verified: RemoteEntry[]): Diagnostic | undefined {
  const { dir, name } = resolved.entry;
  const paths = [...resolved.files.keys()].map((path) => joinSourcePath(dir, path));
  const taken = paths.find((path) => Object.hasOwn(files, path));
  if (taken !== undefined)
    return sourceDiagnostic('remote-index-entry', `Remote skill ${name} is skipped: \`${taken}\` is already a file of an earlier entry.`, name);
  resolved.files.forEach((bytes, path) => (files[joinSourcePath(dir, path)] = bytes));
  verified.push(resolved.entry);
  return undefined;
}

/** The listing without skill folders the index does not list (a SKILL.md nested in an archive), each one a diagnostic. */
function onlyIndexed(listing: SourceListing, verified: readonly RemoteEntry[]): SourceListing {
  const dirs = new Set(verified.map((e) => e.dir));
  const extra = listing.entries.filter((e) => !dirs.has(e.dir));
  if (extra.length === 0) return listing;
  const diagnostics = extra.map((e) =>
    sourceDiagnostic(
      'remote-index-entry',
      `\`${e.path}\` is a skill the index does not list (it came inside another entry's archive); it is not loaded.`,
      e.path,
    ),
  );
  return { entries: listing.entries.filter((e) => dirs.has(e.dir)), diagnostics: [...listing.diagnostics, ...diagnostics] };
}

/** The entries to load: from the fetched index, or from the cached manifest when the network fails. */
async function indexManifest(
  index: URL,
  policy: FetchPolicy,
  cache: RemoteCache,
  limits: Limits,
): Promise<{ manifest: Manifest; diagnostics: Diagnostic[]; online: boolean }> {
  let fetched: { bytes: Uint8Array; url: URL };
  try {
    fetched = await fetchFinal(index, policy, limits.maxIndexBytes);
  } catch (e) {
    // Only a failed network falls back: a refused origin, a removed index (404) or an abort is the answer.
    if (!(e instanceof SkillError) || e.code !== 'SOURCE_FAILED') throw e;
    const kept = await cache.get(manifestKey(index.href));
    const manifest = kept && readManifest(kept);
    if (!manifest) throw e;
    return {
      manifest,
      diagnostics: [sourceDiagnostic('remote-offline', `${e.message} The last verified set, kept in the cache, is loaded instead.`, index.href)],
      online: false,
    };
  }
  // Relative URLs resolve against where the index was found, after redirects, as a browser resolves a page's links.
  const read = readIndexDocument(new TextDecoder().decode(fetched.bytes), fetched.url);
  const diagnostics = [...read.diagnostics];
  if (read.legacy)
    diagnostics.push(
      sourceDiagnostic(
        'unverified-remote',
        `The index at ${index.href} is a legacy 0.1.0 index: it publishes no digests, so its files cannot be verified.`,
        index.href,
      ),
    );
  return { manifest: { entries: read.entries, legacy: read.legacy }, diagnostics, online: true };
}

function limitsOf(given: RemoteSourceLimits | undefined): Limits {
  const defaults: Limits = {
    maxIndexBytes: 1024 * 1024,
    maxArtifactBytes: 16 * 1024 * 1024,
    maxFiles: SKILL_SET_LIMITS.maxFilesPerSkill + 1,
    maxFileBytes: SKILL_SET_LIMITS.maxFileBytes,
    maxTotalBytes: SKILL_SET_LIMITS.maxTotalBytes,
    maxNesting: SKILL_SET_LIMITS.maxNesting,
    maxListingBytes: 64 * 1024 * 1024,
    maxSkills: LOADER_LIMITS.maxSkills,
    artifactTimeoutMs: 15_000,
  };
  const out = { ...defaults };
  for (const key of LIMIT_NAMES) out[key] = given?.[key] ?? defaults[key];
  return out;
}

function globalFetch(): FetchLike {
  const f = (globalThis as { fetch?: FetchLike }).fetch;
  if (typeof f !== 'function') throw new SkillError('INVALID_INPUT', 'remoteSource: there is no global fetch here; pass `fetch`.');
  // Bound to the global object: some browsers refuse a detached fetch.
  return (input, init) => f.call(globalThis, input, init);
}

/** Most artifacts fetched at once by one listing: a large index does not open thousands of connections. */
const PARALLEL = 8;

/** `map` over `items`, at most {@link PARALLEL} at a time, results in input order. */
async function inPool<T, R>(items: readonly T[], map: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < items.length; i = next++) results[i] = await map(items[i] as T);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
  return results;
}

/** One signal for both: the source's own and the call's. */
function joined(a: AbortSignal | undefined, b: AbortSignal | undefined): AbortSignal | undefined {
  if (!a || !b) return a ?? b;
  return AbortSignal.any([a, b]);
}
