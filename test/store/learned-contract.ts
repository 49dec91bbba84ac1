// The learned-examples contract: the turns a skill served, kept per namespace beside the skills, alike on every
// SkillStore (memory, IndexedDB in Node and in Chromium).
import { describe, expect, it } from 'vitest';
import { isLearnedExampleStore, DEFAULT_MAX_LEARNED_PER_SKILL } from '../../src/sources/learned-store.js';
import { exportDigest, type NamespaceExport, type SkillStore } from '../../src/store/index.js';
import { codeOf, rejected } from '../support/errors.js';
import { skillMd } from '../support/skill-md.js';
import { closingStores, type StoreFactory } from './store-contract.js';

const ANN = ['acme', 'ann', 'skills'];
const BOB = ['acme', 'bob', 'skills'];
const refunds = skillMd('refunds', { description: 'Refund policy for damaged or late orders.', body: 'Check the order date.' });

/** The texts of a namespace's examples (of one skill, or all), oldest first. */
const texts = async (store: SkillStore, ns: readonly string[], name?: string): Promise<string[]> => (await store.learnedExamples(ns, name)).map((e) => e.text);

/** A JSON-ready copy of an export, to edit. */
const editable = (exported: NamespaceExport): { -readonly [K in keyof NamespaceExport]: any } => JSON.parse(JSON.stringify(exported));

export function describeLearnedContract(label: string, make: StoreFactory): void {
  describe(`learned examples contract: ${label}`, () => {
    const fresh = closingStores(make);

    it('learns normalised text; a repeat in any case counts up, takes the new time and becomes the newest', async () => {
      const store = await fresh();
      expect(isLearnedExampleStore(store)).toBe(true);
      const first = await store.learnExample(ANN, { name: 'refunds', text: '  my kettle\n arrived   broken ' });
      expect(first).toEqual({ name: 'refunds', text: 'my kettle arrived broken', count: 1, learnedAt: expect.any(String) });
      expect(Number.isNaN(Date.parse(first.learnedAt))).toBe(false);
      await store.learnExample(ANN, { name: 'refunds', text: 'cracked screen' });
      await new Promise((resolve) => setTimeout(resolve, 5));
      const again = await store.learnExample(ANN, { name: 'refunds', text: 'My Kettle arrived BROKEN' });
      expect(again).toMatchObject({ text: 'My Kettle arrived BROKEN', count: 2 });
      expect(again.learnedAt > first.learnedAt).toBe(true);
      expect(await store.learnedExamples(ANN, 'refunds')).toEqual([
        expect.objectContaining({ text: 'cracked screen', count: 1 }),
        { name: 'refunds', text: 'My Kettle arrived BROKEN', count: 2, learnedAt: again.learnedAt },
      ]);
    });

    it('lists every skill’s examples oldest first, forgets one in any case, and needs no stored skill', async () => {
      const store = await fresh();
      // No skill is stored: a builtin skill learns in the user's namespace too.
      await store.learnExample(ANN, { name: 'refunds', text: 'broken kettle' });
      await store.learnExample(ANN, { name: 'shipping', text: 'where is parcel 88213' });
      await store.learnExample(ANN, { name: 'refunds', text: 'torn jacket' });
      expect((await store.learnedExamples(ANN)).map((e) => [e.name, e.text])).toEqual([
        ['refunds', 'broken kettle'],
        ['shipping', 'where is parcel 88213'],
        ['refunds', 'torn jacket'],
      ]);
      expect(await store.forgetExample(ANN, 'refunds', '  TORN   jacket')).toBe(true);
      expect(await store.forgetExample(ANN, 'refunds', 'torn jacket')).toBe(false);
      expect(await store.forgetExample(ANN, 'shipping', 'broken kettle')).toBe(false);
      expect(await texts(store, ANN, 'refunds')).toEqual(['broken kettle']);
      expect(await texts(store, ANN, 'nothing')).toEqual([]);
      expect(await store.list(ANN)).toEqual([]);
    });

    it('keeps the newest `cap` of a skill (default DEFAULT_MAX_LEARNED_PER_SKILL), the oldest giving way', async () => {
      const store = await fresh();
      await store.learnExample(ANN, { name: 'shipping', text: 'parcel stuck' });
      await store.learnExample(BOB, { name: 'refunds', text: 'turn 0' });
      for (let i = 0; i <= DEFAULT_MAX_LEARNED_PER_SKILL; i++) await store.learnExample(ANN, { name: 'refunds', text: `turn ${i}` });
      const kept = await texts(store, ANN, 'refunds');
      expect(kept).toHaveLength(DEFAULT_MAX_LEARNED_PER_SKILL);
      expect([kept[0], kept.at(-1)]).toEqual(['turn 1', `turn ${DEFAULT_MAX_LEARNED_PER_SKILL}`]);
      await store.learnExample(ANN, { name: 'refunds', text: 'turn 5' }, { cap: 3 });
      expect(await texts(store, ANN, 'refunds')).toEqual([`turn ${DEFAULT_MAX_LEARNED_PER_SKILL - 1}`, `turn ${DEFAULT_MAX_LEARNED_PER_SKILL}`, 'turn 5']);
      // Only that skill in that namespace was trimmed.
      expect([await texts(store, ANN, 'shipping'), await texts(store, BOB)]).toEqual([['parcel stuck'], ['turn 0']]);
    });

    it('refuses bad input as the rest of the store does, writing nothing', async () => {
      const store = await fresh();
      const cases: [string, Promise<unknown>, string][] = [
        ['an empty name', store.learnExample(ANN, { name: '', text: 'x' }), 'INVALID_INPUT'],
        ['a name that is not a text', store.learnExample(ANN, { name: 7 as never, text: 'x' }), 'INVALID_INPUT'],
        ['blank text', store.learnExample(ANN, { name: 'refunds', text: ' \n\t ' }), 'INVALID_INPUT'],
        ['text that is not a text', store.learnExample(ANN, { name: 'refunds', text: { text: 'x' } as never }), 'INVALID_INPUT'],
        ['no example', store.learnExample(ANN, null as never), 'INVALID_INPUT'],
        ['text over 2,000 characters', store.learnExample(ANN, { name: 'refunds', text: 'a'.repeat(2001) }), 'LIMIT_EXCEEDED'],
        ['an empty namespace', store.learnExample([], { name: 'refunds', text: 'x' }), 'INVALID_INPUT'],
        ['a namespace with an empty part', store.learnedExamples(['acme', '']), 'INVALID_INPUT'],
        ['a cap of 0', store.learnExample(ANN, { name: 'refunds', text: 'x' }, { cap: 0 }), 'INVALID_INPUT'],
        ['a cap that is not whole', store.learnExample(ANN, { name: 'refunds', text: 'x' }, { cap: 2.5 }), 'INVALID_INPUT'],
        ['forgetting without a name', store.forgetExample(ANN, '', 'x'), 'INVALID_INPUT'],
        ['forgetting a text that is not one', store.forgetExample(ANN, 'refunds', 3 as never), 'INVALID_INPUT'],
      ];
      for (const [what, call, code] of cases) expect(await codeOf(call), what).toBe(code);
      expect(await store.learnedExamples(ANN)).toEqual([]);
      // 2,000 characters once the blanks are runs of one: within the limit.
      expect((await store.learnExample(ANN, { name: 'refunds', text: `${'a'.repeat(2000)}   ` })).text).toHaveLength(2000);
    });

    it('two users on one store never see or change each other’s examples', async () => {
      const store = await fresh();
      await store.learnExample(ANN, { name: 'refunds', text: 'broken kettle' });
      await store.learnExample(BOB, { name: 'refunds', text: 'broken kettle' });
      await store.learnExample(BOB, { name: 'refunds', text: 'Broken Kettle' });
      expect((await store.learnedExamples(ANN)).map((e) => e.count)).toEqual([1]);
      expect((await store.learnedExamples(BOB)).map((e) => e.count)).toEqual([2]);
      expect(await store.forgetExample(BOB, 'refunds', 'broken kettle')).toBe(true);
      expect([await texts(store, ANN), await texts(store, BOB)]).toEqual([['broken kettle'], []]);
      expect(await texts(store, ['acme', 'skills'])).toEqual([]);
    });

    it('purge removes the skill’s examples in its namespace; archive keeps them', async () => {
      const store = await fresh();
      await store.put(ANN, refunds);
      await store.put(BOB, refunds);
      for (const ns of [ANN, BOB]) await store.learnExample(ns, { name: 'refunds', text: 'broken kettle' });
      await store.learnExample(ANN, { name: 'shipping', text: 'parcel stuck' });
      await store.archive(ANN, 'refunds');
      expect(await texts(store, ANN, 'refunds')).toEqual(['broken kettle']);
      await store.purge(ANN, 'refunds');
      expect(await texts(store, ANN)).toEqual(['parcel stuck']);
      expect(await texts(store, BOB, 'refunds')).toEqual(['broken kettle']);
    });

    it('an export carries the examples (version 3, under its digest) and an import restores them', async () => {
      const store = await fresh();
      await store.put(ANN, refunds);
      await store.learnExample(ANN, { name: 'refunds', text: 'broken kettle' });
      await store.learnExample(ANN, { name: 'shipping', text: 'parcel stuck' });
      await store.learnExample(ANN, { name: 'refunds', text: 'Broken kettle' });
      await store.learnExample(BOB, { name: 'refunds', text: 'bob only' });
      const exported = await store.exportNamespace(ANN);
      expect(exported.version).toBe(3);
      expect(exported.learned).toEqual(await store.learnedExamples(ANN));
      expect(exportDigest(exported)).toBe(exported.digest);
      const other = await fresh();
      await other.importNamespace(JSON.stringify(exported), { namespace: BOB });
      expect(await other.learnedExamples(BOB)).toEqual(await store.learnedExamples(ANN));
      expect(await other.learnedExamples(ANN)).toEqual([]);
      // Changed under the digest: refused whole.
      const tampered = editable(exported);
      tampered.learned[0].text = 'something else';
      const third = await fresh();
      expect(await codeOf(third.importNamespace(tampered))).toBe('DIGEST_MISMATCH');
      expect([await third.list(ANN), await third.learnedExamples(ANN)]).toEqual([[], []]);
    });

    it('an export without examples is version 2 as before and still imports; one of examples alone imports twice alike', async () => {
      const store = await fresh();
      await store.put(ANN, refunds);
      const plain = await store.exportNamespace(ANN);
      expect([plain.version, 'learned' in plain]).toEqual([2, false]);
      const other = await fresh();
      expect((await other.importNamespace(plain)).map((r) => r.name)).toEqual(['refunds']);
      expect(await other.learnedExamples(ANN)).toEqual([]);
      // Examples of builtin skills only: no skill to conflict, and importing again changes nothing.
      await store.learnExample(BOB, { name: 'pdf', text: 'merge two pdfs' });
      await store.learnExample(BOB, { name: 'pdf', text: 'merge two pdfs' });
      const onlyLearned = await store.exportNamespace(BOB);
      expect(onlyLearned.skills).toEqual([]);
      await other.importNamespace(onlyLearned);
      await other.importNamespace(onlyLearned);
      expect((await other.learnedExamples(BOB)).map((e) => [e.text, e.count])).toEqual([['merge two pdfs', 2]]);
    });

    it('checks an export’s examples before writing anything', async () => {
      const store = await fresh();
      await store.put(ANN, refunds);
      await store.learnExample(ANN, { name: 'refunds', text: 'broken kettle' });
      const doc = editable(await store.exportNamespace(ANN));
      const entry = doc.learned[0];
      const cases: [string, unknown, string][] = [
        ['learned as an object', { learned: { refunds: [] } }, 'INVALID_INPUT'],
        ['an entry that is text', { learned: ['broken kettle'] }, 'INVALID_INPUT'],
        ['an entry without a name', { learned: [{ ...entry, name: '' }] }, 'INVALID_INPUT'],
        ['a count of 0', { learned: [{ ...entry, count: 0 }] }, 'INVALID_INPUT'],
        ['a time that is not one', { learned: [{ ...entry, learnedAt: 'yesterday' }] }, 'INVALID_INPUT'],
        ['one example listed twice', { learned: [entry, { ...entry, text: 'BROKEN kettle' }] }, 'INVALID_INPUT'],
        ['text over 2,000 characters', { learned: [{ ...entry, text: 'a'.repeat(2001) }] }, 'LIMIT_EXCEEDED'],
        ['examples in a version 2 export', { version: 2, learned: [entry] }, 'INVALID_INPUT'],
      ];
      for (const [what, edit, code] of cases) {
        const bad = { ...doc, ...(edit as object) };
        const target = await fresh();
        const error = await rejected(target.importNamespace({ ...bad, digest: doc.digest } as NamespaceExport));
        expect(error.code, what).toBe(code);
        expect([await target.list(ANN), await target.learnedExamples(ANN)], what).toEqual([[], []]);
      }
    });

    it('fails with STORE_CLOSED once closed', async () => {
      const store = await fresh();
      store.close();
      expect(await codeOf(store.learnExample(ANN, { name: 'refunds', text: 'x' }))).toBe('STORE_CLOSED');
      expect(await codeOf(store.learnedExamples(ANN))).toBe('STORE_CLOSED');
      expect(await codeOf(store.forgetExample(ANN, 'refunds', 'x'))).toBe('STORE_CLOSED');
    });
  });
}
