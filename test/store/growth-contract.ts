// The growth an agent can cause is bounded, alike on every SkillStore: per skill, per namespace, in proposals and in
// usage. Past a bound an agent's own write is LIMIT_EXCEEDED; a person's writes apply, every revision stays (issue 24, item 7).
import { describe, expect, it } from 'vitest';
import { AGENT_LIMITS } from '../../src/store/index.js';
import { codeOf, rejected } from '../support/errors.js';
import { skillMd } from '../support/skill-md.js';
import { closingStores, type StoreFactory } from './store-contract.js';

const USER = ['acme', 'ann', 'skills'];
const notes = (n: number): string => skillMd('notes', { body: `Version ${n}.` });
const AGENT = { actor: 'agent' } as const;

export function describeGrowthContract(label: string, make: StoreFactory): void {
  describe(`growth contract: ${label}`, () => {
    const fresh = closingStores(make);

    it('an agent’s changes to one skill stop at maxAgentChangesPerSkill; a person’s go on, and every revision stays', async () => {
      const store = await fresh({ limits: { maxAgentChangesPerSkill: 3 } });
      for (const n of [1, 2, 3]) await store.put(USER, notes(n), AGENT);
      const error = await rejected(store.put(USER, notes(4), AGENT));
      expect(error.code).toBe('LIMIT_EXCEEDED');
      expect(error.message).toMatch(/3 recorded changes.*maxAgentChangesPerSkill.*a person's writes still apply/);
      expect(error.diagnostics.map((d) => d.code)).toEqual(['limit-exceeded']);
      // One after the other: started together, the second could reject before anything awaits it.
      expect(await codeOf(store.archive(USER, 'notes', AGENT))).toBe('LIMIT_EXCEEDED');
      expect(await codeOf(store.rollback(USER, 'notes', 1, AGENT))).toBe('LIMIT_EXCEEDED');
      expect(await store.put(USER, notes(4))).toMatchObject({ revision: 4 });
      expect(await store.rollback(USER, 'notes', 1, { actor: 'person' })).toMatchObject({ revision: 5 });
      expect((await store.history(USER, 'notes')).map((r) => [r.revision, r.actor.kind])).toEqual([
        [1, 'agent'],
        [2, 'agent'],
        [3, 'agent'],
        [4, 'person'],
        [5, 'person'],
      ]);
      // An identical write changes nothing and is no change to refuse.
      expect(await store.put(USER, notes(1), AGENT)).toMatchObject({ revision: 5 });
    });

    it('an agent’s writes stop where the history would pass maxAgentHistoryBytesPerSkill; purge frees it, a person is not held', async () => {
      const big = (n: number) => ({ 'SKILL.md': notes(n), 'references/data.md': `${n}`.padEnd(40_000, '.') });
      const store = await fresh({ limits: { maxAgentHistoryBytesPerSkill: 100_000 } });
      await store.put(USER, big(1), AGENT);
      await store.put(USER, big(2), AGENT);
      const error = await rejected(store.put(USER, big(3), AGENT));
      expect(error.code).toBe('LIMIT_EXCEEDED');
      expect(error.message).toMatch(/would hold \d+ bytes of history.*at most 100000.*maxAgentHistoryBytesPerSkill/);
      expect(await codeOf(store.rollback(USER, 'notes', 1, AGENT))).toBe('LIMIT_EXCEEDED');
      expect(await store.put(USER, big(3))).toMatchObject({ revision: 3 });
      expect(await store.history(USER, 'notes')).toHaveLength(3);
      await store.purge(USER, 'notes');
      expect(await store.put(USER, big(4), AGENT)).toMatchObject({ revision: 4 });
      // An archive is a full-body revision of the same content: it counts against the history like any other.
      expect(await store.archive(USER, 'notes', AGENT)).toMatchObject({ revision: 5 });
      expect(await codeOf(store.restore(USER, 'notes', AGENT))).toBe('LIMIT_EXCEEDED');
      expect(await store.restore(USER, 'notes')).toMatchObject({ revision: 6 });
    });

    it('an agent adds skills to a namespace only up to maxAgentSkillsPerNamespace; a person may add more', async () => {
      const store = await fresh({ limits: { maxAgentSkillsPerNamespace: 2 } });
      await store.put(USER, skillMd('one'), AGENT);
      await store.put(USER, skillMd('two'), AGENT);
      expect(await codeOf(store.put(USER, skillMd('three'), AGENT))).toBe('LIMIT_EXCEEDED');
      expect(await store.put(USER, skillMd('one', { body: 'Better.' }), AGENT)).toMatchObject({ revision: 2 });
      await store.put(USER, skillMd('three'));
      expect((await store.list(USER)).map((s) => s.name)).toEqual(['one', 'three', 'two']);
      // An agent's import brings no more than its writes could.
      const other = await fresh({ limits: { maxAgentSkillsPerNamespace: 2 } });
      const exported = await store.exportNamespace(USER);
      expect(await codeOf(other.importNamespace(exported, AGENT))).toBe('LIMIT_EXCEEDED');
      expect(await other.list(USER)).toEqual([]);
      expect(await other.importNamespace(exported)).toHaveLength(3);
    });

    it('pending proposals stop at maxPendingProposals; a person’s approval is never refused by a bound', async () => {
      const store = await fresh({ mutability: 'approval-gated', limits: { maxPendingProposals: 2, maxAgentChangesPerSkill: 1 } });
      await store.put(USER, notes(1));
      const first = await store.put(USER, notes(2), AGENT);
      await store.put(USER, skillMd('other'), AGENT);
      const error = await rejected(store.put(USER, notes(3), AGENT));
      expect(error.code).toBe('LIMIT_EXCEEDED');
      expect(error.message).toMatch(/2 pending proposals.*maxPendingProposals/);
      expect(await codeOf(store.archive(USER, 'notes', AGENT))).toBe('LIMIT_EXCEEDED');
      expect(await store.proposals(USER)).toHaveLength(2);
      // The skill already holds maxAgentChangesPerSkill changes: the approval still applies.
      expect(await store.approve(first.proposal as string)).toMatchObject({ revision: 2 });
      expect((await store.put(USER, notes(3), AGENT)).proposal).toEqual(expect.any(String));
    });

    it('usage past the cap: only the newest usageCap entries of a call are written', async () => {
      const store = await fresh({ usageCap: 5 });
      await store.recordUsage(
        USER,
        Array.from({ length: 2000 }, (_, i) => ({ name: 'notes', reason: `${i}` })),
      );
      const kept = await store.usage(USER);
      expect(kept.map((e) => e.reason)).toEqual(['1995', '1996', '1997', '1998', '1999']);
      // Entries the trim would drop at once were never written: the log numbered only these.
      expect(kept.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
      expect(await codeOf(store.recordUsage(USER, [{ name: 'notes' }, { name: '' }]))).toBe('INVALID_INPUT');
      expect(await store.usage(USER)).toHaveLength(5);
    });

    it('the bounds have documented defaults and are checked as limits', async () => {
      expect(AGENT_LIMITS).toEqual({
        maxAgentChangesPerSkill: 1000,
        maxAgentHistoryBytesPerSkill: 64 * 1024 * 1024,
        maxAgentSkillsPerNamespace: 1000,
        maxPendingProposals: 100,
      });
      for (const bad of [-1, Number.NaN, 1.5, '10'])
        expect(await codeOf(fresh({ limits: { maxPendingProposals: bad as number } })), String(bad)).toBe('INVALID_INPUT');
      const unbounded = await fresh({ limits: { maxAgentChangesPerSkill: Number.POSITIVE_INFINITY } });
      for (const n of [1, 2, 3]) await unbounded.put(USER, notes(n), AGENT);
      expect(await unbounded.history(USER, 'notes')).toHaveLength(3);
    });
  });
}
