// The same pair over Node worker_threads: a worker entry bundled with Vite's SSR build (Node 20 cannot run .ts in
// a worker), the client connected to the Worker itself.
import { Worker } from 'node:worker_threads';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { memorySource, SkillLoader, SKILL_TOOLS, type LoadProgress } from '../../src/index.js';
import { connectSkillRuntime } from '../../src/client/index.js';
import { codeOf, rejected } from '../support/errors.js';
import { BUILTIN_FILES, USER_NS, userSkill } from '../support/runtime-skills.js';
import type { FakeChange, FakeStore } from '../support/fake-store.js';
import { nodeBundles } from '../support/node-bundle.js';

const bundled = nodeBundles();
let bundle = '';
const workers: Worker[] = [];

beforeAll(async () => {
  bundle = await bundled(new URL('./fixtures/node-worker.ts', import.meta.url));
}, 60_000);

afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.terminate()));
});

function startWorker(): Worker {
  const worker = new Worker(bundle);
  workers.push(worker);
  return worker;
}

describe('over Node worker_threads', () => {
  it('answers like the loader in process, with progress, tools and store, and SkillErrors intact', async () => {
    const client = connectSkillRuntime<FakeStore>(startWorker());
    const progress: LoadProgress[] = [];
    const skills = await client.loadAll(undefined, undefined, { onProgress: (p) => progress.push(p) });
    const loader = new SkillLoader({ builtin: memorySource(BUILTIN_FILES) });
    expect(skills).toEqual(await loader.loadAll());
    expect(progress).toEqual([{ tier: 'builtin', source: 'memory', loaded: 4, skipped: 0 }]);
    expect(await client.activate('I want my money back')).toEqual(loader.activate('I want my money back'));
    expect(await client.catalog()).toBe(loader.catalog());
    expect(await client.runTool('skills.read', { name: 'refunds', path: 'references/guide.md' }, { grants: SKILL_TOOLS.permissions })).toMatchObject({
      text: 'Refunds up to 50 EUR are automatic.',
    });
    const error = await rejected(client.readFile('nope', 'a.md'));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toBe('The loader holds no skill named "nope".');
    const changes: FakeChange[] = [];
    client.on('change', (c) => changes.push(c));
    expect(await client.store.put(USER_NS, userSkill('alpha'))).toEqual({ name: 'alpha', revision: 1 });
    await vi.waitFor(() => expect(changes.map((c) => c.name)).toEqual(['alpha']));
  });

  it('a terminated worker fails calls with WORKER_LOST (its exit event); reconnect carries on with a new one', async () => {
    const first = startWorker();
    const client = connectSkillRuntime(first);
    await client.loadAll();
    await first.terminate();
    const error = await rejected(client.getAll());
    expect(error.code).toBe('WORKER_LOST');
    expect(error.message).toContain('`exit`');
    client.reconnect(startWorker());
    expect(await client.loadAll()).toHaveLength(4);
  });

  it('a worker that crashes outside any call fails the pending ones with WORKER_LOST', async () => {
    const worker = startWorker();
    const client = connectSkillRuntime(worker);
    await client.loadAll();
    const lost = new Promise((resolve) => client.on('lost', resolve));
    worker.postMessage({ crash: true });
    await lost;
    expect(await codeOf(client.size)).toBe('WORKER_LOST');
  });
});
