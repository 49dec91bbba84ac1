// A worker that dies: pending and later calls reject with WORKER_LOST (from the endpoint's own events, or from
// the heartbeat when there are none), and the client carries on with a fresh worker after reconnect().
import { describe, expect, it, vi } from 'vitest';
import { memorySource } from '../../src/index.js';
import type { SkillError } from '../../src/format/errors.js';
import { exposeSkillRuntime } from '../../src/worker/index.js';
import { connectSkillRuntime } from '../../src/client/index.js';
import { codeOf, rejected } from '../support/errors.js';
import { gatedSource } from '../support/gated-source.js';
import { channel, inProcess } from '../support/in-process-runtime.js';
import { BUILTIN_FILES, ORG, USER, USER_NS, userSkill } from '../support/runtime-skills.js';
import { FakeStore, type FakeChange } from '../support/fake-store.js';

describe('a lost worker', () => {
  it('fails a pending call and every later one with WORKER_LOST when its port closes, and tells `lost` listeners', async () => {
    const source = gatedSource();
    source.hold();
    const { client, workerPort } = inProcess({ builtin: source });
    const heard: SkillError[] = [];
    client.on('lost', (error) => heard.push(error));
    const pending = client.loadAll();
    await source.started;
    workerPort.close();
    const error = await rejected(pending);
    expect(error.code).toBe('WORKER_LOST');
    expect(error.message).toContain('`close`');
    expect(error.message).toContain('reconnect');
    expect(await codeOf(client.getAll())).toBe('WORKER_LOST');
    expect(await codeOf(client.size)).toBe('WORKER_LOST');
    expect(heard).toEqual([error]);
    expect(client.lost).toBe(error);
  });

  it('is found by the heartbeat when the endpoint says nothing: a ping goes unanswered', async () => {
    const { port2 } = channel(); // nobody serves the other side: a hung or silently terminated worker
    const client = connectSkillRuntime(port2, { heartbeatInterval: 10, heartbeatTimeout: 30 });
    const error = await rejected(client.getAll());
    expect(error.code).toBe('WORKER_LOST');
    expect(error.message).toContain('did not answer a ping within 30 ms');
  });

  it('is not mistaken for lost while a slow call keeps the worker busy but answering pings', async () => {
    const source = gatedSource();
    source.hold();
    const { client } = inProcess({ builtin: source }, { heartbeatInterval: 5, heartbeatTimeout: 1000 });
    const pending = client.loadAll();
    await source.started;
    // Several heartbeats pass while the load waits.
    await new Promise((resolve) => setTimeout(resolve, 50));
    source.open();
    expect(await pending).toHaveLength(4);
    expect(client.lost).toBeUndefined();
  });
});

describe('reconnect', () => {
  it('carries on with a fresh worker; change subscriptions move over and the store’s data is intact', async () => {
    const store = new FakeStore(); // stands for IndexedDB, which outlives the worker (see the browser test)
    const first = inProcess({ builtin: memorySource(BUILTIN_FILES), store });
    const { client } = first;
    const changes: FakeChange[] = [];
    client.on('change', (change) => changes.push(change));
    await client.loadAll(ORG, USER);
    await client.store.put(USER_NS, userSkill('kept'));
    await vi.waitFor(() => expect(changes).toHaveLength(1));
    first.workerPort.close();
    await vi.waitFor(() => expect(client.lost?.code).toBe('WORKER_LOST'));

    const { port1, port2 } = channel();
    exposeSkillRuntime({ builtin: memorySource(BUILTIN_FILES), store }, port1);
    client.reconnect(port2);
    expect(client.lost).toBeUndefined();
    expect(await codeOf(client.getAll())).toBe('NOT_LOADED'); // a new worker starts empty
    expect((await client.loadAll(ORG, USER)).map((s) => s.name)).toContain('kept');
    // The page's subscription moved to the new worker, whose loader follows the store after its load (in this
    // one-process test the dead worker's loader is still an object listening too; a real worker is gone with it).
    await vi.waitFor(() => expect(store.listenerCount).toBeGreaterThanOrEqual(2));
    await client.store.put(USER_NS, userSkill('after'));
    await vi.waitFor(() => expect(changes.map((c) => c.name)).toEqual(['kept', 'after']));
  });

  it('replacing a live worker fails the calls still pending on it with WORKER_LOST', async () => {
    const source = gatedSource();
    source.hold();
    const { client } = inProcess({ builtin: source });
    const pending = client.loadAll();
    await source.started;
    const { port1, port2 } = channel();
    exposeSkillRuntime({ builtin: memorySource(BUILTIN_FILES) }, port1);
    client.reconnect(port2);
    expect((await rejected(pending)).message).toContain('replaced by reconnect()');
    expect(await client.loadAll()).toHaveLength(4);
  });

  it('close() ends the connection: the worker drops the page’s subscriptions, later calls fail', async () => {
    const store = new FakeStore();
    const { client } = inProcess({ store });
    client.on('change', () => undefined);
    await vi.waitFor(() => expect(store.listenerCount).toBe(1));
    client.close();
    expect((await rejected(client.getAll())).message).toContain('close() was called');
    await vi.waitFor(() => expect(store.listenerCount).toBe(0));
  });
});
