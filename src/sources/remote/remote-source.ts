/**
 * `remoteSource`: an organisation's published skills, read from a discovery
 * index (`/.well-known/agent-skills/index.json`, or the legacy
 * `/.well-known/skills/index.json`), every artifact verified by digest before
 * use and kept in a cache, so the last verified set loads offline.
 * Isomorphic: the global `fetch` (or an injected one), no Node APIs.
 * @module
 */
import { SkillError } from '../../format/errors.js';
import { assertLimits, LOADER_LIMITS, SKILL_SET_LIMITS } from '../../format/types.js';
import type { SkillSource, SourceCallOptions, SourceListing, SourceSafety } from '../source.js';
import { sourceSafetyOf } from '../inventory.js';
import { lazyRemoteSource, type Within } from './lazy-listing.js';
import { joined, listOnce, type ListContext } from './listing.js';
import { memoryRemoteCache, tolerantCache, type RemoteCache } from './remote-cache.js';
import { assertTrusted, trustedOriginsOf, type FetchLike } from './trusted-fetch.js';

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
  /**
   * List by the index alone (default false): each 0.2.0 entry with a `description` is listed by its name and
   * description, and its artifact is fetched and verified only when the skill is used (`readSkill`, or `read` of one of
   * its files). Entries without a description, and a legacy index's, are fetched as an eager listing fetches them.
   * docs/remote.md, "Lazy listing".
   */
  lazy?: boolean;
  /**
   * The safety gate (default `'warn'`): every skill is scanned when it is read in full (at the load; a lazy one at its
   * first use) and one whose findings the gate `refuse`s is left out (`unsafe-skill`), or its use fails with
   * `UNSAFE_SKILL`; with `'warn'` it loads with a `skill-findings` warning. One action, or one per severity.
   */
  safety?: SourceSafety;
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
 * the verified files of the last listing. With `lazy: true`, `list()` fetches
 * the index alone and an artifact is fetched, with the same checks, when its
 * skill is first used (`readSkill`); a digest mismatch then rejects that
 * call with `DIGEST_MISMATCH`.
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
 *
 * // Listed by the index alone; an archive is fetched when its skill is used:
 * const lazy = remoteSource(indexUrl, { trustedOrigins: ['https://acme.example'], lazy: true })
 * ```
 */
export function remoteSource(indexUrl: string | URL, options: RemoteSourceOptions): SkillSource {
  const index = typeof indexUrl === 'string' && URL.canParse(indexUrl) ? new URL(indexUrl) : indexUrl instanceof URL ? new URL(indexUrl.href) : undefined;
  if (!index) throw new SkillError('INVALID_INPUT', `remoteSource: ${JSON.stringify(String(indexUrl))} is not a URL.`);
  const origins = trustedOriginsOf(options.trustedOrigins);
  assertTrusted(index, origins);
  assertLimits(options.limits, LIMIT_NAMES, 'remoteSource');
  if (options.lazy !== undefined && typeof options.lazy !== 'boolean') throw new SkillError('INVALID_INPUT', 'remoteSource: `lazy` must be true or false.');
  const limits = limitsOf(options.limits);
  const cache = tolerantCache(options.cache ?? memoryRemoteCache());
  const name = options.name ?? `remote:${index.href}`;
  const ctx: ListContext = { index, name, origins, fetchFn: options.fetch ?? globalFetch(), cache, limits };

  // Called directly (not by a loader, which races its own timeout), the source's timeoutMs still holds; running out of
  // time is a failed source (SOURCE_FAILED), not a cancellation, so a loader drops only this tier.
  const within: Within = async (what, call, run) => {
    const deadline = options.timeoutMs !== undefined && Number.isFinite(options.timeoutMs) ? AbortSignal.timeout(options.timeoutMs) : undefined;
    try {
      return await run(joined(joined(options.signal, call.signal), deadline));
    } catch (e) {
      const cancelled = options.signal?.aborted === true || call.signal?.aborted === true;
      if (deadline?.aborted && !cancelled)
        throw new SkillError('SOURCE_FAILED', `Source ${name}: ${what} did not finish within timeoutMs (${options.timeoutMs} ms).`, { cause: e });
      throw e;
    }
  };
  const safety = sourceSafetyOf(options.safety, 'remoteSource');
  const provenance = { kind: 'remote' as const, label: index.href };
  const own = { name, provenance, safety, ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }) };
  if (options.lazy === true) return { ...own, ...lazyRemoteSource(ctx, within, options.signal) };

  let current: SkillSource | undefined;
  const list = (call: SourceCallOptions = {}): Promise<SourceListing> =>
    within('the listing', call, async (signal) => {
      const { listing, source } = await listOnce(ctx, signal);
      current = source;
      return listing;
    });
  return {
    ...own,
    list,
    async read(path: string, call: SourceCallOptions = {}): Promise<Uint8Array> {
      if (!current) await list(call);
      return (current as SkillSource).read(path, call);
    },
  };
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
