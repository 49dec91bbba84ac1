/**
 * Skill vectors computed ahead of time and shipped as JSON: `precomputeSkillVectors` embeds a skill set once (at
 * build time by the Vite plugin, or with `satchel vectors <dir>`), and `fileVectorCache` turns the file back into a
 * {@link VectorCache} for `new SkillLoader({ routing: { embedder, vectorCache } })`, so a page embeds no skill it
 * was shipped a vector for. Vectors are little-endian float32, base64; keys are {@link skillVectorKey}s, so a vector
 * made by another model, another recipe or for another version of a skill is simply not found.
 * @module
 */
import { SkillError } from '../../format/errors.js';
import { base64ToBytes, bytesToBase64 } from '../../shared/base64.js';
import type { Skill } from '../../format/types.js';
import type { Embedder, VectorCache } from './embedder.js';
import { SkillVectors } from './skill-vectors.js';

/** The `format` of a {@link SkillVectorFile}. */
export const SKILL_VECTOR_FILE_FORMAT = 'satchel-skill-vectors';

/** Precomputed skill vectors, as JSON. */
export interface SkillVectorFile {
  readonly format: typeof SKILL_VECTOR_FILE_FORMAT;
  readonly version: 1;
  /** The embedder's `id` the vectors were made with. */
  readonly embedder: string;
  readonly dimensions: number;
  /** Cache key → the vector's float32 bytes (little-endian), base64. */
  readonly vectors: Readonly<Record<string, string>>;
}

/**
 * Embeds every routable skill of `skills` (description and examples, as the loader would) and returns the file.
 *
 * @example
 * ```ts
 * const file = await precomputeSkillVectors(loader.getAll(), embedder)
 * await writeFile('skill-vectors.json', JSON.stringify(file))
 * ```
 */
export async function precomputeSkillVectors(skills: Iterable<Skill>, embedder: Embedder): Promise<SkillVectorFile> {
  const cache = new Map<string, Float32Array>();
  const vectors = new SkillVectors(embedder, cache);
  vectors.sync(skills);
  await vectors.ready();
  const encoded: Record<string, string> = {};
  for (const [key, vector] of [...cache].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) encoded[key] = toBase64(vector);
  return { format: SKILL_VECTOR_FILE_FORMAT, version: 1, embedder: embedder.id, dimensions: embedder.dimensions, vectors: encoded };
}

/**
 * The vectors of a {@link SkillVectorFile} as a cache (a `Map`). Refuses (`INVALID_INPUT`) anything that is not such
 * a file, or a vector whose length is not `dimensions`.
 */
export function fileVectorCache(file: unknown): Map<string, Float32Array> & VectorCache {
  const f = file as Partial<SkillVectorFile> | null;
  const fits = typeof f === 'object' && f !== null && f.format === SKILL_VECTOR_FILE_FORMAT && f.version === 1;
  if (!fits || typeof f.embedder !== 'string' || !Number.isInteger(f.dimensions) || typeof f.vectors !== 'object' || f.vectors === null) {
    throw new SkillError('INVALID_INPUT', `Not a skill vector file (format "${SKILL_VECTOR_FILE_FORMAT}", version 1).`);
  }
  const cache = new Map<string, Float32Array>();
  for (const [key, text] of Object.entries(f.vectors)) {
    const vector = typeof text === 'string' ? fromBase64(text) : undefined;
    if (vector === undefined || vector.length !== f.dimensions)
      throw new SkillError('INVALID_INPUT', `The skill vector file's vector for "${key.split('\u0000')[1] ?? key}" is not ${String(f.dimensions)} numbers.`);
    cache.set(key, vector);
  }
  return cache;
}

/** @deprecated Use {@link fileVectorCache} (a cache is `xCache`, named for what it reads from). */
export const vectorCacheFrom = fileVectorCache;

// Little-endian on every platform, so a file made on one machine reads on any other.
function toBase64(vector: Float32Array): string {
  const view = new DataView(new ArrayBuffer(vector.length * 4));
  vector.forEach((x, i) => view.setFloat32(i * 4, x, true));
  return bytesToBase64(new Uint8Array(view.buffer));
}

function fromBase64(text: string): Float32Array | undefined {
  const bytes = base64ToBytes(text);
  if (!bytes || bytes.length % 4 !== 0) return undefined;
  const view = new DataView(bytes.buffer);
  return Float32Array.from({ length: bytes.length / 4 }, (_, i) => view.getFloat32(i * 4, true));
}
