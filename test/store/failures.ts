// What the IndexedDB store does when things go wrong, and its schema upgrade; runs on fake-indexeddb and in Chromium.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoaderChange } from '../../src/loader/live.js';
import { SkillLoader } from '../../src/loader/loader.js';
import { openIndexedDbStore, STORE_SCHEMA_VERSION, type IndexedDbStoreOptions, type SkillStore } from '../../src/store/index.js';
import { codeOf, rejected } from '../support/errors.js';
import { skillMd } from '../support/skill-md.js';
import { V1_RECORDS, writeV1Database } from '../fixtures/store/write-v1.js';
import { V2_RECORDS, writeV2Database } from '../fixtures/store/write-v2.js';
import { V3_RECORDS, writeV3Database } from '../fixtures/store/write-v3.js';
import { rawAll, rawDelete, rawOpen, rawPut } from '../support/raw-idb.js';

/** The environment: an IndexedDB factory for each test (fresh or shared). */
export interface IdbEnvironment {
  readonly factory: () => IDBFactory;
}

const USER = ['acme', 'ann', 'skills'];
const text = (body: string): string => skillMd('notes', { description: 'Keep meeting notes tidy and short.', body });
let counter = 0;

export function describeIdbFailures(label: string, env: IdbEnvironment): void {
  describe(`IndexedDB store failures: ${label}`, () => {
    const cleanups: (() => unknown)[] = [];
    afterEach(async () => {
      vi.restoreAllMocks();
      for (const c of cleanups.splice(0).reverse()) await c();
    });
    const setup = async (extra: IndexedDbStoreOptions = {}) => {
      const factory = env.factory();
      const name = `satchel-failures-${Date.now()}-${counter++}`;
      const open = (more: IndexedDbStoreOptions = {}): Promise<SkillStore> =>
        openIndexedDbStore({ indexedDB: factory, name, persist: false, ...extra, ...more });
      cleanups.push(() => rawDelete(factory, name));
      const track = async (more?: IndexedDbStoreOptions): Promise<SkillStore> => {
        const store = await open(more);
        cleanups.push(() => store.close());
        return store;
      };
      return { factory, name, open: track };
    };
    const failPut = (storeName: string, error: () => unknown): void => {
      const original = IDBObjectStore.prototype.put;
      vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
        if (this.name === storeName) throw error();
        return original.apply(this, args);
      });
    };

    it('a quota error surfaces as QUOTA_EXCEEDED and leaves the previous state intact', async () => {
      const { open } = await setup();
      const store = await open();
      await store.put(USER, text('First.'));
      // The head is written after the revision: the revision already put must be rolled back too.
      failPut('skills', () => new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
      const error = await rejected(store.put(USER, text('Second.')));
      expect(error.code).toBe('QUOTA_EXCEEDED');
      vi.restoreAllMocks();
      expect((await store.get(USER, 'notes'))?.text).toBe(text('First.'));
      expect(await store.history(USER, 'notes')).toHaveLength(1);
      expect(await store.auditLog(USER)).toHaveLength(1);
      expect(await store.put(USER, text('Second.'))).toMatchObject({ revision: 2 });
    });

    it('an aborted transaction leaves nothing partial', async () => {
      const { open } = await setup();
      const store = await open();
      await store.put(USER, text('First.'));
      const original = IDBObjectStore.prototype.add;
      vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['add']>) {
        const request = original.apply(this, args);
        this.transaction.abort(); // after revision and head were written, as the audit entry goes in
        return request;
      });
      expect(await codeOf(store.put(USER, text('Second.')))).toBe('STORE_FAILED');
      vi.restoreAllMocks();
      expect((await store.get(USER, 'notes'))?.revision).toBe(1);
      expect((await store.history(USER, 'notes')).map((r) => r.revision)).toEqual([1]);
      expect((await store.auditLog(USER)).map((e) => e.revision)).toEqual([1]);
    });

    it('two connections racing on one skill: one revision applied, one CONFLICT, no lost update', async () => {
      const { open } = await setup();
      const a = await open();
      const b = await open();
      await a.put(USER, text('Base.'));
      const results = await Promise.all([
        codeOf(a.put(USER, text('From A.'), { expectedRevision: 1 })),
        codeOf(b.put(USER, text('From B.'), { expectedRevision: 1 })),
      ]);
      expect([...results].sort()).toEqual(['CONFLICT', undefined]);
      const winner = results[0] === undefined ? 'From A.' : 'From B.';
      const history = await b.history(USER, 'notes');
      expect(history.map((r) => r.revision)).toEqual([1, 2]);
      expect((await a.get(USER, 'notes'))?.text).toBe(text(winner));
    });

    it('a corrupted record is skipped with a diagnostic while the rest loads', async () => {
      const { factory, name, open } = await setup();
      const store = await open();
      await store.put(USER, text('Fine.'));
      await store.put(USER, skillMd('other-skill'));
      const db = await rawOpen(factory, name);
      await rawPut(db, 'skills', { ns: JSON.stringify(USER), name: 'broken', revision: 1, state: 'active', text: 42, files: {}, digest: 'sha256:00' });
      db.close();
      const loader = new SkillLoader({ store });
      await loader.loadAll('acme', 'ann');
      expect(
        loader
          .getAll()
          .map((s) => s.name)
          .sort(),
      ).toEqual(['notes', 'other-skill']);
      expect(store.diagnostics).toEqual([expect.objectContaining({ code: 'source-error', path: 'acme/ann/skills/broken' })]);
      expect(store.diagnostics[0]?.message).toMatch(/corrupt.*SKILL\.md text/);
      expect(await codeOf(store.get(USER, 'broken'))).toBe('STORE_FAILED');
    });

    it('an export never drops a skill silently: a corrupt head is exported from its sound revisions, a corrupt revision reported', async () => {
      const { factory, name, open } = await setup();
      const store = await open();
      await store.put(USER, text('First.'));
      await store.put(USER, text('Second.'));
      await store.put(USER, skillMd('other-skill'));
      const ns = JSON.stringify(USER);
      const db = await rawOpen(factory, name);
      await rawPut(db, 'skills', { ns, name: 'notes', revision: 2, state: 'archived', text: 42, files: {}, digest: 'sha256:00' });
      await rawPut(db, 'revisions', { ns, name: 'other-skill', revision: 2, text: null, files: {}, digest: 'sha256:00' });
      db.close();
      const exported = await store.exportNamespace(USER);
      expect(exported.skills.map((s) => [s.name, s.state, s.revisions.map((r) => r.revision)])).toEqual([
        ['notes', 'archived', [1, 2]],
        ['other-skill', 'active', [1]],
      ]);
      expect(store.diagnostics.map((d) => [d.code, d.path])).toEqual([
        ['source-error', 'acme/ann/skills/notes'],
        ['source-error', 'acme/ann/skills/other-skill'],
      ]);
      expect(store.diagnostics.map((d) => d.message)).toEqual([
        expect.stringMatching(/corrupt head.*exported from its 2 sound revisions/),
        expect.stringMatching(/corrupt revision.*left out of the export/),
      ]);
      const other = await open({ name: `${name}-copy` });
      cleanups.push(() => rawDelete(factory, `${name}-copy`));
      expect((await other.importNamespace(exported)).map((r) => [r.name, r.revision])).toEqual([
        ['notes', 2],
        ['other-skill', 1],
      ]);
    });

    it('a head written before history sizes were kept: an agent’s write measures the history once, a person’s does not need to', async () => {
      const { factory, name, open } = await setup({ limits: { maxAgentHistoryBytesPerSkill: 3000 } });
      const store = await open();
      const big = (body: string) => ({ 'SKILL.md': text(body), 'references/data.md': body.padEnd(1000, '.') });
      await store.put(USER, big('One.'));
      const db = await rawOpen(factory, name);
      const [head] = (await rawAll(db, 'skills')) as { historyBytes?: number }[];
      expect(head?.historyBytes).toBeGreaterThan(1000);
      delete head?.historyBytes;
      await rawPut(db, 'skills', head);
      db.close();
      await store.put(USER, big('Two.'));
      expect(await codeOf(store.put(USER, big('Three.'), { actor: 'agent' }))).toBe('LIMIT_EXCEEDED');
      expect(await store.history(USER, 'notes')).toHaveLength(2);
    });

    it('a deleted database (site data cleared) gives STORE_CLOSED, and the store opens again', async () => {
      const { factory, name, open } = await setup();
      const store = await open();
      await store.put(USER, text('Gone soon.'));
      await rawDelete(factory, name); // our connection gives way instead of blocking the deletion
      expect(await codeOf(store.put(USER, text('Lost?')))).toBe('STORE_CLOSED');
      expect(await codeOf(store.list(USER))).toBe('STORE_CLOSED');
      const again = await open();
      expect(await again.list(USER)).toEqual([]);
      expect(await again.put(USER, text('Back.'))).toMatchObject({ revision: 1 });
    });

    it('opens a v1 database with the current code, nothing lost', async () => {
      const { factory, name, open } = await setup();
      (await writeV1Database(factory, name)).close();
      const store = await open();
      const meeting = await store.get(USER, 'meeting-notes');
      expect(meeting).toMatchObject({ revision: 2, state: 'active', digest: V1_RECORDS.skills[0]?.digest });
      expect((await store.history(USER, 'meeting-notes')).map((r) => [r.revision, r.actor.kind])).toEqual([
        [1, 'person'],
        [2, 'agent'],
      ]);
      expect((await store.get(['acme', 'skills'], 'travel-policy'))?.state).toBe('archived');
      // The v2 indexes cover the entries written under v1.
      expect((await store.auditLog(USER, 'meeting-notes')).map((e) => e.revision)).toEqual([1, 2]);
      expect((await store.auditLog(['acme', 'skills'])).map((e) => e.action)).toEqual(['put', 'archive']);
      // The v3 and v4 object stores exist and start empty.
      expect(await store.proposals(USER)).toEqual([]);
      expect(await store.learnedExamples(USER)).toEqual([]);
      expect(await store.put(USER, skillMd('meeting-notes', { body: 'Third.' }), { expectedRevision: 2 })).toMatchObject({ revision: 3 });
      store.close();
      const db = await rawOpen(factory, name);
      expect(db.version).toBe(STORE_SCHEMA_VERSION);
      expect((await rawAll(db, 'audit')).length).toBe(V1_RECORDS.audit.length + 1);
      db.close();
    });

    it('opens a v2 database with the current code, nothing lost; proposals and usage work at once', async () => {
      const { factory, name, open } = await setup({ mutability: 'approval-gated' });
      (await writeV2Database(factory, name)).close();
      const store = await open();
      expect(await store.get(USER, 'meeting-notes')).toMatchObject({ revision: 2, digest: V2_RECORDS.skills[0]?.digest });
      expect((await store.auditLog(USER, 'meeting-notes')).map((e) => e.revision)).toEqual([1, 2]);
      const { proposal } = await store.put(USER, skillMd('meeting-notes', { body: 'Proposed.' }), { actor: 'agent' });
      expect((await store.proposals(USER)).map((p) => p.id)).toEqual([proposal]);
      await store.recordUsage(USER, { name: 'meeting-notes', outcome: 'success' });
      expect(await store.usage(USER)).toHaveLength(1);
      expect(await store.approve(proposal as string)).toMatchObject({ revision: 3 });
      store.close();
      const db = await rawOpen(factory, name);
      expect([db.version, [...db.objectStoreNames].sort()]).toEqual([STORE_SCHEMA_VERSION, ['audit', 'learned', 'proposals', 'revisions', 'skills', 'usage']]);
      expect((await rawAll(db, 'audit')).length).toBe(V2_RECORDS.audit.length + 1);
      db.close();
    });

    it('opens a v3 database with the current code, nothing lost; learned examples work at once', async () => {
      const { factory, name, open } = await setup();
      (await writeV3Database(factory, name)).close();
      const store = await open();
      expect(await store.get(USER, 'meeting-notes')).toMatchObject({ revision: 2, digest: V3_RECORDS.skills[0]?.digest });
      expect((await store.auditLog(USER, 'meeting-notes')).map((e) => e.revision)).toEqual([1, 2]);
      expect((await store.usage(USER)).map((u) => [u.kind, u.outcome])).toEqual([
        ['activation', 'success'],
        ['delegation', 'failure'],
      ]);
      expect((await store.proposals(USER)).map((p) => [p.id, p.action])).toEqual([['proposal-v3', 'archive']]);
      expect(await store.learnedExamples(USER)).toEqual([]);
      await store.learnExample(USER, { name: 'meeting-notes', text: 'summarise this meeting' });
      await store.learnExample(['acme', 'skills'], { name: 'travel-policy', text: 'can I fly business' });
      expect((await store.learnedExamples(USER)).map((e) => [e.name, e.text])).toEqual([['meeting-notes', 'summarise this meeting']]);
      const exported = await store.exportNamespace(USER);
      expect([exported.version, exported.usage?.length, exported.learned?.length]).toEqual([3, 2, 1]);
      store.close();
      const db = await rawOpen(factory, name);
      expect([db.version, [...db.objectStoreNames].sort()]).toEqual([STORE_SCHEMA_VERSION, ['audit', 'learned', 'proposals', 'revisions', 'skills', 'usage']]);
      expect([(await rawAll(db, 'audit')).length, (await rawAll(db, 'usage')).length, (await rawAll(db, 'learned')).length]).toEqual([
        V3_RECORDS.audit.length,
        V3_RECORDS.usage.length,
        2,
      ]);
      db.close();
    });

    it('an upgrade blocked by another connection is reported as UPGRADE_BLOCKED, not hung', async () => {
      const { factory, name, open } = await setup();
      const holder = await writeV1Database(factory, name); // stays open and ignores versionchange
      expect(await codeOf(open())).toBe('UPGRADE_BLOCKED');
      holder.close();
      const store = await open();
      expect((await store.get(USER, 'meeting-notes'))?.revision).toBe(2);
    });

    it('a change made through another connection (another tab) reaches a loader over this one', async () => {
      const { open } = await setup();
      const here = await open();
      const there = await open();
      const loader = new SkillLoader({ store: here });
      await loader.loadAll('acme', 'ann');
      const heard = new Promise<LoaderChange>((resolve) => loader.on('change', resolve));
      await there.put(USER, text('Written in another tab.'));
      const change = await heard;
      expect([change.type, change.name, change.cause]).toEqual(['upsert', 'notes', 'put']);
      expect(loader.getByName('notes')?.content).toBe('Written in another tab.');
      loader.close();
    });

    it('a database written by a newer schema is refused with STORE_FAILED, untouched', async () => {
      const { factory, name, open } = await setup();
      const request = factory.open(name, STORE_SCHEMA_VERSION + 1);
      const newer = await new Promise<IDBDatabase>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      newer.close();
      const error = await rejected(open());
      expect([error.code, error.message]).toEqual(['STORE_FAILED', expect.stringMatching(/newer version/)]);
      const db = await rawOpen(factory, name);
      expect(db.version).toBe(STORE_SCHEMA_VERSION + 1);
      db.close();
    });

    it('asks for persistent storage and reports usage and quota', async () => {
      const manager = { persist: vi.fn(async () => true), persisted: async () => true, estimate: async () => ({ usage: 1234, quota: 10_000 }) };
      const { open } = await setup({ persist: true, storageManager: manager });
      const store = await open();
      expect(manager.persist).toHaveBeenCalledTimes(1);
      expect(await store.storage()).toEqual({ persisted: true, usage: 1234, quota: 10_000 });
    });
  });
}
