// The IndexedDB vector cache, run in Node on fake-indexeddb and in Chromium on the real thing: vectors survive a
// new cache over the same database, a loader uses them instead of embedding, and a cache that cannot work is a miss.
import { expect, it } from 'vitest';
import { SkillLoader } from '../../src/loader/loader.js';
import { memorySource } from '../../src/sources/memory.js';
import { indexedDbVectorCache } from '../../src/store/caches/vector-cache.js';
import { routingMd } from '../support/routing-skills.js';
import { conceptEmbedder } from '../support/concept-embedder.js';

const files = {
  'expenses/SKILL.md': routingMd('expenses', { description: 'Turn invoices into a spreadsheet.', examples: ['file my receipts'] }),
  'weather-report/SKILL.md': routingMd('weather-report', { description: 'Current weather and forecasts for a city.' }),
};

/** The shared cases; `factory` gives a fresh IndexedDB factory (or the browser's). */
export function describeVectorCacheContract(factory: () => IDBFactory): void {
  it('keeps vectors across caches over one database: the second session embeds nothing', async () => {
    const indexedDB = factory();
    const name = `vectors-${crypto.randomUUID()}`;
    const first = conceptEmbedder();
    const a = new SkillLoader({ builtin: memorySource(files), routing: { embedder: first, vectorCache: indexedDbVectorCache({ name, indexedDB }) } });
    await a.loadAll();
    await a.embeddingsReady();
    expect(first.calls.flat()).toHaveLength(3);
    const second = conceptEmbedder();
    const cache = indexedDbVectorCache({ name, indexedDB });
    const b = new SkillLoader({ builtin: memorySource(files), routing: { embedder: second, vectorCache: cache } });
    await b.loadAll();
    await b.embeddingsReady();
    expect(second.calls).toEqual([]);
    expect(await b.routeAsync('file my receipts')).toEqual(await a.routeAsync('file my receipts'));
    cache.close();
  });

  it('gives back the exact vector it was given, and nothing for an unknown key', async () => {
    const cache = indexedDbVectorCache({ name: `vectors-${crypto.randomUUID()}`, indexedDB: factory() });
    const vector = Float32Array.from([0.6, -0.8, 1e-7]);
    await cache.set('m@1\u0000sha256:a\u0000v2', vector);
    expect([...((await cache.get('m@1\u0000sha256:a\u0000v2')) ?? [])]).toEqual([...vector]);
    expect(await cache.get('m@1\u0000sha256:b\u0000v2')).toBeUndefined();
    cache.close();
  });

  it('steps aside when another tab deletes its database, and works again after', async () => {
    const indexedDB = factory();
    const name = `vectors-${crypto.randomUUID()}`;
    const cache = indexedDbVectorCache({ name, indexedDB });
    await cache.set('k', Float32Array.from([1, 2]));
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error);
      request.onblocked = () => reject(new Error('the open cache blocked the deletion'));
    });
    expect(await cache.get('k')).toBeUndefined();
    await cache.set('k', Float32Array.from([3]));
    expect([...((await cache.get('k')) ?? [])]).toEqual([3]);
    cache.close();
  });

  it('is a miss, never an error, where IndexedDB cannot work', async () => {
    const broken = {
      open: () => {
        throw new Error('denied');
      },
    } as unknown as IDBFactory;
    const cache = indexedDbVectorCache({ indexedDB: broken });
    await cache.set('k', Float32Array.from([1]));
    expect(await cache.get('k')).toBeUndefined();
    const embedder = conceptEmbedder();
    const loader = new SkillLoader({ builtin: memorySource(files), routing: { embedder, vectorCache: cache } });
    await loader.loadAll();
    await loader.embeddingsReady();
    expect(embedder.calls.flat()).toHaveLength(3);
  });
}
