/**
 * The sentence-embedding stage's contract: an {@link Embedder} any app can
 * implement (the `satchel/embeddings` entry ships one on TensorFlow.js), the
 * cache skill vectors go through, and the vector arithmetic routing needs.
 * Nothing here loads a model: the core stays free of TensorFlow.js.
 * @module
 */

/**
 * Turns texts into vectors whose cosine says how close their meanings are.
 *
 * @example
 * ```ts
 * const embedder: Embedder = { id: 'my-model@1', dimensions: 384, embed: (texts) => myModel.encode(texts) }
 * const loader = new SkillLoader({ builtin, routing: { embedder } })
 * ```
 */
export interface Embedder {
  /** Names the model and its version: cached vectors are keyed by it, so another model never reads them. */
  readonly id: string;
  /** Length of every vector `embed` returns. */
  readonly dimensions: number;
  /** One vector per text, in order. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

/**
 * Where skill vectors are kept between loads: a `Map` does, and so does an
 * object over the store or a file. Keys come from {@link skillVectorKey}.
 * Fill one ahead of time to ship precomputed vectors with builtin skills.
 */
export interface VectorCache {
  get(key: string): Float32Array | undefined | Promise<Float32Array | undefined>;
  set(key: string, vector: Float32Array): unknown;
}

/** The version of how a skill's vector is made from its texts: raised when that changes, so cached vectors are made again. */
const SKILL_VECTOR_RECIPE = 2;

/**
 * The cache key of a skill's vector: the embedder's id, the skill's digest (a changed skill gets a new one) and the
 * version of the recipe that makes a vector from a skill's texts.
 */
export function skillVectorKey(embedderId: string, digest: string): string {
  return `${embedderId}\u0000${digest}\u0000v${SKILL_VECTOR_RECIPE}`;
}

/** The vector scaled to length 1 (a zero vector stays zero). */
export function normalized(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const x of vector) sum += x * x;
  const norm = Math.sqrt(sum);
  return norm > 0 ? vector.map((x) => x / norm) : vector.slice();
}

/** The normalised mean of unit vectors (their centroid's direction). */
export function meanDirection(vectors: readonly Float32Array[], dimensions: number): Float32Array {
  const sum = new Float32Array(dimensions);
  for (const v of vectors) for (let i = 0; i < dimensions; i++) sum[i] = (sum[i] as number) + (v[i] ?? 0);
  return normalized(sum);
}

/** Dot product: the cosine of two unit vectors. */
export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) sum += (a[i] as number) * (b[i] as number);
  return sum;
}
