// Bad arguments get INVALID_INPUT, alike on every SkillStore: never STORE_FAILED from a backend's key error, never a
// CONFLICT that says "is at revision 1, not 1" (issue 24, item 5).
import { describe, expect, it } from 'vitest';
import { codeOf, rejected } from '../support/errors.js';
import { skillMd } from '../support/skill-md.js';
import { closingStores, type StoreFactory } from './store-contract.js';

const USER = ['acme', 'ann', 'skills'];
const notes = skillMd('notes', { body: 'First.' });
const notesV2 = skillMd('notes', { body: 'Second.' });
/** Values a caller across a worker boundary or from plain JavaScript may pass where a name or number belongs. */
const NOT_NAMES: unknown[] = [{}, undefined, null, 5, '', ['notes']];
const NOT_REVISIONS: unknown[] = [Number.NaN, 1.5, -1, 0, '1', Number.POSITIVE_INFINITY, 2 ** 53, null];

export function describeArgumentsContract(label: string, make: StoreFactory): void {
  describe(`arguments contract: ${label}`, () => {
    const fresh = closingStores(make);

    it('a name that is not a non-empty text is INVALID_INPUT in every read and write', async () => {
      const store = await fresh();
      await store.put(USER, notes);
      for (const name of NOT_NAMES) {
        const n = name as string;
        const calls: [string, Promise<unknown>][] = [
          ['get', store.get(USER, n)],
          ['history', store.history(USER, n)],
          ['rollback', store.rollback(USER, n, 1)],
          ['archive', store.archive(USER, n)],
          ['restore', store.restore(USER, n)],
          ['purge', store.purge(USER, n)],
        ];
        if (name !== undefined) calls.push(['usage', store.usage(USER, n)], ['auditLog', store.auditLog(USER, n)]);
        for (const [method, call] of calls) expect(await codeOf(call), `${method}(${JSON.stringify(name)})`).toBe('INVALID_INPUT');
      }
      // An actor id is bounded as an export's is, so whatever a store writes it can import again.
      expect(await codeOf(store.put(USER, notesV2, { actor: { kind: 'person', id: 'p'.repeat(201) } }))).toBe('INVALID_INPUT');
      expect((await store.get(USER, 'notes'))?.revision).toBe(1);
      expect(await store.auditLog(USER)).toHaveLength(1);
    });

    it('a rollback target or expectedRevision that is not a whole revision number is INVALID_INPUT, not CONFLICT or NOT_FOUND', async () => {
      const store = await fresh();
      await store.put(USER, notes);
      for (const revision of NOT_REVISIONS) {
        if (revision !== 0) expect(await codeOf(store.rollback(USER, 'notes', revision as number)), `rollback ${String(revision)}`).toBe('INVALID_INPUT');
        if (revision === 0) continue;
        const error = await rejected(store.put(USER, notesV2, { expectedRevision: revision as number }));
        expect(error.code, `expectedRevision ${String(revision)}`).toBe('INVALID_INPUT');
        expect(error.message).toMatch(/expectedRevision/);
        expect(await codeOf(store.archive(USER, 'notes', { expectedRevision: revision as number }))).toBe('INVALID_INPUT');
      }
      expect(await codeOf(store.rollback(USER, 'notes', 0))).toBe('INVALID_INPUT');
      // The same numbers written as numbers still mean what they say.
      expect(await store.put(USER, notesV2, { expectedRevision: 1 })).toMatchObject({ revision: 2 });
      expect(await codeOf(store.put(USER, notes, { expectedRevision: 1 }))).toBe('CONFLICT');
      expect(await codeOf(store.rollback(USER, 'notes', 9))).toBe('NOT_FOUND');
      expect((await store.history(USER, 'notes')).map((r) => r.revision)).toEqual([1, 2]);
    });

    it('a proposal id that is not a text is INVALID_INPUT; an unknown one NOT_FOUND', async () => {
      const store = await fresh({ mutability: 'approval-gated' });
      for (const id of [{}, 5, null]) {
        expect(await codeOf(store.approve(id as string))).toBe('INVALID_INPUT');
        expect(await codeOf(store.reject(id as string))).toBe('INVALID_INPUT');
      }
      expect(await codeOf(store.approve('no-such-id'))).toBe('NOT_FOUND');
    });

    it('a usage entry’s name is bounded like its reason and outcome (200 characters), and its time', async () => {
      const store = await fresh();
      expect(await codeOf(store.recordUsage(USER, { name: 'n'.repeat(201) }))).toBe('INVALID_INPUT');
      expect(await codeOf(store.recordUsage(USER, { name: 'notes', at: `2026-01-01T00:00:00.000Z${' '.repeat(100)}` }))).toBe('INVALID_INPUT');
      await store.recordUsage(USER, { name: 'n'.repeat(200) });
      expect(await store.usage(USER)).toHaveLength(1);
    });
  });
}
