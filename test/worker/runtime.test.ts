// The runtime behind Comlink: every loader read, the tools and the store answer from the page exactly as in
// process, and every answer survives structured cloning unchanged.
import { describe, expect, it, vi } from 'vitest';
import { memorySource, SKILL_TOOLS, SkillError, type Skill } from '../../src/index.js';
import { codeOf, rejected, thrown } from '../support/errors.js';
import { skillMd } from '../support/skill-md.js';
import { ANSWER_PAGE_SIZE } from '../../src/worker/index.js';
import { AnswerPages } from '../../src/worker/paging.js';

const codeOfSync = (fn: () => unknown) => thrown(fn).code;
import { inProcess } from '../support/in-process-runtime.js';
import { BUILTIN_FILES, ORG, ORG_NS, USER, USER_NS, userSkill } from '../support/runtime-skills.js';
import { FakeStore } from '../support/fake-store.js';

/** `remote` equals `local`, and `local` clones into the same value (it is structured-clone safe). */
function same(remote: unknown, local: unknown): void {
  expect(structuredClone(local)).toEqual(local);
  expect(remote).toEqual(structuredClone(local));
}

async function loadedPair() {
  const store = new FakeStore();
  await store.put(ORG_NS, userSkill('org-policy', 'Answer questions about the org travel policy.'));
  await store.put(USER_NS, userSkill('my-notes', 'Keep the user notes about parcels in order.'));
  const pair = inProcess({ builtin: memorySource(BUILTIN_FILES), store });
  const skills = await pair.client.loadAll(ORG, USER);
  return { ...pair, store, skills };
}

describe('the runtime from the page', () => {
  it('answers every loader read like the loader in process, with clone-safe results', async () => {
    const { client, runtime, skills } = await loadedPair();
    const loader = runtime.loader;
    same(skills, loader.getAll());
    expect(skills.map((s: Skill) => s.name)).toEqual(['deploy', 'refunds', 'researcher', 'shipping', 'org-policy', 'my-notes']);
    same(await client.getByName('researcher'), loader.getByName('researcher'));
    expect(await client.getByName('nope')).toBeUndefined();
    same(await client.getByIntent('TRACK_PARCEL'), loader.getByIntent('TRACK_PARCEL'));
    same(await client.getAll(), loader.getAll());
    same(await client.size, loader.size);
    same(await client.diagnostics, loader.diagnostics);
    same(await client.isLoaded, true);
    same(await client.digest, loader.digest);
    same(await client.permissions, [...loader.permissions]);
    same(await client.route('money back please', { limit: 2 }), loader.route('money back please', { limit: 2 }));
    same(await client.activate('I want my money back'), loader.activate('I want my money back'));
    same(await client.activate({ text: 'where is it', intents: ['track_parcel'] }), loader.activate({ text: 'where is it', intents: ['track_parcel'] }));
    same(await client.activate('/researcher the history of tea'), loader.activate('/researcher the history of tea'));
    same(await client.catalog(), loader.catalog());
    same(await client.catalog({ format: 'xml' }), loader.catalog({ format: 'xml' }));
    same(await client.readFile('refunds', 'references/guide.md'), await loader.readFile('refunds', 'references/guide.md'));
    expect((await client.activate('I want my money back'))[0]?.skill.name).toBe('refunds');
    same(await client.catalogFit({ maxBytes: 900, turn: 'parcel' }), loader.catalogFit({ maxBytes: 900, turn: 'parcel' }));
    // Learning, and the record of what was handed out, live in the worker's loader.
    const learned = await client.learn('shipping', 'the courier left my box at the wrong door');
    expect(learned).toMatchObject({ name: 'shipping', count: 1 });
    same(await client.learnedExamples(), loader.learnedExamples());
    expect((await client.route('courier wrong door'))[0]?.skill.name).toBe('shipping');
    expect(await client.forgetExample('shipping', learned.text)).toBe(true);
    expect(await codeOf(client.learn('nope', 'x'))).toBe('NOT_FOUND');
    await client.activateAsync('/refunds order 7');
    same(await client.loaded, loader.loaded);
    await client.clearLoaded();
    same(await client.loaded, []);
  });

  it('describes the tools without their run function, and runs them in the worker after the grant check', async () => {
    const { client, runtime } = await loadedPair();
    const tools = await client.tools;
    same(
      tools,
      runtime.loader.tools.map(({ run: _run, ...tool }) => ({ ...tool, grants: [...tool.grants] })),
    );
    expect(tools.map((t) => t.id)).toEqual(['skills.load', 'skills.read', 'skills.search']);
    expect(tools.every((t) => !('run' in t))).toBe(true);
    const [load, read] = runtime.loader.tools as [(typeof runtime.loader.tools)[0], (typeof runtime.loader.tools)[0]];
    const grants = { grants: SKILL_TOOLS.permissions };
    same(await client.runTool('skills.load', { name: 'refunds', arguments: 'order 7' }, grants), await load.run({ name: 'refunds', arguments: 'order 7' }));
    same(
      await client.runTool('skills.read', { name: 'refunds', path: 'references/guide.md' }, grants),
      await read.run({ name: 'refunds', path: 'references/guide.md' }),
    );
    const searched = await client.runTool('skills.search', { query: 'refund' }, { grants: SKILL_TOOLS.loaderPermissions });
    same(searched, await (runtime.loader.tools[2] as (typeof runtime.loader.tools)[0]).run({ query: 'refund' }));
    expect(await codeOf(client.runTool('skills.search', { query: 'refund' }, grants))).toBe('PERMISSION_DENIED');
    const denied = await rejected(client.runTool('skills.load', { name: 'refunds' }, { grants: new Set(['tool:skills.load']) }));
    expect(denied.code).toBe('PERMISSION_DENIED');
    expect(denied.message).toContain('`skills:read`');
    expect(await codeOf(client.runTool('skills.read', { name: 'refunds', path: 'assets/logo.png' }, grants))).toBe('INVALID_INPUT');
    expect(await codeOf(client.runTool('skills.write', {}, grants))).toBe('NOT_FOUND');
  });

  it('rejects with the SkillError the worker threw: class, code, message, diagnostics, path and cause', async () => {
    const { client } = inProcess();
    const notLoaded = await rejected(client.getAll());
    expect(notLoaded).toBeInstanceOf(SkillError);
    expect(notLoaded.code).toBe('NOT_LOADED');
    expect(notLoaded.message).toBe('The loader has no skills yet: await loadAll() first.');
    const invalid = await rejected(client.store.put(USER_NS, 'no front matter here'));
    expect(invalid.code).toBe('INVALID_SKILL');
    expect(invalid.path).toBe('SKILL.md');
    expect(invalid.diagnostics).toEqual([
      { code: 'name-missing', severity: 'error', message: 'The required `name` field is missing or empty.', path: 'SKILL.md', line: 1, column: 1 },
    ]);
    expect(invalid.cause).toMatchObject({ name: 'RangeError', message: 'no name line' });
    expect(invalid.stack).toContain('put');
  });

  it('keeps Comlink’s handling of errors that are not SkillErrors', async () => {
    const failing = { search: () => Promise.resolve([]), get: () => Promise.reject(new TypeError('disk on fire')) };
    const { client } = inProcess({ store: failing });
    const error = await client.store.get(ORG_NS, 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'TypeError', message: 'disk on fire' });
  });
});

describe('long answers', () => {
  it('arrive in pages of ANSWER_PAGE_SIZE and join into the loader’s list, in order', async () => {
    const files = Object.fromEntries(
      Array.from({ length: 2 * ANSWER_PAGE_SIZE + 7 }, (_, i) => [
        `s${String(i).padStart(3, '0')}/SKILL.md`,
        skillMd(`s${String(i).padStart(3, '0')}`, { front: 'intents: [all]\n' }),
      ]),
    );
    const { client, runtime, workerPort } = inProcess({ builtin: memorySource(files) });
    const messages: unknown[] = [];
    workerPort.on('message', (m) => messages.push(m));
    same(await client.loadAll(), runtime.loader.getAll());
    same(await client.getAll(), runtime.loader.getAll());
    same(await client.getByIntent('all'), runtime.loader.getByIntent('all'));
    same(await client.activate({ intents: ['all'] }), runtime.loader.activate({ intents: ['all'] }));
    expect(runtime.loader.size).toBe(2 * ANSWER_PAGE_SIZE + 7);
    // Four lists of three pages each: the first with the answer, two more asked for.
    expect(messages.filter((m) => (m as { path?: string[] }).path?.[0] === 'nextPage')).toHaveLength(8);
  });

  it('a page asked for again, or never kept, is NOT_FOUND', () => {
    const pages = new AnswerPages();
    const first = pages.first(Array.from({ length: ANSWER_PAGE_SIZE + 1 }, (_, i) => i));
    expect(first.items).toHaveLength(ANSWER_PAGE_SIZE);
    expect(pages.next(first.next as number)).toEqual({ items: [ANSWER_PAGE_SIZE] });
    expect(codeOfSync(() => pages.next(first.next as number))).toBe('NOT_FOUND');
    expect(pages.first([1, 2])).toEqual({ items: [1, 2] });
  });
});

describe('the store from the page', () => {
  it('forwards each method under its own name, async, with the store’s answers', async () => {
    const { client, runtime } = inProcess();
    const store = (await runtime.store) as FakeStore;
    expect(await client.store.put(USER_NS, userSkill('alpha'))).toEqual({ name: 'alpha', revision: 1 });
    expect(await client.store.put(USER_NS, userSkill('alpha'), { expectedRevision: 1 })).toEqual({ name: 'alpha', revision: 2 });
    same(await client.store.get(USER_NS, 'alpha'), await store.get(USER_NS, 'alpha'));
    same(await client.store.list(USER_NS), await store.list(USER_NS));
    same(await client.store.search(USER_NS), await store.search(USER_NS));
    expect(await codeOf(client.store.put(USER_NS, userSkill('alpha'), { expectedRevision: 1 }))).toBe('CONFLICT');
  });

  it('refuses a method the store lacks, and every method of a runtime without a store, with NOT_FOUND', async () => {
    const { client } = inProcess();
    const missing = await rejected((client.store as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)['history']!(USER_NS, 'alpha'));
    expect(missing.code).toBe('NOT_FOUND');
    expect(missing.message).toContain('store.history');
    const bare = inProcess({ builtin: memorySource(BUILTIN_FILES) });
    expect((await rejected(bare.client.store.list(USER_NS))).message).toContain('without a store');
  });

  it('a write from the page reaches the next load', async () => {
    const { client } = await loadedPair();
    await client.store.put(USER_NS, userSkill('fresh'));
    expect((await client.loadAll(ORG, USER)).map((s) => s.name)).toContain('fresh');
  });

  it('takes a store that is still opening (a promise) and waits for it on first use, events included', async () => {
    const store = new FakeStore();
    let open: (s: FakeStore) => void = () => undefined;
    const { client } = inProcess({ builtin: memorySource(BUILTIN_FILES), store: new Promise<FakeStore>((resolve) => (open = resolve)) });
    const heard: string[] = [];
    client.on('change', (change) => heard.push(change.name));
    const written = client.store.put(USER_NS, userSkill('early'));
    const loaded = client.loadAll(ORG, USER);
    open(store);
    expect(await written).toEqual({ name: 'early', revision: 1 });
    expect((await loaded).map((s) => s.name)).toContain('early');
    // The page's subscription, and the loader's own: it follows its store after a load.
    expect(store.listenerCount).toBeGreaterThanOrEqual(2);
    await client.store.put(USER_NS, userSkill('later'));
    await vi.waitFor(() => expect(heard).toContain('later'));
  });
});
