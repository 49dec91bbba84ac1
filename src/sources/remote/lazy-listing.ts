/**
 * The lazy listing of a remote source (`remoteSource(url, { lazy: true })`): `list()` fetches the index alone and lists
 * each 0.2.0 entry that carries a `description` by its name and description; the entry's artifact is fetched, checked
 * against its published digest, cached and unpacked only when the skill is used (`readSkill`, or `read` of one of its
 * files). Entries without a description, and a legacy index's, are resolved as the eager listing resolves them.
 * docs/remote.md, "Lazy listing".
 * @module
 */
import { SkillError, throwIfAborted } from '../../format/errors.js';
import { writeSkillMd } from '../../format/serialize.js';
import { assertReadPath, ownerOf, sortListing } from '../inventory.js';
import { memorySource } from '../memory.js';
import { joinSourcePath, type SkillEntry, type SkillSource, type SourceCallOptions, type SourceListing } from '../source.js';
import type { ArtifactEntry, RemoteEntry } from './index-document.js';
import { createListingBudget } from './listing-budget.js';
import { onlyIndexed, readIndex, resolveListing, type ListContext, type VerifiedSet } from './listing.js';
import { manifestBytes } from './manifest.js';
import { manifestKey } from './remote-cache.js';
import { resolveFiles, type ResolveContext } from './resolve.js';

/** Runs one call of the source with its signals joined and its `timeoutMs` applied; `what` names the call in the error. */
export type Within = <T>(what: string, call: SourceCallOptions, run: (signal: AbortSignal | undefined) => Promise<T>) => Promise<T>;

/** What the last listing left for `readSkill` and `read`. */
interface Listed {
  /** The lazily listed entries by folder, as the index (or the cached manifest) gave them. */
  readonly lazy: ReadonlyMap<string, ArtifactEntry>;
  /** The entries resolved eagerly, and the memory source over their files. */
  readonly eager: VerifiedSet;
  /** Every listed folder: a lazy one's index entry, or `null` for one resolved eagerly. */
  readonly owners: ReadonlyMap<string, ArtifactEntry | null>;
  /** False when the index came from the cache: artifacts are then taken from the cache alone. */
  readonly online: boolean;
}

/** A lazily listed skill read in full: its whole entry, and a memory source over its files. */
interface Fetched {
  readonly entry: SkillEntry;
  readonly source: SkillSource;
}

/**
 * `list`, `read` and `readSkill` of a lazy remote source over `o`. `sourceSignal` (the source's own) alone cancels a
 * shared artifact fetch: a caller whose own signal fires stops waiting, and the fetch goes on for the others.
 */
export function lazyRemoteSource(o: ListContext, within: Within, sourceSignal: AbortSignal | undefined): Pick<SkillSource, 'list' | 'read' | 'readSkill'> {
  let listed: Listed | undefined;
  // By the artifact an entry names (folder, kind, URL, digest): a changed index entry is fetched anew, never served old.
  const fetched = new Map<string, Promise<Fetched>>();

  const list = (call: SourceCallOptions = {}): Promise<SourceListing> =>
    within('the listing', call, async (signal) => {
      const { listing, state } = await listLazily(o, signal);
      listed = state;
      const keep = new Set([...state.lazy.values()].map(fetchKey));
      for (const key of [...fetched.keys()]) if (!keep.has(key)) fetched.delete(key);
      return listing;
    });

  const lastListing = async (signal: AbortSignal | undefined): Promise<Listed> => {
    if (!listed) await list(signal === undefined ? {} : { signal });
    return listed as Listed;
  };

  const full = (entry: ArtifactEntry, online: boolean, signal: AbortSignal | undefined): Promise<Fetched> => {
    const key = fetchKey(entry);
    let pending = fetched.get(key);
    if (!pending) {
      pending = fetchSkill(o, entry, online, sourceSignal);
      fetched.set(key, pending);
      // A failed fetch is not kept: the next use tries again.
      pending.catch(() => fetched.get(key) === pending && fetched.delete(key));
    }
    return waitFor(pending, signal);
  };

  return {
    list,
    readSkill: (dir: string, call: SourceCallOptions = {}): Promise<SkillEntry> =>
      within(`readSkill(${JSON.stringify(dir)})`, call, async (signal) => {
        throwIfAborted(signal);
        const state = await lastListing(signal);
        const lazy = state.lazy.get(dir);
        if (lazy) return (await full(lazy, state.online, signal)).entry;
        const eager = state.eager.listing.entries.find((e) => e.dir === dir);
        if (eager) return eager;
        throw new SkillError('NOT_FOUND', `Source ${o.name} lists no skill folder \`${dir}\` (its index has no such entry).`, { path: dir });
      }),
    read: (path: string, call: SourceCallOptions = {}): Promise<Uint8Array> =>
      within(`read(${JSON.stringify(path)})`, call, async (signal) => {
        throwIfAborted(signal);
        assertReadPath(path);
        const state = await lastListing(signal);
        const owner = ownerOf(path, state.owners)?.[1];
        const from = owner ? (await full(owner, state.online, signal)).source : state.eager.source;
        return from.read(path, signal === undefined ? {} : { signal });
      }),
  };
}

/** One lazy listing: the index, the entries it lists lazily, the others resolved; the whole index kept as the manifest. */
async function listLazily(o: ListContext, signal: AbortSignal | undefined): Promise<{ listing: SourceListing; state: Listed }> {
  const read = await readIndex(o, signal);
  const { manifest, online } = read;
  const lazy = new Map<string, ArtifactEntry>();
  const rest: RemoteEntry[] = [];
  for (const entry of manifest.entries) {
    if (entry.kind !== 'files' && entry.description !== undefined) lazy.set(entry.dir, entry);
    else rest.push(entry);
  }
  const eager = await resolveListing(o, rest, online, signal);
  if (online) {
    // Every entry of the index, so skills never fetched still list offline; a resolved one as it was verified.
    const verified = new Map(eager.verified.map((e) => [e.dir, e]));
    const kept = manifest.entries.flatMap((e) => (lazy.has(e.dir) ? [e] : (verified.get(e.dir) ?? [])));
    await o.cache.put(manifestKey(o.index.href), manifestBytes({ entries: kept, legacy: manifest.legacy }));
  }
  const owners = new Map<string, ArtifactEntry | null>(eager.listing.entries.map((e) => [e.dir, null]));
  for (const [dir, entry] of lazy) owners.set(dir, entry);
  const entries = sortListing([...eager.listing.entries, ...[...lazy.values()].map(metadataEntry)]);
  return { listing: { entries, diagnostics: [...read.diagnostics, ...eager.listing.diagnostics] }, state: { lazy, eager, owners, online } };
}

/** A lazily listed entry: front matter of the index's name and description, no body, an empty inventory. */
function metadataEntry(entry: ArtifactEntry): SkillEntry {
  const { dir, fileName } = entry;
  const folder = dir === '' ? {} : { folder: dir.slice(dir.lastIndexOf('/') + 1) };
  const text = writeSkillMd({ name: entry.name, description: entry.description }, '');
  return { dir, path: joinSourcePath(dir, fileName), ...folder, fileName, text, files: [], lazy: {} };
}

function fetchKey(entry: ArtifactEntry): string {
  return JSON.stringify([entry.dir, entry.kind, entry.url, entry.digest]);
}

/**
 * The artifact of `entry` fetched (or taken from the cache by digest), verified against its published digest before
 * anything reads it, cached, unpacked, and listed as its whole entry. Rejects with what {@link resolveFiles} rejects
 * with (`DIGEST_MISMATCH`, `SOURCE_FAILED` offline for an artifact never fetched, …), but `SOURCE_FAILED` for a 404.
 */
async function fetchSkill(o: ListContext, entry: ArtifactEntry, online: boolean, signal: AbortSignal | undefined): Promise<Fetched> {
  // One artifact's own bounds (maxArtifactBytes, maxTotalBytes) hold it; maxListingBytes is the listing's.
  const budget = createListingBudget(Number.POSITIVE_INFINITY, o.name, () => undefined);
  const ctx: ResolveContext = { policy: { fetch: o.fetchFn, origins: o.origins, signal }, cache: o.cache, online, limits: o.limits, budget, shared: new Map() };
  const resolved = await resolveFiles(entry, ctx).catch((e: unknown) => {
    // The folder is listed; its artifact answering 404 is a source that fails, not a folder it does not list.
    if (!(e instanceof SkillError) || e.code !== 'NOT_FOUND') throw e;
    throw new SkillError('SOURCE_FAILED', `The artifact of ${entry.name} is gone: ${e.message}`, { path: entry.url, cause: e });
  });
  const files: Record<string, Uint8Array> = {};
  resolved.files.forEach((bytes, path) => (files[joinSourcePath(entry.dir, path)] = bytes));
  const source = memorySource(files, { name: o.name, maxNesting: o.limits.maxNesting });
  const listing = onlyIndexed(await source.list(), [entry]);
  const whole = listing.entries[0];
  if (!whole) throw new SkillError('INVALID_ARCHIVE', `${entry.name} holds no SKILL.md at its root.`, { path: entry.url });
  // A skill nested in the archive is not loaded: said on the entry, as the eager listing says it on the listing.
  const notes = [...(whole.diagnostics ?? []), ...listing.diagnostics];
  return { entry: notes.length === 0 ? whole : { ...whole, diagnostics: notes }, source };
}

/** `promise`, or `ABORTED` as soon as `signal` fires (a shared fetch goes on for the other callers). */
function waitFor<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  const aborted = (): SkillError => new SkillError('ABORTED', 'The operation was aborted.', { cause: signal.reason });
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(aborted());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
