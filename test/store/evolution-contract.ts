// The evolution contract: the mutability policy, proposals and builtin read-only rules, alike on every SkillStore.
import { describe, expect, it } from 'vitest';
import { SkillLoader } from '../../src/loader/loader.js';
import type { StoreChange } from '../../src/store/index.js';
import { codeOf, rejected } from '../support/errors.js';
import { skillMd } from '../support/skill-md.js';
import { closingStores, type StoreFactory } from './store-contract.js';

const USER = ['acme', 'ann', 'skills'];
const notes = skillMd('meeting-notes', { description: 'Summarise meetings into action items.', body: 'List each decision.' });
const notesV2 = skillMd('meeting-notes', { description: 'Summarise meetings into action items.', body: 'List each decision.\nName an owner for each.' });

export function describeEvolutionContract(label: string, make: StoreFactory): void {
  describe(`evolution contract: ${label}`, () => {
    const fresh = closingStores(make);

    it('autonomous (the default) applies an agent’s change at once', async () => {
      const store = await fresh();
      expect(store.mutability).toBe('autonomous');
      expect(await store.put(USER, notes, { actor: 'agent' })).toMatchObject({ revision: 1 });
      expect(await store.proposals(USER)).toEqual([]);
      expect((await store.history(USER, 'meeting-notes')).map((r) => r.actor.kind)).toEqual(['agent']);
    });

    it('approval-gated keeps an agent’s change apart as a proposal with a diff; only approval enters history and audit', async () => {
      const store = await fresh({ mutability: 'approval-gated' });
      const changes: StoreChange[] = [];
      store.on('change', (c) => void changes.push(c));
      await store.put(USER, notes, { actor: 'person' });
      const proposed = await store.put(USER, notesV2, { actor: { kind: 'agent', id: 'reviewer' } });
      expect(proposed).toMatchObject({ name: 'meeting-notes', revision: 1, proposal: expect.any(String) });
      // Nothing of it is active, in history or in the audit yet.
      expect((await store.get(USER, 'meeting-notes'))?.text).toBe(notes);
      expect(await store.history(USER, 'meeting-notes')).toHaveLength(1);
      expect(await store.auditLog(USER)).toHaveLength(1);
      expect(changes).toHaveLength(1);
      const [proposal] = await store.proposals(USER);
      expect(proposal).toMatchObject({
        id: proposed.proposal,
        name: 'meeting-notes',
        action: 'put',
        actor: { kind: 'agent', id: 'reviewer' },
        baseRevision: 1,
        namespace: USER,
      });
      expect(proposal?.diff).toContain('--- a/meeting-notes/SKILL.md');
      expect(proposal?.diff).toContain('+Name an owner for each.');
      expect(await store.proposals(['acme', 'skills'])).toEqual([]);
      // Proposing what is already active is no proposal.
      expect((await store.put(USER, notes, { actor: 'agent' })).proposal).toBeUndefined();
      expect(await store.proposals(USER)).toHaveLength(1);
      const approved = await store.approve(proposed.proposal as string, { actor: { kind: 'person', id: 'ann' } });
      expect(approved).toMatchObject({ name: 'meeting-notes', revision: 2 });
      expect((await store.get(USER, 'meeting-notes'))?.text).toBe(notesV2);
      expect((await store.auditLog(USER)).map((e) => [e.action, e.revision, e.actor.kind, e.approvedBy])).toEqual([
        ['put', 1, 'person', undefined],
        ['put', 2, 'agent', { kind: 'person', id: 'ann' }],
      ]);
      expect(changes.map((c) => c.revision)).toEqual([1, 2]);
      expect(await store.proposals(USER)).toEqual([]);
      expect(await codeOf(store.approve(proposed.proposal as string))).toBe('NOT_FOUND');
    });

    it('a rejected proposal leaves no trace; a person’s change is never gated', async () => {
      const store = await fresh({ mutability: 'approval-gated' });
      const { proposal } = await store.put(USER, notes, { actor: 'agent' });
      expect((await store.proposals(USER))[0]).toMatchObject({ baseRevision: 0, diff: expect.stringContaining('+List each decision.') });
      expect(await store.get(USER, 'meeting-notes')).toBeUndefined();
      await store.reject(proposal as string);
      expect(await store.proposals(USER)).toEqual([]);
      expect(await store.auditLog(USER)).toEqual([]);
      expect(await codeOf(store.reject(proposal as string))).toBe('NOT_FOUND');
      expect(await store.put(USER, notes)).toMatchObject({ revision: 1 });
      expect((await store.put(USER, notesV2, { actor: 'person' })).proposal).toBeUndefined();
    });

    it('gates an agent’s rollback, archive and purge too; approval of a stale proposal is a CONFLICT', async () => {
      const store = await fresh({ mutability: 'approval-gated' });
      await store.put(USER, notes);
      await store.put(USER, notesV2);
      const rollback = await store.rollback(USER, 'meeting-notes', 1, { actor: 'agent' });
      const archive = await store.archive(USER, 'meeting-notes', { actor: 'agent' });
      expect((await store.proposals(USER)).map((p) => p.action).sort()).toEqual(['archive', 'rollback']);
      expect((await store.proposals(USER)).find((p) => p.action === 'rollback')?.diff).toContain('-Name an owner for each.');
      await store.purge(USER, 'meeting-notes', { actor: 'agent' });
      expect((await store.get(USER, 'meeting-notes'))?.state).toBe('active');
      await store.approve(rollback.proposal as string);
      expect((await store.get(USER, 'meeting-notes'))?.text).toBe(notes);
      // The archive proposal was made against revision 2; the skill is at 3 now.
      expect(await codeOf(store.approve(archive.proposal as string))).toBe('CONFLICT');
      expect(await store.proposals(USER)).toHaveLength(2);
    });

    it('disabled and its shorthand static refuse every agent change, and a person’s still apply', async () => {
      for (const mutability of ['disabled', 'static'] as const) {
        const store = await fresh({ mutability });
        expect(store.mutability).toBe('disabled');
        expect(await codeOf(store.put(USER, notes, { actor: 'agent' }))).toBe('PERMISSION_DENIED');
        await store.put(USER, notes);
        expect(await codeOf(store.archive(USER, 'meeting-notes', { actor: { kind: 'agent' } }))).toBe('PERMISSION_DENIED');
        expect(await codeOf(store.importNamespace(await store.exportNamespace(USER), { namespace: ['x', 'skills'], actor: 'agent' }))).toBe(
          'PERMISSION_DENIED',
        );
        expect(await store.proposals(USER)).toEqual([]);
        expect((await store.auditLog(USER)).map((e) => e.actor.kind)).toEqual(['person']);
      }
      expect(await codeOf(fresh({ mutability: 'sometimes' as never }))).toBe('INVALID_INPUT');
    });

    it('builtin skills are read-only: a stored skill of a builtin name, with resources or in another case, is refused as builtin-read-only', async () => {
      const store = await fresh({ reservedNames: ['pdf-tools'] });
      for (const attempt of [skillMd('pdf-tools'), { 'SKILL.md': skillMd('pdf-tools'), 'references/extra.md': 'More.' }, skillMd('PDF-Tools')]) {
        const error = await rejected(store.put(USER, attempt, { actor: 'agent' }));
        expect(error.code).toBe('CONFLICT');
        expect(error.diagnostics.map((d) => d.code)).toEqual(['builtin-read-only']);
        expect(error.message).toMatch(/name of a builtin \(checked-in\) skill.*Give the learned skill another name/);
      }
      expect(store.isReserved('pdf-tools')).toBe(true);
      expect(store.isReserved('meeting-notes')).toBe(false);
      expect(await store.list(USER)).toEqual([]);
    });

    it('keeps a usage profile beside the skills: one entry per activation or delegated run, keyed by name, capped', async () => {
      const store = await fresh({ usageCap: 3 });
      await store.put(USER, notes);
      await store.recordUsage(USER, { name: 'meeting-notes', reason: 'search', outcome: 'success', at: '2026-01-01T00:00:00.000Z' });
      await store.recordUsage(USER, [
        { name: 'meeting-notes', kind: 'delegation', outcome: 'failure' },
        { name: 'other-skill', reason: 'mention' },
      ]);
      expect((await store.usage(USER, 'meeting-notes')).map((e) => [e.kind, e.reason, e.outcome])).toEqual([
        ['activation', 'search', 'success'],
        ['delegation', undefined, 'failure'],
      ]);
      expect((await store.usage(USER))[0]).toMatchObject({ namespace: USER, name: 'meeting-notes', at: '2026-01-01T00:00:00.000Z' });
      // Over the cap the oldest entries go first.
      await store.recordUsage(USER, [
        { name: 'meeting-notes', outcome: 'success' },
        { name: 'meeting-notes', outcome: 'neutral' },
      ]);
      const kept = await store.usage(USER);
      expect(kept.map((e) => e.outcome)).toEqual([undefined, 'success', 'neutral']);
      expect(kept.map((e) => e.seq)).toEqual([...kept.map((e) => e.seq)].sort((a, b) => a - b));
      expect(await store.usage(['acme', 'skills'])).toEqual([]);
      expect(await codeOf(store.recordUsage(USER, { name: '' }))).toBe('INVALID_INPUT');
      expect(await codeOf(store.recordUsage(USER, { name: 'x', kind: 'nap' as never }))).toBe('INVALID_INPUT');
      expect(await store.usage(USER)).toHaveLength(3);
      expect(await codeOf(fresh({ usageCap: 0 }))).toBe('INVALID_INPUT');
    });

    it('exports the usage profile with the skills and imports it back', async () => {
      const store = await fresh();
      await store.put(USER, notes);
      await store.recordUsage(USER, [
        { name: 'meeting-notes', reason: 'intent', outcome: 'success' },
        { name: 'meeting-notes', kind: 'delegation', outcome: 'failure' },
      ]);
      const exported = await store.exportNamespace(USER);
      expect(exported.usage?.map((u) => [u.name, u.kind, u.outcome])).toEqual([
        ['meeting-notes', 'activation', 'success'],
        ['meeting-notes', 'delegation', 'failure'],
      ]);
      const other = await fresh();
      await other.importNamespace(JSON.stringify(exported), { namespace: ['beta', 'skills'] });
      expect((await other.usage(['beta', 'skills'])).map((u) => [u.name, u.reason, u.outcome])).toEqual([
        ['meeting-notes', 'intent', 'success'],
        ['meeting-notes', undefined, 'failure'],
      ]);
      const bad = { ...exported, usage: [{ name: 'meeting-notes', kind: 'nap' }] };
      expect(await codeOf((await fresh()).importNamespace(bad as never))).toBe('INVALID_INPUT');
    });

    it('an approved proposal reaches a loader over the store; a pending one does not', async () => {
      const store = await fresh({ mutability: 'approval-gated' });
      const loader = new SkillLoader({ store });
      await loader.loadAll('acme', 'ann');
      const { proposal } = await store.put(USER, notes, { actor: 'agent' });
      expect(loader.getByName('meeting-notes')).toBeUndefined();
      await store.approve(proposal as string);
      expect(loader.getByName('meeting-notes')?.content).toBe('List each decision.');
      loader.close();
    });
  });
}
