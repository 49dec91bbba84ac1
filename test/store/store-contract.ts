// The store contract: every SkillStore (memory, IndexedDB in Node and in Chromium) passes these tests.
import { afterEach, describe, expect, it } from 'vitest';
import { parseSkill } from '../../src/format/parse.js';
import { SkillLoader } from '../../src/loader/loader.js';
import type { LoaderChange } from '../../src/loader/live.js';
import { memorySource } from '../../src/sources/memory.js';
import type { SkillStore, StoreChange, StoreOptions } from '../../src/store/index.js';
import { codeOf, rejected } from '../support/errors.js';
import { skillMd } from '../support/skill-md.js';

/** Makes a fresh, empty store for one test. */
export type StoreFactory = (options?: StoreOptions) => Promise<SkillStore>;

/** Inside a `describe`: a `fresh(options?)` that opens a store with `make`, each one closed after its test. */
export function closingStores(make: StoreFactory): (options?: StoreOptions) => Promise<SkillStore> {
  const opened: SkillStore[] = [];
  afterEach(() => {
    for (const s of opened.splice(0)) s.close();
  });
  return async (options) => {
    const store = await make(options);
    opened.push(store);
    return store;
  };
}

const USER = ['acme', 'ann', 'skills'];
const ORG = ['acme', 'skills'];
const invoices = skillMd('invoice-export', {
  description: 'Convert invoices into CSV spreadsheets for accounting.',
  front: { examples: ['convert my invoices to a csv spreadsheet'] },
  body: 'Export each invoice line.',
});

export function describeStoreContract(label: string, make: StoreFactory): void {
  describe(`store contract: ${label}`, () => {
    const fresh = closingStores(make);

    it('put returns name, revision and the parser digest; get, list and search read it back', async () => {
      const store = await fresh();
      const result = await store.put(USER, invoices);
      expect(result).toEqual({ name: 'invoice-export', revision: 1, digest: parseSkill(invoices).skill?.digest });
      const got = await store.get(USER, 'invoice-export');
      expect(got).toMatchObject({ name: 'invoice-export', revision: 1, state: 'active', text: invoices, files: {}, namespace: USER });
      expect(await store.list(USER)).toEqual([expect.objectContaining({ name: 'invoice-export', revision: 1, state: 'active' })]);
      const items = await store.search(USER);
      expect(items).toEqual([expect.objectContaining({ namespace: USER, key: 'invoice-export', value: { text: invoices, files: {} } })]);
      expect(await store.search(ORG)).toEqual([]);
      expect(await store.get(ORG, 'invoice-export')).toBeUndefined();
    });

    it('stores a folder with text and binary files, and the loader reads them', async () => {
      const store = await fresh();
      const bytes = new Uint8Array([0, 1, 2, 255]);
      await store.put(USER, { 'SKILL.md': invoices, 'references/format.md': '# Format', 'assets/logo.bin': bytes });
      const got = await store.get(USER, 'invoice-export');
      expect(got?.files['references/format.md']).toBe('# Format');
      expect([...(got?.files['assets/logo.bin'] as Uint8Array)]).toEqual([0, 1, 2, 255]);
      const loader = new SkillLoader({ store });
      await loader.loadAll('acme', 'ann');
      const skill = loader.getByName('invoice-export');
      expect(skill?.source).toBe('user');
      expect(skill?.files.map((f) => [f.path, f.isText])).toEqual([
        ['assets/logo.bin', false],
        ['references/format.md', true],
      ]);
      expect(await loader.readFile('invoice-export', 'references/format.md')).toBe('# Format');
    });

    it('refuses a skill the runtime profile would skip, unsafe paths and limits, writing nothing', async () => {
      const store = await fresh({ limits: { maxFilesPerSkill: 1 } });
      const invalid = await rejected(store.put(USER, '---\nname: no-description\n---\nBody.\n'));
      expect(invalid.code).toBe('INVALID_SKILL');
      expect(invalid.diagnostics.map((d) => d.code)).toContain('description-missing');
      expect(await codeOf(store.put(USER, { 'SKILL.md': invoices, '../escape.md': 'x' }))).toBe('UNSAFE_PATH');
      expect(await codeOf(store.put(USER, { 'SKILL.md': invoices, 'a.md': 'a', 'b.md': 'b' }))).toBe('LIMIT_EXCEEDED');
      expect(await codeOf(store.put(USER, { 'README.md': 'no skill file' }))).toBe('INVALID_SKILL');
      expect(await codeOf(store.put(USER, skillMd('bad/name')))).toBe('UNSAFE_PATH');
      expect(await store.list(USER)).toEqual([]);
      expect(await store.auditLog(USER)).toEqual([]);
    });

    it('a stale expectedRevision fails with CONFLICT and keeps the other writer’s revision', async () => {
      const store = await fresh();
      await store.put(USER, invoices, { expectedRevision: 0 });
      const theirs = skillMd('invoice-export', { body: 'Their change.' });
      await store.put(USER, theirs, { expectedRevision: 1 });
      expect(await codeOf(store.put(USER, skillMd('invoice-export', { body: 'Mine.' }), { expectedRevision: 1 }))).toBe('CONFLICT');
      expect(await codeOf(store.put(USER, invoices, { expectedRevision: 0 }))).toBe('CONFLICT');
      const got = await store.get(USER, 'invoice-export');
      expect([got?.revision, got?.text]).toEqual([2, theirs]);
      expect(await store.history(USER, 'invoice-export')).toHaveLength(2);
    });

    it('an identical put adds no revision', async () => {
      const store = await fresh();
      await store.put(USER, invoices);
      expect(await store.put(USER, invoices)).toMatchObject({ revision: 1 });
      expect(await store.history(USER, 'invoice-export')).toHaveLength(1);
    });

    it('history keeps every full revision; rollback copies one into a new revision', async () => {
      const store = await fresh();
      const v2 = skillMd('invoice-export', { body: 'Second.' });
      await store.put(USER, invoices, { actor: 'person' });
      await store.put(USER, v2, { actor: { kind: 'agent', id: 'reviewer' } });
      const back = await store.rollback(USER, 'invoice-export', 1);
      expect(back).toMatchObject({ revision: 3, digest: parseSkill(invoices).skill?.digest });
      const history = await store.history(USER, 'invoice-export');
      expect(history.map((r) => [r.revision, r.action, r.actor.kind, r.text])).toEqual([
        [1, 'put', 'person', invoices],
        [2, 'put', 'agent', v2],
        [3, 'rollback', 'person', invoices],
      ]);
      expect(history[2]?.from).toBe(1);
      expect(await codeOf(store.rollback(USER, 'invoice-export', 9))).toBe('NOT_FOUND');
      expect(await codeOf(store.rollback(USER, 'nothing', 1))).toBe('NOT_FOUND');
    });

    it('archive leaves search but keeps everything; restore brings it back', async () => {
      const store = await fresh();
      await store.put(USER, invoices);
      await store.archive(USER, 'invoice-export');
      expect(await store.search(USER)).toEqual([]);
      expect((await store.get(USER, 'invoice-export'))?.state).toBe('archived');
      // The archive is a revision of the same content (the MD-first seed: every durable mutation appends a full-body revision).
      expect(await store.list(USER)).toEqual([expect.objectContaining({ state: 'archived', revision: 2 })]);
      expect(await store.history(USER, 'invoice-export')).toHaveLength(2);
      await store.restore(USER, 'invoice-export');
      expect((await store.search(USER)).map((i) => i.key)).toEqual(['invoice-export']);
      expect(await codeOf(store.archive(USER, 'nothing'))).toBe('NOT_FOUND');
      // Writing an archived skill makes it active again, as a new revision.
      await store.archive(USER, 'invoice-export');
      expect(await store.put(USER, skillMd('invoice-export', { body: 'Revived.' }))).toMatchObject({ revision: 5 });
      expect((await store.get(USER, 'invoice-export'))?.state).toBe('active');
    });

    it('purge deletes every revision; the audit keeps the fact, not the content', async () => {
      const store = await fresh();
      await store.put(USER, invoices);
      await store.put(USER, skillMd('invoice-export', { body: 'Secret second body.' }));
      await store.purge(USER, 'invoice-export', { actor: 'person' });
      expect(await store.get(USER, 'invoice-export')).toBeUndefined();
      expect(await store.history(USER, 'invoice-export')).toEqual([]);
      expect(await store.list(USER)).toEqual([]);
      const audit = await store.auditLog(USER, 'invoice-export');
      expect(audit.map((e) => [e.action, e.revision])).toEqual([
        ['put', 1],
        ['put', 2],
        ['purge', 2],
      ]);
      expect(audit[2]?.digest).toBeUndefined();
      expect(JSON.stringify(audit)).not.toContain('Secret');
      // Revision numbers never repeat after a purge.
      expect(await store.put(USER, invoices)).toMatchObject({ revision: 3 });
    });

    it('refuses names builtin skills hold, given at open or later', async () => {
      const store = await fresh({ reservedNames: ['pdf'] });
      expect(await codeOf(store.put(USER, skillMd('pdf')))).toBe('CONFLICT');
      await store.put(USER, invoices);
      store.reserveNames(['invoice-export']);
      expect(await codeOf(store.put(USER, skillMd('invoice-export', { body: 'New.' })))).toBe('CONFLICT');
      expect(await codeOf(store.rollback(USER, 'invoice-export', 1))).toBe('CONFLICT');
    });

    it('the audit log records actor, time, skill, revision, digest and action, in order', async () => {
      const store = await fresh();
      const { digest } = await store.put(USER, invoices, { actor: { kind: 'agent', id: 'bot-1' } });
      await store.archive(USER, 'invoice-export');
      await store.put(ORG, skillMd('org-skill'));
      const audit = await store.auditLog(USER);
      expect(audit.map((e) => [e.action, e.name, e.revision, e.digest, e.actor])).toEqual([
        ['put', 'invoice-export', 1, digest, { kind: 'agent', id: 'bot-1' }],
        ['archive', 'invoice-export', 2, digest, { kind: 'person' }],
      ]);
      expect(audit[0]?.namespace).toEqual(USER);
      expect(Number.isNaN(Date.parse(audit[0]?.at ?? ''))).toBe(false);
      expect(audit[1]!.seq).toBeGreaterThan(audit[0]!.seq);
      expect((await store.auditLog(ORG)).map((e) => e.name)).toEqual(['org-skill']);
    });

    it('exports a namespace with every revision and imports it elsewhere, digests checked', async () => {
      const store = await fresh();
      await store.put(USER, { 'SKILL.md': invoices, 'assets/x.bin': new Uint8Array([9, 8, 7]) });
      await store.put(USER, skillMd('invoice-export', { body: 'Second.' }));
      await store.put(USER, skillMd('other'));
      await store.archive(USER, 'other');
      const exported = await store.exportNamespace(USER);
      const other = await fresh();
      const imported = await other.importNamespace(JSON.stringify(exported));
      expect(imported.map((r) => [r.name, r.revision])).toEqual([
        ['invoice-export', 2],
        ['other', 2],
      ]);
      expect(await other.history(USER, 'invoice-export')).toEqual(await store.history(USER, 'invoice-export'));
      expect((await other.get(USER, 'other'))?.state).toBe('archived');
      expect((await other.auditLog(USER)).map((e) => e.action)).toEqual(['import', 'import']);
      expect(await codeOf(other.importNamespace(exported))).toBe('CONFLICT');
      // All or nothing: one name taken refuses the whole export.
      const third = await fresh();
      await third.put(USER, skillMd('other', { body: 'Already here.' }));
      expect(await codeOf(third.importNamespace(exported))).toBe('CONFLICT');
      expect((await third.list(USER)).map((s) => s.name)).toEqual(['other']);
      expect(await third.history(USER, 'invoice-export')).toEqual([]);
      await other.importNamespace(exported, { namespace: ['acme', 'bob', 'skills'] });
      expect((await other.search(['acme', 'bob', 'skills'])).map((i) => i.key)).toEqual(['invoice-export']);
    });

    it('refuses a tampered export whole with DIGEST_MISMATCH, writing nothing', async () => {
      const store = await fresh();
      await store.put(USER, skillMd('alpha'));
      await store.put(USER, invoices);
      await store.put(USER, skillMd('invoice-export', { body: 'Second.' }));
      const text = JSON.stringify(await store.exportNamespace(USER));
      const other = await fresh();
      expect(await codeOf(other.importNamespace(text.replace('Second.', 'Tampered.')))).toBe('DIGEST_MISMATCH');
      const dropped = JSON.parse(text) as { skills: { revisions: unknown[] }[] };
      dropped.skills[1]!.revisions.shift();
      expect(await codeOf(other.importNamespace(dropped as never))).toBe('DIGEST_MISMATCH');
      expect(await codeOf(other.importNamespace('not json'))).toBe('INVALID_INPUT');
      // A bad namespace rejects, as every store method does, rather than throwing before a promise exists.
      const exported = other.exportNamespace([]);
      expect(exported).toBeInstanceOf(Promise);
      expect(await codeOf(exported)).toBe('INVALID_INPUT');
      expect(await other.list(USER)).toEqual([]);
      expect(await other.auditLog(USER)).toEqual([]);
    });

    it('emits a change after each committed write, with the item while it is searchable', async () => {
      const store = await fresh();
      const heard: StoreChange[] = [];
      const off = store.on('change', (c) => void heard.push(c));
      await store.put(USER, invoices);
      await store.archive(USER, 'invoice-export');
      await codeOf(store.put(USER, skillMd('x', { description: '' })));
      off();
      await store.restore(USER, 'invoice-export');
      expect(heard.map((c) => [c.action, c.name, c.revision, c.item?.key])).toEqual([
        ['put', 'invoice-export', 1, 'invoice-export'],
        ['archive', 'invoice-export', 2, undefined],
      ]);
      expect(heard[0]?.namespace).toEqual(USER);
    });

    it('search honours limit and offset, in name order', async () => {
      const store = await fresh();
      for (const name of ['c-skill', 'a-skill', 'b-skill']) await store.put(ORG, skillMd(name));
      expect((await store.search(ORG)).map((i) => i.key)).toEqual(['a-skill', 'b-skill', 'c-skill']);
      expect((await store.search(ORG, { limit: 1, offset: 1 })).map((i) => i.key)).toEqual(['b-skill']);
    });

    it('reports storage and fails with STORE_CLOSED once closed', async () => {
      const store = await fresh();
      expect(typeof (await store.storage())).toBe('object');
      store.close();
      expect(await codeOf(store.put(USER, invoices))).toBe('STORE_CLOSED');
      expect(await codeOf(store.search(USER))).toBe('STORE_CLOSED');
    });

    it('a loader over the store hears a put and routes a turn to the skill at once', async () => {
      const store = await fresh();
      const loader = new SkillLoader({ store });
      await loader.loadAll('acme', 'ann');
      const changes: LoaderChange[] = [];
      loader.on('change', (c) => changes.push(c));
      await store.put(USER, invoices);
      expect(loader.route('convert my invoices to a CSV spreadsheet')[0]?.skill.name).toBe('invoice-export');
      expect(loader.activate('convert my invoices to a CSV spreadsheet').map((a) => a.skill.name)).toEqual(['invoice-export']);
      await store.archive(USER, 'invoice-export');
      expect(loader.getByName('invoice-export')).toBeUndefined();
      expect(loader.route('convert my invoices to a CSV spreadsheet')).toEqual([]);
      expect(changes.map((c) => [c.type, c.name, c.tier, c.cause])).toEqual([
        ['upsert', 'invoice-export', 'user', 'put'],
        ['remove', 'invoice-export', 'user', 'archive'],
      ]);
      loader.close();
      await store.restore(USER, 'invoice-export');
      expect(loader.getByName('invoice-export')).toBeUndefined();
    });

    it('a change heard while a load runs is applied over that load’s result', async () => {
      const store = await fresh();
      let open = (): void => undefined;
      let gate: Promise<void> = Promise.resolve();
      // The store as the loader sees it: search reads at once but answers only when the gate opens.
      const slow = { search: async (ns: string[], o?: { limit?: number }) => ((r) => gate.then(() => r))(await store.search(ns, o)), on: store.on.bind(store) };
      const loader = new SkillLoader({ store: slow });
      await loader.loadAll('acme', 'ann');
      gate = new Promise((resolve) => (open = resolve));
      const reloading = loader.loadAll('acme', 'ann'); // reads the namespace before the put below commits
      await store.put(USER, invoices);
      expect(loader.getByName('invoice-export')).toBeUndefined(); // held until the load ends
      open();
      await reloading;
      expect(loader.getByName('invoice-export')?.name).toBe('invoice-export');
      loader.close();
    });

    it('live changes keep precedence: a user change never replaces a builtin or org skill', async () => {
      const store = await fresh();
      await store.put(ORG, skillMd('shared', { body: 'Org body.' }));
      const builtin = memorySource({ 'pdf/SKILL.md': skillMd('pdf', { body: 'Builtin body.' }) });
      const loader = new SkillLoader({ builtin, store });
      await loader.loadAll('acme', 'ann');
      await store.put(USER, skillMd('shared', { body: 'User body.' }));
      // The loader handed the store its builtin names: a user skill that the builtin one would hide is refused outright.
      expect(await codeOf(store.put(USER, skillMd('pdf', { body: 'User pdf.' })))).toBe('CONFLICT');
      expect(loader.getByName('shared')?.content).toBe('Org body.');
      expect(loader.getByName('pdf')?.content).toBe('Builtin body.');
      // The org skill leaving uncovers the user's skill of the same name.
      await store.archive(ORG, 'shared');
      expect(loader.getByName('shared')?.content).toBe('User body.');
      expect(loader.getByName('shared')?.source).toBe('user');
      loader.close();
    });
  });
}
