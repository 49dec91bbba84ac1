// The real model: USE-Lite on the WASM backend in Node, loaded from the npm package's files. Slower than the unit
// tests (a few seconds on a shared machine); the routing bench measures it at scale.
import { beforeAll, describe, expect, it } from 'vitest';
import { createSentenceEncoder, type SentenceEncoder } from '../../src/embeddings/index.js';
import { SkillLoader } from '../../src/loader/loader.js';
import { memorySource } from '../../src/sources/memory.js';
import { dot, normalized } from '../../src/routing/meaning/embedder.js';
import { readModelFiles, tfjsWasmPaths } from '../../src/node/model-folder.js';
import { routingMd } from '../support/routing-skills.js';
import { rejected } from '../support/errors.js';

let embedder: SentenceEncoder;
beforeAll(async () => {
  embedder = createSentenceEncoder({ files: readModelFiles(), wasmPaths: tfjsWasmPaths(), batchSize: 3 });
  await embedder.load();
}, 60_000);

const cosine = (a: Float32Array | undefined, b: Float32Array | undefined) => dot(normalized(a as Float32Array), normalized(b as Float32Array));

describe('createSentenceEncoder (USE-Lite, wasm backend)', () => {
  it('gives 512-d vectors, close for paraphrases and far for unrelated texts, the same across batches', async () => {
    const texts = ['merge two PDF files', 'combine a pair of PDF documents into one', 'what will the weather be tomorrow', '', 'merge two PDF files'];
    const vectors = await embedder.embed(texts);
    expect(vectors.map((v) => v.length)).toEqual([512, 512, 512, 512, 512]);
    expect(embedder.dimensions).toBe(512);
    expect(cosine(vectors[0], vectors[1])).toBeGreaterThan(0.6);
    expect(cosine(vectors[0], vectors[2])).toBeLessThan(0.3);
    // Batches of 3: the fifth text was embedded in another call than the first, with the same result.
    expect(cosine(vectors[0], vectors[4])).toBeCloseTo(1, 5);
    expect(vectors[3]?.every(Number.isFinite)).toBe(true);
    expect(await embedder.embed([])).toEqual([]);
  });

  it('routes by meaning through a loader', async () => {
    const files = {
      'expense-report/SKILL.md': routingMd('expense-report', { description: 'Turn invoices and bills into an expense spreadsheet.' }),
      'weather/SKILL.md': routingMd('weather', { description: 'Current weather and forecasts for a city.' }),
      'git-helper/SKILL.md': routingMd('git-helper', { description: 'Explain git commands and resolve merge conflicts.' }),
    };
    const loader = new SkillLoader({ builtin: memorySource(files), routing: { embedder } });
    await loader.loadAll();
    await loader.embeddingsReady();
    const turn = 'I have a pile of receipts from my trip, can you tabulate what I spent?';
    expect((await loader.routeAsync(turn))[0]?.skill.name).toBe('expense-report');
    expect((await loader.routeAsync('is it going to be sunny in Lisbon on Saturday?'))[0]?.skill.name).toBe('weather');
    expect((await loader.routeAsync('how do I undo my last commit'))[0]?.skill.name).toBe('git-helper');
    expect(await loader.activateAsync('tell me a joke about cats')).toEqual([]);
  });

  it('refuses a bad batch size and reports a model that cannot load as SOURCE_FAILED', async () => {
    expect(() => createSentenceEncoder({ files: readModelFiles(), batchSize: 0 })).toThrow(/batchSize/);
    const missing = createSentenceEncoder({ files: readModelFiles('/nonexistent-model-folder'), wasmPaths: tfjsWasmPaths() });
    expect((await rejected(missing.embed(['x']))).code).toBe('SOURCE_FAILED');
  });
});
