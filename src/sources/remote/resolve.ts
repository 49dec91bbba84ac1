/**
 * Turning index entries into verified files: each artifact is taken from the
 * cache or fetched, its raw bytes checked against the published digest
 * before anything else touches them, then kept in the cache and, for an
 * archive, unpacked. One entry's failure is that entry's diagnostic.
 * @module
 */
import { createDiagnostic, type Diagnostic, type DiagnosticCode } from '../../format/diagnostics/diagnostic.js';
import { isSkillError, SkillError, type SkillErrorCode } from '../../format/errors.js';
import { sha256Digest } from '../../shared/hash.js';
import { pickSkillFile } from '../inventory.js';
import { unpackArtifact, type UnpackLimits } from './unpack.js';
import type { RemoteEntry } from './index-document.js';
import { isListingError, type ListingBudget } from './listing-budget.js';
import { artifactKey, type RemoteCache } from './remote-cache.js';
import { fetchTrusted, type FetchPolicy } from './trusted-fetch.js';

/** Everything resolving needs. */
export interface ResolveContext {
  /** How to fetch, and from which origins. */
  readonly policy: FetchPolicy;
  /** Where verified artifacts are found and kept. */
  readonly cache: RemoteCache;
  /** False when the network is known to be gone: only the cache is used. */
  readonly online: boolean;
  /** Unpack bounds, and the most bytes of one download. */
  readonly limits: UnpackLimits & { readonly maxArtifactBytes: number; readonly artifactTimeoutMs: number };
  /** What the whole listing may still download and unpack. */
  readonly budget: ListingBudget;
  /** Artifacts by digest, fetched and unpacked once however many entries list them. */
  readonly shared: Map<string, Promise<SharedArtifact>>;
}

/** One artifact's verified bytes and, for an archive, its unpacked files. */
export interface SharedArtifact {
  readonly bytes: Uint8Array;
  readonly files?: ReadonlyMap<string, Uint8Array>;
}

/** A resolved entry: its files by path inside the skill folder, and the entry as the manifest keeps it. */
export interface Resolved {
  readonly files: ReadonlyMap<string, Uint8Array>;
  /** The entry with every digest known (a legacy entry's files get theirs on first fetch). */
  readonly entry: RemoteEntry;
}

/** The diagnostic a remote artifact refused with each error code becomes (anything else: `source-error`). */
export const ARTIFACT_RULES: Readonly<Partial<Record<SkillErrorCode, DiagnosticCode>>> = {
  DIGEST_MISMATCH: 'digest-mismatch',
  UNTRUSTED_ORIGIN: 'untrusted-origin',
  UNSAFE_PATH: 'unsafe-path',
  LIMIT_EXCEEDED: 'limit-exceeded',
  INVALID_ARCHIVE: 'invalid-archive',
};

/** The entry's verified files, or the diagnostic saying why it is skipped. Rejects only with `ABORTED`. */
export async function resolveEntry(entry: RemoteEntry, ctx: ResolveContext): Promise<Resolved | Diagnostic> {
  try {
    return await resolveFiles(entry, ctx);
  } catch (e) {
    if (!isSkillError(e) || e.code === 'ABORTED' || isListingError(e)) throw e;
    const rule = ARTIFACT_RULES[e.code] ?? 'source-error';
    return createDiagnostic(rule, 'runtime', `Remote skill ${entry.name} is skipped (${e.code}): ${e.message}`, entry.name);
  }
}

/**
 * The entry's verified files, or the error saying why it cannot be used: `DIGEST_MISMATCH`, `UNTRUSTED_ORIGIN`,
 * `UNSAFE_PATH`, `LIMIT_EXCEEDED`, `INVALID_ARCHIVE` (none at all, or no SKILL.md at its root), `NOT_FOUND` (404),
 * `SOURCE_FAILED` (network; or not in the cache while offline) or `ABORTED`.
 */
export async function resolveFiles(entry: RemoteEntry, ctx: ResolveContext): Promise<Resolved> {
  const resolved = await filesOf(entry, ctx);
  if (pickSkillFile(resolved.files.keys()) === undefined) throw new SkillError('INVALID_ARCHIVE', `${entry.name} holds no SKILL.md at its root.`);
  return resolved;
}

async function filesOf(entry: RemoteEntry, ctx: ResolveContext): Promise<Resolved> {
  if (entry.kind === 'files') return legacyFilesOf(entry, ctx);
  const archive = entry.kind === 'archive';
  const shared = await sharedArtifact(entry.url, entry.digest, archive ? `The archive of ${entry.name}` : undefined, ctx);
  return { files: shared.files ?? new Map([[entry.fileName, shared.bytes]]), entry };
}

/**
 * An artifact's bytes (and unpacked files) by digest, fetched and unpacked
 * once per listing: ten entries naming one archive share one copy, and the
 * budget is charged once.
 */
function sharedArtifact(url: string, digest: string, archiveLabel: string | undefined, ctx: ResolveContext): Promise<SharedArtifact> {
  // By URL too: an entry whose own URL works never fails for another entry's broken one. Copies at many URLs are
  // bounded all the same, by the listing's budget.
  const key = `${archiveLabel === undefined ? 'file' : 'archive'}:${digest}:${url}`;
  let pending = ctx.shared.get(key);
  if (!pending) {
    pending = (async () => {
      const bytes = await artifact(url, digest, ctx);
      ctx.budget.charge(bytes.byteLength, url);
      if (archiveLabel === undefined) return { bytes };
      const files = unpackArtifact(bytes, ctx.limits, archiveLabel);
      ctx.budget.charge(sumBytes(files.values()), `the files of ${url}`);
      return { bytes, files };
    })();
    ctx.shared.set(key, pending);
  }
  return pending;
}

/**
 * A legacy (0.1.0) entry's files, one request each: the per-skill limits are
 * applied before anything is downloaded (the file count) and while it is
 * (the bytes so far), so a skill listing 2,000 large files costs no request.
 */
async function legacyFilesOf(entry: Extract<RemoteEntry, { kind: 'files' }>, ctx: ResolveContext): Promise<Resolved> {
  const { maxFiles, maxTotalBytes, maxFileBytes } = ctx.limits;
  if (entry.files.length > maxFiles)
    throw new SkillError('LIMIT_EXCEEDED', `${entry.name} lists ${entry.files.length} files, more than maxFiles (${maxFiles}); none was downloaded.`);
  const files = new Map<string, Uint8Array>();
  const listed: { path: string; url: string; digest: string }[] = [];
  let total = 0;
  for (const file of entry.files) {
    const bytes = file.digest !== undefined && !ctx.online ? await artifact(file.url, file.digest, ctx) : await fetched(file.url, ctx, maxFileBytes);
    total += bytes.byteLength;
    if (total > maxTotalBytes)
      throw new SkillError('LIMIT_EXCEEDED', `${entry.name}'s files pass maxTotalBytes (${maxTotalBytes}); the rest were not downloaded.`);
    ctx.budget.charge(bytes.byteLength, file.url);
    const digest = sha256Digest(bytes);
    if (ctx.online) await ctx.cache.put(artifactKey(digest), bytes);
    files.set(file.path, bytes);
    listed.push({ ...file, digest });
  }
  return { files, entry: { ...entry, files: listed } };
}

function sumBytes(values: Iterable<Uint8Array>): number {
  let total = 0;
  for (const v of values) total += v.byteLength;
  return total;
}

/** The bytes of one artifact, verified against `digest`: from the cache when it holds them, else fetched and kept. */
async function artifact(url: string, digest: string, ctx: ResolveContext): Promise<Uint8Array> {
  const key = artifactKey(digest);
  const cached = await ctx.cache.get(key);
  // Checked again: a cache is storage, not a witness.
  if (cached !== undefined && sha256Digest(cached) === digest) return cached;
  if (!ctx.online) throw new SkillError('SOURCE_FAILED', `${url} is not in the cache, and the index could not be fetched.`, { path: url });
  const bytes = await fetched(url, ctx, ctx.limits.maxArtifactBytes);
  const actual = sha256Digest(bytes);
  if (actual !== digest) throw new SkillError('DIGEST_MISMATCH', `${url} has digest ${actual}, not the published ${digest}.`, { path: url });
  await ctx.cache.put(key, bytes);
  return bytes;
}

/** One download, given `artifactTimeoutMs`: an artifact that never answers fails its skill, not the listing. */
async function fetched(url: string, ctx: ResolveContext, maxBytes: number): Promise<Uint8Array> {
  const ms = ctx.limits.artifactTimeoutMs;
  if (!Number.isFinite(ms)) return fetchTrusted(new URL(url), ctx.policy, maxBytes);
  const timeout = AbortSignal.timeout(ms);
  const signal = ctx.policy.signal ? AbortSignal.any([ctx.policy.signal, timeout]) : timeout;
  try {
    return await fetchTrusted(new URL(url), { ...ctx.policy, signal }, maxBytes);
  } catch (e) {
    if (timeout.aborted && !ctx.policy.signal?.aborted) throw new SkillError('SOURCE_FAILED', `${url} did not answer within ${ms} ms.`, { path: url });
    throw e;
  }
}
