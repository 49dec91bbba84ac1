/**
 * One listing of a remote source: the index (or, with the network gone, the manifest of the last verified set kept in
 * the cache), then its entries resolved into verified files within the listing's budget, served by a memory source.
 * Shared by the eager listing (`remote-source.ts`) and the lazy one (`lazy-listing.ts`). docs/remote.md.
 * @module
 */
import type { Diagnostic } from '../../format/diagnostics/diagnostic.js';
import { SkillError, throwIfAborted } from '../../format/errors.js';
import { sourceDiagnostic } from '../inventory.js';
import { memorySource } from '../memory.js';
import { joinSourcePath, type SkillSource, type SourceListing } from '../source.js';
import { readIndexDocument, type RemoteEntry } from './index-document.js';
import { createListingBudget } from './listing-budget.js';
import { manifestBytes, readManifest, type Manifest } from './manifest.js';
import { manifestKey, type RemoteCache } from './remote-cache.js';
import { resolveEntry, type ResolveContext, type Resolved } from './resolve.js';
import { fetchFinal, type FetchLike, type FetchPolicy } from './trusted-fetch.js';

/** The bounds a listing applies: those of resolving an entry, and the index's and the listing's own. */
export type ListingLimits = ResolveContext['limits'] & {
  readonly maxIndexBytes: number;
  readonly maxListingBytes: number;
  readonly maxSkills: number;
};

/** What one listing of a remote source reads with. */
export interface ListContext {
  readonly index: URL;
  readonly name: string;
  readonly origins: ReadonlySet<string>;
  readonly fetchFn: FetchLike;
  readonly cache: RemoteCache;
  readonly limits: ListingLimits;
}

/** What reading the index gave. */
export interface IndexRead {
  /** The entries to list: the fetched index's, or the cached manifest's when `online` is false. */
  readonly manifest: Manifest;
  /** The index's problems (and `remote-offline` when it came from the cache). */
  readonly diagnostics: Diagnostic[];
  /** False when the index could not be fetched: artifacts then come from the cache only. */
  readonly online: boolean;
}

/** Entries resolved into verified files. */
export interface VerifiedSet {
  /** The entries whose files were verified, as a memory source lists them, and every entry's problem. */
  readonly listing: SourceListing;
  /** The memory source over their files, which serves `read()`. */
  readonly source: SkillSource;
  /** The entries as the manifest keeps them (a legacy entry's files with the digests of this fetch). */
  readonly verified: readonly RemoteEntry[];
}

/** One eager listing: the index, then every entry within the listing's budget; the memory source that serves its reads. */
export async function listOnce(o: ListContext, signal: AbortSignal | undefined): Promise<{ listing: SourceListing; source: SkillSource }> {
  const read = await readIndex(o, signal);
  const { listing, source, verified } = await resolveListing(o, read.manifest.entries, read.online, signal);
  if (read.online) await o.cache.put(manifestKey(o.index.href), manifestBytes({ entries: verified, legacy: read.manifest.legacy }));
  return { listing: { entries: listing.entries, diagnostics: [...read.diagnostics, ...listing.diagnostics] }, source };
}

/** The index (fetched, else the cached manifest); `LIMIT_EXCEEDED` when it lists more than `maxSkills`, before any artifact. */
export async function readIndex(o: ListContext, signal: AbortSignal | undefined): Promise<IndexRead> {
  throwIfAborted(signal);
  const { index, name, limits, cache } = o;
  const read = await indexManifest(index, { fetch: o.fetchFn, origins: o.origins, signal }, cache, limits);
  const count = read.manifest.entries.length;
  if (count > limits.maxSkills)
    throw new SkillError('LIMIT_EXCEEDED', `Source ${name}: the index lists ${count} skills, more than maxSkills (${limits.maxSkills}); nothing was fetched.`);
  return read;
}

/** `entries` resolved (eight at a time, within one budget), their files in one memory source; one diagnostic per entry skipped. */
export async function resolveListing(o: ListContext, entries: readonly RemoteEntry[], online: boolean, signal: AbortSignal | undefined): Promise<VerifiedSet> {
  const { name, limits, cache } = o;
  // A spent budget cancels the downloads still running: the listing is refused anyway.
  const stop = new AbortController();
  const budget = createListingBudget(limits.maxListingBytes, name, () => stop.abort());
  const policy: FetchPolicy = { fetch: o.fetchFn, origins: o.origins, signal: joined(signal, stop.signal) };
  const ctx: ResolveContext = { policy, cache, online, limits, budget, shared: new Map() };
  const results = await inPool(entries, (entry) => resolveEntry(entry, ctx)).catch((e: unknown) => {
    throw budget.exceeded ?? e;
  });
  throwIfAborted(signal);
  const files: Record<string, Uint8Array> = {};
  const verified: RemoteEntry[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const result of results) {
    const problem = 'files' in result ? addFiles(files, result, verified) : result;
    if (problem) diagnostics.push(problem);
  }
  const source = memorySource(files, { name, maxNesting: limits.maxNesting });
  const listed = onlyIndexed(await source.list(), verified);
  return { listing: { entries: listed.entries, diagnostics: [...diagnostics, ...listed.diagnostics] }, source, verified };
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
export function onlyIndexed(listing: SourceListing, verified: readonly { readonly dir: string }[]): SourceListing {
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
async function indexManifest(index: URL, policy: FetchPolicy, cache: RemoteCache, limits: ListingLimits): Promise<IndexRead> {
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
export function joined(a: AbortSignal | undefined, b: AbortSignal | undefined): AbortSignal | undefined {
  if (!a || !b) return a ?? b;
  return AbortSignal.any([a, b]);
}
