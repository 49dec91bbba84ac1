/**
 * `createSentenceEncoder`: Universal Sentence Encoder Lite (512-d) on the
 * official TensorFlow.js packages, WASM or CPU backend, with the model's own
 * SentencePiece tokenizer. Every TensorFlow.js module is imported on first
 * use, so the entry costs nothing until a model is wanted.
 * @module
 */
import type { Embedder } from '../routing/meaning/embedder.js';
import { SkillError } from '../format/errors.js';
import { bufferOf, readText, type ModelFiles } from './model-files.js';

/** Options of {@link createSentenceEncoder}. */
export interface SentenceEncoderOptions {
  /** The model's files: `model.json`, its weight shards and `vocab.json` (the full or the uint8 model). */
  files: ModelFiles;
  /** TensorFlow.js backend (default `wasm`; `cpu` is 14–30× slower and needs no `.wasm` files). */
  backend?: 'wasm' | 'cpu';
  /** Folder (path or URL, with a trailing slash) holding `@tensorflow/tfjs-backend-wasm`'s `.wasm` files. */
  wasmPaths?: string;
  /** Texts per model call (default 64): bounds the memory of one call. */
  batchSize?: number;
  /** The embedder's id, which keys cached vectors (default `use-lite@1`, `use-lite-uint8@1` for a quantised model). */
  id?: string;
}

/** @deprecated Use {@link SentenceEncoderOptions}. */
export type UseEmbedderOptions = SentenceEncoderOptions;

/** The USE-Lite embedder: an {@link Embedder} that can also be loaded ahead of the first `embed` and disposed. */
export interface SentenceEncoder extends Embedder {
  /** Loads the backend, the weights and the vocabulary (once); `embed` calls it too. */
  load(): Promise<void>;
  /** Frees the model's tensors; a later `embed` loads it again. */
  dispose(): void;
}

/** @deprecated Use {@link SentenceEncoder}. */
export type UseEmbedder = SentenceEncoder;

/** The model, once loaded. */
interface Loaded {
  readonly encode: (texts: readonly string[]) => Promise<Float32Array[]>;
  readonly dispose: () => void;
}

/**
 * A sentence embedder over USE-Lite: pass it to `new SkillLoader({ routing: { embedder } })`.
 *
 * @example
 * ```ts
 * import { createSentenceEncoder } from 'satchel/embeddings'
 * import { readModelFiles, tfjsWasmPaths } from 'satchel/node'
 * const embedder = createSentenceEncoder({ files: readModelFiles(), wasmPaths: tfjsWasmPaths() })
 * const loader = new SkillLoader({ builtin, routing: { embedder } })
 * await loader.loadAll(); await loader.embeddingsReady()
 * await loader.activateAsync('put my receipts in a table')
 * ```
 */
export function createSentenceEncoder(options: SentenceEncoderOptions): SentenceEncoder {
  // JavaScript callers may leave the options out: say what to pass rather than fail on a property of undefined.
  if (typeof (options as Partial<SentenceEncoderOptions> | undefined)?.files?.read !== 'function') throw missingFiles();
  const batchSize = options.batchSize ?? 64;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new SkillError('INVALID_INPUT', `batchSize must be a positive integer, not ${String(batchSize)}.`);
  let loading: Promise<Loaded> | undefined;
  const load = (): Promise<Loaded> => {
    loading ??= loadEncoder(options).catch((e: unknown) => {
      loading = undefined;
      throw new SkillError('SOURCE_FAILED', `The sentence encoder could not load: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
    });
    return loading;
  };
  return {
    id: options.id ?? 'use-lite@1',
    dimensions: 512,
    async load() {
      await load();
    },
    async embed(texts) {
      const model = await load();
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += batchSize) out.push(...(await model.encode(texts.slice(i, i + batchSize))));
      return out;
    },
    dispose() {
      const current = loading;
      loading = undefined;
      void current?.then(
        (m) => m.dispose(),
        () => undefined,
      );
    },
  };
}

/** @deprecated Use {@link createSentenceEncoder} (named for what it is; `Use` in a name reads like a React hook). */
export const createUseEmbedder = createSentenceEncoder;

async function loadEncoder(options: SentenceEncoderOptions): Promise<Loaded> {
  const tf = await import('@tensorflow/tfjs-core');
  const backend = options.backend ?? 'wasm';
  if (backend === 'wasm') {
    const wasm = await import('@tensorflow/tfjs-backend-wasm');
    // The wasm loader appends file names to the prefix: without the slash it looks for `distfoo.wasm`.
    if (options.wasmPaths !== undefined) wasm.setWasmPaths(options.wasmPaths.endsWith('/') ? options.wasmPaths : `${options.wasmPaths}/`);
  } else {
    await import('@tensorflow/tfjs-backend-cpu');
  }
  if (!(await tf.setBackend(backend))) throw new Error(`the TensorFlow.js backend "${backend}" did not start`);
  await tf.ready();
  const [converter, use] = await Promise.all([import('@tensorflow/tfjs-converter'), import('@tensorflow-models/universal-sentence-encoder')]);
  const files = options.files;
  const [modelJSON, vocabulary] = await Promise.all([readText(files, 'model.json').then(JSON.parse), readText(files, 'vocab.json').then(JSON.parse)]);
  const model = await converter.loadGraphModel({
    load: () =>
      tf.io.getModelArtifactsForJSON(modelJSON, async (manifest) => {
        const paths = manifest.flatMap((group) => group.paths);
        const shards = await Promise.all(paths.map(async (p) => bufferOf(await files.read(p))));
        return [manifest.flatMap((group) => group.weights), tf.io.concatenateArrayBuffers(shards)];
      }),
  });
  const tokenizer = new use.Tokenizer(vocabulary);
  const encode = async (texts: readonly string[]): Promise<Float32Array[]> => {
    if (texts.length === 0) return [];
    // A text with no pieces would leave its row out of the sparse input: give it one (the space piece).
    const ids = texts.map((t) => {
      const pieces = tokenizer.encode(t);
      return pieces.length > 0 ? pieces : tokenizer.encode(' .');
    });
    const positions = ids.flatMap((row, sentence) => row.map((_, position) => [sentence, position]));
    const indices = tf.tensor2d(positions, [positions.length, 2], 'int32');
    const values = tf.tensor1d(ids.flat(), 'int32');
    try {
      const output = (await model.executeAsync({ indices, values })) as import('@tensorflow/tfjs-core').Tensor;
      const flat = (await output.data()) as Float32Array;
      output.dispose();
      const width = flat.length / texts.length;
      return texts.map((_, i) => flat.slice(i * width, (i + 1) * width));
    } finally {
      indices.dispose();
      values.dispose();
    }
  };
  return { encode, dispose: () => model.dispose() };
}

/** The error for options without model files: where the files come from in each environment. */
function missingFiles(): SkillError {
  return new SkillError(
    'INVALID_INPUT',
    "createSentenceEncoder needs the model's files. In Node: createSentenceEncoder({ files: readModelFiles(), wasmPaths: tfjsWasmPaths() }) with both from 'satchel/node' (they find the files the model package ships); in a browser or worker: { files: fetchModelFiles(url), wasmPaths: url } (docs/routing.md).",
  );
}
