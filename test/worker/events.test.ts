// What reaches the page besides answers: store changes as subscriptions, progress of a load, and cancellation.
import { describe, expect, it, vi } from 'vitest';
import { memorySource, type LoadProgress } from '../../src/index.js';
import { codeOf, rejected } from '../support/errors.js';
import { gatedSource } from '../support/gated-source.js';
import { inProcess } from '../support/in-process-runtime.js';
import { BUILTIN_FILES, ORG, USER, USER_NS, userSkill } from '../support/runtime-skills.js';
import { FakeStore, type FakeChange } from '../support/fake-store.js';

describe('change events', () => {
  it('reach every page listener as clone-safe data until it unsubscribes', async () => {
    const { client } = inProcess();
    const first: FakeChange[] = [];
    const second: FakeChange[] = [];
    const stopFirst = client.on('change', (change) => first.push(change));
    client.on('change', (change) => second.push(change));
    await client.store.put(USER_NS, userSkill('alpha'));
    await vi.waitFor(() => expect(second).toHaveLength(1));
    expect(first).toEqual(second);
    expect(second[0]).toEqual({
      action: 'put',
      namespace: USER_NS,
      name: 'alpha',
      revision: 1,
      item: { key: 'alpha', value: userSkill('alpha'), updatedAt: new Date(0) },
    });
    stopFirst();
    await client.store.put(USER_NS, userSkill('beta'));
    await vi.waitFor(() => expect(second).toHaveLength(2));
    expect(first).toHaveLength(1);
  });

  it('hold one store subscription per page, dropped in the worker when the last listener leaves', async () => {
    const store = new FakeStore();
    const { client } = inProcess({ store });
    const stops = [client.on('change', () => undefined), client.on('change', () => undefined)];
    await vi.waitFor(() => expect(store.listenerCount).toBe(1));
    for (const stop of stops) stop();
    await vi.waitFor(() => expect(store.listenerCount).toBe(0));
  });
});

describe('progress', () => {
  it('reports each tier on the page before loadAll resolves', async () => {
    const store = new FakeStore();
    await store.put(USER_NS, userSkill('mine'));
    const { client } = inProcess({ builtin: memorySource(BUILTIN_FILES), store });
    const seen: LoadProgress[] = [];
    const skills = await client.loadAll(ORG, USER, { onProgress: (p) => seen.push(p) });
    expect(seen).toEqual([
      { tier: 'builtin', source: 'memory', loaded: 4, skipped: 0 },
      { tier: 'org', source: 'store:acme/skills', loaded: 4, skipped: 0 },
      { tier: 'user', source: 'store:acme/u1/skills', loaded: 5, skipped: 0 },
    ]);
    expect(skills).toHaveLength(5);
  });
});

describe('cancellation', () => {
  it('aborting on the page cancels the load in the worker, which rejects with ABORTED and keeps its cache', async () => {
    const source = gatedSource();
    const { client, runtime } = inProcess({ builtin: source });
    const before = await client.loadAll();
    source.hold();
    const controller = new AbortController();
    const load = client.loadAll(undefined, undefined, { signal: controller.signal });
    await source.started; // the worker is inside the load
    controller.abort();
    const error = await rejected(load);
    expect(error.code).toBe('ABORTED');
    expect(await client.getAll()).toEqual(before);
    expect(runtime.loader.getAll()).toEqual(before);
  });

  it('a signal aborted before the call rejects at once, and the worker is not asked', async () => {
    const source = gatedSource();
    const { client } = inProcess({ builtin: source });
    source.hold();
    expect(await codeOf(client.loadAll(undefined, undefined, { signal: AbortSignal.abort() }))).toBe('ABORTED');
    expect(await codeOf(client.getAll())).toBe('NOT_LOADED');
  });
});
