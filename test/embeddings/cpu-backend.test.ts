// The CPU backend (no .wasm files needed) gives the same vectors as the WASM one. Its own file: the TensorFlow.js
// backend is global to a process, and each test file runs in its own worker.
import { expect, it } from 'vitest';
import { createSentenceEncoder } from '../../src/embeddings/index.js';
import { readModelFiles, tfjsWasmPaths } from '../../src/node/model-folder.js';
import { dot, normalized } from '../../src/routing/meaning/embedder.js';

it('embeds on the cpu backend as on the wasm backend', async () => {
  const texts = ['merge two PDF files', 'what will the weather be tomorrow'];
  const wasm = await createSentenceEncoder({ files: readModelFiles(), wasmPaths: tfjsWasmPaths() }).embed(texts);
  const cpu = await createSentenceEncoder({ files: readModelFiles(), backend: 'cpu' }).embed(texts);
  for (const [i, v] of wasm.entries()) expect(dot(normalized(v), normalized(cpu[i] as Float32Array))).toBeGreaterThan(0.9999);
}, 120_000);
