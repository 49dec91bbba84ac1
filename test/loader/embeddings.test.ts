import { describe, expect, it } from 'vitest';
import { SkillLoader } from '../../src/loader/loader.js';
import { memorySource } from '../../src/sources/memory.js';
import { skillVectorKey } from '../../src/routing/meaning/embedder.js';
import { routingMd, skill } from '../support/routing-skills.js';
import { rejected } from '../support/errors.js';
import { conceptEmbedder, type ConceptEmbedderOptions } from '../support/concept-embedder.js';

const files = {
  'expenses/SKILL.md': routingMd('expenses', { description: 'Turn invoices into a spreadsheet.' }),
  'weather-report/SKILL.md': routingMd('weather-report', { description: 'Current weather and forecasts for a city.', examples: ['will it rain tomorrow'] }),
  'refunds/SKILL.md': routingMd('refunds', { description: 'Handle refund requests for orders.', activation: 'intent-matched', intents: ['refund_request'] }),
  'researcher/SKILL.md': routingMd('researcher', { description: 'Fan out searches over the corpus.', activation: 'manual' }),
};
// "receipts" and "bills" mean invoices, "table" a spreadsheet: no word is shared with the expenses skill.
const concepts = { receipts: 'invoice', invoices: 'invoice', bills: 'invoice', table: 'sheet', spreadsheet: 'sheet', put: 'turn', turn: 'turn' };
const turn = 'put my receipts in a table';

async function loaded(options: ConceptEmbedderOptions = {}) {
  const embedder = conceptEmbedder({ concepts, ...options });
  const loader = new SkillLoader({ builtin: memorySource(files), routing: { embedder } });
  await loader.loadAll();
  return { loader, embedder };
}

describe('the embedding stage of a loader', () => {
  it('finds a skill by meaning once the vectors are ready, where lexical routing finds none', async () => {
    const { loader } = await loaded();
    await loader.embeddingsReady();
    expect(loader.route(turn)).toEqual([]);
    const [best] = await loader.routeAsync(turn);
    expect([best?.skill.name, best?.skill]).toEqual(['expenses', loader.getByName('expenses')]);
    expect((await loader.activateAsync(turn)).map((a) => [a.skill.name, a.reason])).toEqual([['expenses', 'search']]);
    expect(loader.activate(turn)).toEqual([]);
  });

  it('answers lexically until the vectors are ready', async () => {
    let open!: () => void;
    const { loader } = await loaded({ gate: new Promise<void>((r) => (open = r)) });
    expect(await loader.routeAsync('will it rain tomorrow')).toEqual(loader.route('will it rain tomorrow'));
    expect(await loader.routeAsync(turn)).toEqual([]);
    open();
    await loader.embeddingsReady();
    expect((await loader.routeAsync(turn))[0]?.skill.name).toBe('expenses');
  });

  it('keeps mentions and intents as they are, and ranks every routable skill (intent-matched too, never manual)', async () => {
    const { loader } = await loaded();
    await loader.embeddingsReady();
    const mention = await loader.activateAsync('/researcher receipts table');
    expect(mention.map((a) => [a.skill.name, a.reason, a.arguments])).toEqual([['researcher', 'mention', 'receipts table']]);
    const intent = await loader.activateAsync({ text: 'hello', intents: ['refund_request'] });
    expect(intent.map((a) => [a.skill.name, a.reason])).toEqual([['refunds', 'intent']]);
    const names = (await loader.routeAsync('refund requests research corpus', { limit: 10 })).map((r) => r.skill.name);
    expect(names).toContain('refunds');
    expect(names).not.toContain('researcher');
    // Given intents gate intent-matched skills: with an intent named, text alone does not reach `refunds`.
    const gated = await loader.activateAsync({ text: 'refund requests for orders', intents: ['something_else'] });
    expect(gated.map((a) => a.skill.name)).not.toContain('refunds');
    const open = await loader.activateAsync('refund requests for orders');
    expect(open.map((a) => [a.skill.name, a.reason])).toContainEqual(['refunds', 'intent']);
  });

  it('follows upsert and remove: a changed skill is embedded again, a removed one no longer routes', async () => {
    const { loader, embedder } = await loaded();
    await loader.embeddingsReady();
    const before = embedder.calls.length;
    loader.upsert({ ...skill('expenses', { description: 'Forecast the weather at sea.' }), source: 'builtin' });
    await loader.embeddingsReady();
    expect(embedder.calls.slice(before)).toEqual([['Forecast the weather at sea.']]);
    expect((await loader.routeAsync(turn)).map((r) => r.skill.name)).not.toContain('expenses');
    loader.remove('weather-report');
    await loader.embeddingsReady();
    expect((await loader.routeAsync('will it rain tomorrow')).map((r) => r.skill.name)).not.toContain('weather-report');
  });

  it('reads precomputed vectors from the cache the app passes, and a reload embeds nothing new', async () => {
    const vectorCache = new Map<string, Float32Array>();
    const first = conceptEmbedder({ concepts });
    const a = new SkillLoader({ builtin: memorySource(files), routing: { embedder: first, vectorCache } });
    await a.loadAll();
    await a.embeddingsReady();
    expect(vectorCache.size).toBe(3);
    const second = conceptEmbedder({ concepts });
    const b = new SkillLoader({ builtin: memorySource(files), routing: { embedder: second, vectorCache } });
    await b.loadAll();
    await b.embeddingsReady();
    expect(second.calls).toEqual([]);
    await b.loadAll();
    await b.embeddingsReady();
    expect(second.calls).toEqual([]);
    expect(vectorCache.has(skillVectorKey('concepts@1', (b.getByName('expenses') as { digest: string }).digest))).toBe(true);
    expect((await b.routeAsync(turn))[0]?.skill.name).toBe('expenses');
    expect(second.calls).toEqual([[turn]]);
  });

  it('rejects embeddingsReady with EMBEDDING_FAILED when the embedder fails, and keeps routing lexically', async () => {
    const { loader } = await loaded({ failWith: new Error('model missing') });
    expect((await rejected(loader.embeddingsReady())).code).toBe('EMBEDDING_FAILED');
    expect(await loader.routeAsync('will it rain tomorrow')).toEqual(loader.route('will it rain tomorrow'));
  });

  it('without an embedder: ready at once, and the async calls answer as the sync ones', async () => {
    const loader = new SkillLoader({ builtin: memorySource(files) });
    await loader.loadAll();
    await loader.embeddingsReady();
    expect(await loader.routeAsync('will it rain tomorrow')).toEqual(loader.route('will it rain tomorrow'));
    expect(await loader.activateAsync('will it rain tomorrow')).toEqual(loader.activate('will it rain tomorrow'));
  });
});
