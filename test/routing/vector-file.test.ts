// Precomputed skill vectors: a file made once reads back into a cache that spares the loader every embedding it
// holds, and a file that does not fit is refused or simply not found (another model, recipe or skill version).
import { describe, expect, it } from 'vitest';
import { SkillLoader } from '../../src/loader/loader.js';
import { memorySource } from '../../src/sources/memory.js';
import { precomputeSkillVectors, SKILL_VECTOR_FILE_FORMAT, fileVectorCache } from '../../src/routing/meaning/vector-file.js';
import { routingMd } from '../support/routing-skills.js';
import { thrown } from '../support/errors.js';
import { conceptEmbedder } from '../support/concept-embedder.js';

const files = {
  'expenses/SKILL.md': routingMd('expenses', { description: 'Turn invoices into a spreadsheet.', examples: ['file my receipts'] }),
  'weather-report/SKILL.md': routingMd('weather-report', { description: 'Current weather and forecasts for a city.' }),
  'researcher/SKILL.md': routingMd('researcher', { description: 'Fan out searches.', activation: 'manual' }),
};

async function skills() {
  const loader = new SkillLoader({ builtin: memorySource(files) });
  return loader.loadAll();
}

describe('skill vector files', () => {
  it('survive JSON and spare the loader every embedding', async () => {
    const made = conceptEmbedder();
    const file = JSON.parse(JSON.stringify(await precomputeSkillVectors(await skills(), made))) as unknown;
    expect(file).toMatchObject({ format: SKILL_VECTOR_FILE_FORMAT, version: 1, embedder: 'concepts@1', dimensions: made.dimensions });
    const cache = fileVectorCache(file);
    // The routable skills only.
    expect(cache.size).toBe(2);
    const embedder = conceptEmbedder();
    const loader = new SkillLoader({ builtin: memorySource(files), routing: { embedder, vectorCache: cache } });
    await loader.loadAll();
    await loader.embeddingsReady();
    expect(embedder.calls).toEqual([]);
    const freshCache = new Map<string, Float32Array>();
    const fresh = new SkillLoader({ builtin: memorySource(files), routing: { embedder: conceptEmbedder(), vectorCache: freshCache } });
    await fresh.loadAll();
    await fresh.embeddingsReady();
    expect(await loader.routeAsync('weather in Oslo')).toEqual(await fresh.routeAsync('weather in Oslo'));
    // Bit for bit the vectors a loader makes.
    expect([...cache.keys()].sort()).toEqual([...freshCache.keys()].sort());
    for (const [key, vector] of freshCache) expect([...(cache.get(key) ?? [])]).toEqual([...vector]);
  });

  it('treat a cached vector of the wrong length as a miss', async () => {
    const cache = fileVectorCache(await precomputeSkillVectors(await skills(), conceptEmbedder()));
    for (const key of cache.keys()) cache.set(key, Float32Array.from([1, 0, 0]));
    const embedder = conceptEmbedder();
    const loader = new SkillLoader({ builtin: memorySource(files), routing: { embedder, vectorCache: cache } });
    await loader.loadAll();
    await loader.embeddingsReady();
    expect(embedder.calls.flat()).toHaveLength(3);
    expect((await loader.routeAsync('weather in Oslo'))[0]?.score).not.toBeNaN();
  });

  it('hold nothing another model can use: its vectors are embedded afresh', async () => {
    const cache = fileVectorCache(await precomputeSkillVectors(await skills(), conceptEmbedder({ id: 'other@1' })));
    const embedder = conceptEmbedder();
    const loader = new SkillLoader({ builtin: memorySource(files), routing: { embedder, vectorCache: cache } });
    await loader.loadAll();
    await loader.embeddingsReady();
    expect(embedder.calls.flat().length).toBe(3);
  });

  it('refuse what is not a vector file, or a vector of the wrong length', async () => {
    const file = await precomputeSkillVectors(await skills(), conceptEmbedder());
    const key = Object.keys(file.vectors)[0] ?? '';
    for (const bad of [
      null,
      {},
      { ...file, format: 'x' },
      { ...file, version: 2 },
      { ...file, vectors: { [key]: 'AAAA' } },
      { ...file, vectors: { [key]: '%%' } },
    ]) {
      expect(thrown(() => fileVectorCache(bad)).code).toBe('INVALID_INPUT');
    }
  });
});

describe('bundles with vectors', () => {
  it('buildSkillBundle({ embedder }) ships vectors a page loader uses instead of embedding', async () => {
    const { buildSkillBundle } = await import('../../src/node/build-bundle.js');
    const { bundleSource } = await import('../../src/sources/bundle.js');
    const { tempTrees } = await import('../support/temp-trees.js');
    const root = await tempTrees('satchel-bundle-vectors-')(Object.fromEntries(Object.entries(files).map(([p, c]) => [`skills/${p}`, c])));
    const bundle = JSON.parse(JSON.stringify(await buildSkillBundle('skills', { root, embedder: conceptEmbedder() }))) as Awaited<
      ReturnType<typeof buildSkillBundle>
    >;
    expect(Object.keys(bundle.vectors?.vectors ?? {})).toHaveLength(2);
    const embedder = conceptEmbedder();
    const loader = new SkillLoader({ builtin: bundleSource(bundle), routing: { embedder, vectorCache: fileVectorCache(bundle.vectors) } });
    await loader.loadAll();
    await loader.embeddingsReady();
    expect(embedder.calls).toEqual([]);
    expect((await loader.routeAsync('file my receipts'))[0]?.skill.name).toBe('expenses');
    // Without an embedder the bundle carries no vectors.
    expect((await buildSkillBundle('skills', { root })).vectors).toBeUndefined();
  });
});
