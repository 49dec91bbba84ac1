/**
 * `satchel/embeddings`: the optional sentence-embedding stage of routing.
 * `createSentenceEncoder` runs Universal Sentence Encoder Lite on the official
 * TensorFlow.js packages (optional peer dependencies, imported on first use),
 * in Node and in a worker; any other model can implement `Embedder`.
 *
 * @example
 * ```ts
 * import { SkillLoader } from 'satchel'
 * import { createSentenceEncoder, fetchModelFiles } from 'satchel/embeddings'
 *
 * const embedder = createSentenceEncoder({ files: fetchModelFiles('/models/use-lite-uint8/'), wasmPaths: '/wasm/' })
 * const loader = new SkillLoader({ builtin, routing: { embedder } })
 * await loader.loadAll()
 * loader.activate(turn)               // lexical, at once
 * await loader.activateAsync(turn)    // blended with meaning once loader.embeddingsReady() has resolved
 * ```
 * @module
 */
export { createSentenceEncoder, type SentenceEncoder, type SentenceEncoderOptions } from './sentence-encoder.js';
export { fetchModelFiles, type ModelFiles } from './model-files.js';
export type { Embedder, VectorCache } from '../routing/meaning/embedder.js';
// Shipping vectors ahead of time (the `satchel vectors` file, a bundle's `vectors`) only matters with an embedder.
export { skillVectorKey } from '../routing/meaning/embedder.js';
export { precomputeSkillVectors, SKILL_VECTOR_FILE_FORMAT, fileVectorCache, type SkillVectorFile } from '../routing/meaning/vector-file.js';
// Deprecated aliases of renamed names (docs/renames.md).
export { createUseEmbedder, type UseEmbedder, type UseEmbedderOptions } from './sentence-encoder.js';
export { vectorCacheFrom } from '../routing/meaning/vector-file.js';
