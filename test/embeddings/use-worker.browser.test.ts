// The real model where the design puts it: USE-Lite on TF.js's WASM backend inside a Chromium Worker, behind the
// client. The page only sends turns; the worker loads the model, embeds the skills and blends.
import { afterEach, describe, expect, inject, it } from 'vitest';
import { connectSkillRuntime } from '../../src/client/index.js';

const workers: Worker[] = [];
afterEach(() => {
  for (const worker of workers.splice(0)) worker.terminate();
});

describe('createSentenceEncoder in a Worker', () => {
  it('routes by meaning from the page, where lexical routing finds nothing', async () => {
    const worker = new Worker(new URL('./fixtures/use-worker.ts', import.meta.url), { type: 'module', name: inject('modelOrigin') });
    workers.push(worker);
    const client = connectSkillRuntime(worker);
    await client.loadAll();
    await client.embeddingsReady();
    const turn = 'will I need an umbrella on Saturday';
    expect(await client.route(turn)).toEqual([]);
    expect((await client.routeAsync(turn))[0]?.skill.name).toBe('weather');
    const receipts = 'I have a pile of receipts from my trip, can you tabulate what I spent?';
    expect((await client.routeAsync(receipts))[0]?.skill.name).toBe('expense-report');
    expect((await client.routeAsync('how do I undo my last commit'))[0]?.skill.name).toBe('git-helper');
    expect(await client.activateAsync('tell me a joke about cats')).toEqual([]);
  }, 60_000);
});
