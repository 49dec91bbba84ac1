/**
 * One published plugin's archive: taken from the cache by its pinned digest
 * (re-hashed) or fetched from a trusted origin, its raw bytes checked
 * against the digest before anything reads them, then unpacked and its
 * `plugin.json` checked against the name and version it was pinned as.
 * @module
 */
import { createDiagnostic, type Diagnostic, type DiagnosticCode } from '../../format/diagnostics/diagnostic.js';
import { isSkillError, SkillError, type SkillErrorCode } from '../../format/errors.js';
import { isRecord } from '../../format/fields/values.js';
import { sha256Digest } from '../../shared/hash.js';
import { decodeUtf8 } from '../../shared/text.js';
import { PLUGIN_MANIFEST } from '../plugin.js';
import { artifactKey, type RemoteCache } from '../remote/remote-cache.js';
import { ARTIFACT_RULES } from '../remote/resolve.js';
import { fetchTrusted, type FetchPolicy } from '../remote/trusted-fetch.js';
import { unpackArtifact, type UnpackLimits } from '../remote/unpack.js';

/** Bounds on one plugin archive. */
export interface PluginArchiveLimits extends UnpackLimits {
  /** Most bytes of the download, compressed. */
  readonly maxArtifactBytes: number;
}

/** What fetching an archive needs. */
export interface ArchiveContext {
  readonly policy: FetchPolicy;
  readonly cache: RemoteCache;
  readonly limits: PluginArchiveLimits;
}

/** The archive to fetch: where, the digest it must have, and what its `plugin.json` must say. */
export interface ArchivePin {
  readonly name: string;
  readonly version: string;
  readonly url: string;
  readonly digest: string;
}

// A remote artifact's rules, and a plugin.json that is not the pinned plugin.
const RULES: Partial<Record<SkillErrorCode, DiagnosticCode>> = { ...ARTIFACT_RULES, CONFLICT: 'plugin-archive' };

/**
 * The verified, unpacked files of the archive `pin` names (paths from the
 * plugin's root: `plugin.json`, `skills/dcf/SKILL.md`, …), or the
 * diagnostic refusing the plugin. Rejects only with `ABORTED`.
 */
export async function pinnedPluginFiles(pin: ArchivePin, ctx: ArchiveContext): Promise<Map<string, Uint8Array> | Diagnostic> {
  try {
    const bytes = await verifiedBytes(pin, ctx);
    const files = unpackArtifact(bytes, ctx.limits, `The archive of plugin ${pin.name}@${pin.version}`);
    checkManifest(files, pin);
    return files;
  } catch (e) {
    if (!isSkillError(e) || e.code === 'ABORTED') throw e;
    const rule = RULES[e.code] ?? 'source-error';
    return createDiagnostic(rule, 'runtime', `Plugin ${pin.name}@${pin.version} is not loaded (${e.code}): ${e.message}`, pin.url);
  }
}

/** The archive's bytes, matching `pin.digest`: from the cache when it holds them (checked again), else fetched and kept. */
async function verifiedBytes(pin: ArchivePin, ctx: ArchiveContext): Promise<Uint8Array> {
  const key = artifactKey(pin.digest);
  const cached = await ctx.cache.get(key);
  // A cache is storage, not a witness.
  if (cached !== undefined && sha256Digest(cached) === pin.digest) return cached;
  const bytes = await fetchTrusted(new URL(pin.url), ctx.policy, ctx.limits.maxArtifactBytes);
  const actual = sha256Digest(bytes);
  if (actual !== pin.digest) throw new SkillError('DIGEST_MISMATCH', `${pin.url} has digest ${actual}, not the pinned ${pin.digest}.`, { path: pin.url });
  await ctx.cache.put(key, bytes);
  return bytes;
}

/** `CONFLICT` unless the archive's `plugin.json` names the plugin and the version it was pinned as. */
function checkManifest(files: ReadonlyMap<string, Uint8Array>, pin: ArchivePin): void {
  const raw = files.get(PLUGIN_MANIFEST);
  const text = raw === undefined ? undefined : decodeUtf8(raw);
  let data: unknown;
  try {
    data = text === undefined ? undefined : JSON.parse(text);
  } catch {
    data = undefined;
  }
  const refuse = (why: string): SkillError => new SkillError('CONFLICT', `its archive ${why}.`, { path: pin.url });
  if (!isRecord(data)) throw refuse(`holds no readable \`${PLUGIN_MANIFEST}\` at its root`);
  if (data['name'] !== pin.name) throw refuse(`is plugin ${JSON.stringify(data['name'] ?? null)}, not ${pin.name}`);
  if (data['version'] !== pin.version) throw refuse(`is version ${JSON.stringify(data['version'] ?? null)}, not the pinned ${pin.version}`);
}
