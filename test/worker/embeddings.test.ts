// The embedding stage behind the worker boundary: routeAsync, activateAsync and embeddingsReady answer from the page
// as the loader does in the worker, and an embedder's failure reaches the page as EMBEDDING_FAILED.
import { describe, expect, it } from 'vitest';
import { memorySource } from '../../src/index.js';
import { routingMd } from '../support/routing-skills.js';
import { codeOf } from '../support/errors.js';
import { conceptEmbedder } from '../support/concept-embedder.js';
import { inProcess } from '../support/in-process-runtime.js';

const files = {
  'expenses/SKILL.md': routingMd('expenses', { description: 'Turn invoices into a spreadsheet.' }),
  'weather-report/SKILL.md': routingMd('weather-report', { description: 'Current weather and forecasts for a city.', examples: ['will it rain tomorrow'] }),
};
const concepts = { receipts: 'invoice', invoices: 'invoice', table: 'sheet', spreadsheet: 'sheet', put: 'turn', turn: 'turn' };
const turn = 'put my receipts in a table';

describe('the embedding stage from the page', () => {
  it('routes and activates by meaning in the worker, as the loader does', async () => {
    const { client, runtime } = inProcess({ builtin: memorySource(files), routing: { embedder: conceptEmbedder({ concepts }) } });
    await client.loadAll();
    await client.embeddingsReady();
    const loader = runtime.loader;
    expect(await client.route(turn)).toEqual([]);
    const routed = await client.routeAsync(turn);
    expect(routed[0]?.skill.name).toBe('expenses');
    expect(routed).toEqual(await loader.routeAsync(turn));
    const activated = await client.activateAsync(turn);
    expect(activated.map((a) => [a.skill.name, a.reason])).toEqual([['expenses', 'search']]);
    expect(activated).toEqual(await loader.activateAsync(turn));
  });

  it('answers lexically without an embedder, and says EMBEDDING_FAILED when the embedder fails', async () => {
    const plain = inProcess({ builtin: memorySource(files) });
    await plain.client.loadAll();
    await plain.client.embeddingsReady();
    expect(await plain.client.activateAsync('will it rain tomorrow')).toEqual(await plain.client.activate('will it rain tomorrow'));
    const failing = inProcess({ builtin: memorySource(files), routing: { embedder: conceptEmbedder({ failWith: new Error('model gone') }) } });
    await failing.client.loadAll();
    expect(await codeOf(failing.client.embeddingsReady())).toBe('EMBEDDING_FAILED');
    expect(await failing.client.routeAsync('will it rain tomorrow')).toEqual(await failing.client.route('will it rain tomorrow'));
  });
});
