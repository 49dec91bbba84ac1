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
import { unpackArchive, type ArchiveLimits } from './archive.js';
import type { RemoteEntry } from './index-document.js';
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
  readonly limits: ArchiveLimits & { readonly maxArtifactBytes: number };
}

/** A resolved entry: its files by path inside the skill folder, and the entry as the manifest keeps it. */
export interface Resolved {
  readonly files: ReadonlyMap<string, Uint8Array>;
  /** The entry with every digest known (a legacy entry's files get theirs on first fetch). */
  readonly entry: RemoteEntry;
}

const RULES: Partial<Record<SkillErrorCode, DiagnosticCode>> = {
  DIGEST_MISMATCH: 'digest-mismatch',
  UNTRUSTED_ORIGIN: 'untrusted-origin',
  UNSAFE_PATH: 'unsafe-path',
  LIMIT_EXCEEDED: 'limit-exceeded',
  INVALID_ARCHIVE: 'invalid-archive',
};

/** The entry's verified files, or the diagnostic saying why it is skipped. Rejects only with `ABORTED`. */
export async function resolveEntry(entry: RemoteEntry, ctx: ResolveContext): Promise<Resolved | Diagnostic> {
  try {
    const resolved = await filesOf(entry, ctx);
    if (pickSkillFile(resolved.files.keys()) === undefined) throw new SkillError('INVALID_ARCHIVE', `${entry.name} holds no SKILL.md at its root.`);
    return resolved;
  } catch (e) {
    if (!isSkillError(e) || e.code === 'ABORTED') throw e;
    const rule = RULES[e.code] ?? 'source-error';
    return createDiagnostic(rule, 'runtime', `Remote skill ${entry.name} is skipped (${e.code}): ${e.message}`, entry.name);
  }
}

async function filesOf(entry: RemoteEntry, ctx: ResolveContext): Promise<Resolved> {
  if (entry.kind !== 'files') {
    const bytes = await artifact(entry.url, entry.digest, ctx);
    return { files: entry.kind === 'skill-md' ? new Map([[entry.fileName, bytes]]) : unpackArchive(bytes, ctx.limits, `The archive of ${entry.name}`), entry };
  }
  const files = new Map<string, Uint8Array>();
  const listed: { path: string; url: string; digest: string }[] = [];
  for (const file of entry.files) {
    const bytes = file.digest !== undefined && !ctx.online ? await artifact(file.url, file.digest, ctx) : await fetched(file.url, ctx, ctx.limits.maxFileBytes);
    const digest = sha256Digest(bytes);
    if (ctx.online) await ctx.cache.put(artifactKey(digest), bytes);
    files.set(file.path, bytes);
    listed.push({ ...file, digest });
  }
  return { files, entry: { ...entry, files: listed } };
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

function fetched(url: string, ctx: ResolveContext, maxBytes: number): Promise<Uint8Array> {
  return fetchTrusted(new URL(url), ctx.policy, maxBytes);
}
