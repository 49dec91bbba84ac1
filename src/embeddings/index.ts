/**
 * `satchel/embeddings`: the optional sentence-embedding stage of routing.
 * `createUseEmbedder` runs Universal Sentence Encoder Lite on the official
 * TensorFlow.js packages (optional peer dependencies, imported on first use),
 * in Node and in a worker; any other model can implement `Embedder`.
 *
 * @example
 * ```ts
 * import { SkillLoader } from 'satchel'
 * import { createUseEmbedder, fetchModelFiles } from 'satchel/embeddings'
 *
 * const embedder = createUseEmbedder({ files: fetchModelFiles('/models/use-lite-uint8/'), wasmPaths: '/wasm/' })
 * const loader = new SkillLoader({ builtin, routing: { embedder } })
 * await loader.loadAll()
 * loader.activate(turn)               // lexical, at once
 * await loader.activateAsync(turn)    // blended with meaning once loader.embeddingsReady() has resolved
 * ```
 * @module
 */
export { createUseEmbedder, type UseEmbedder, type UseEmbedderOptions } from './use-embedder.js';
export { fetchModelFiles, type ModelFiles } from './model-files.js';
export type { Embedder, VectorCache } from '../routing/embedder.js';
// Shipping vectors ahead of time (the `satchel vectors` file, a bundle's `vectors`) only matters with an embedder.
export { skillVectorKey } from '../routing/embedder.js';
export { precomputeSkillVectors, SKILL_VECTOR_FILE_FORMAT, vectorCacheFrom, type SkillVectorFile } from '../routing/vector-file.js';
