// Self-improvement wired end to end, alike on every SkillStore: a namespace's own mutability, ignored writes to a
// builtin skill's files, and archive and restore as revisions.
import { describe, expect, it } from 'vitest';
import { codeOf, rejected } from '../support/errors.js';
import { skillMd } from '../support/skill-md.js';
import { closingStores, type StoreFactory } from './store-contract.js';

const ROOT = ['acme', 'ann', 'skills'];
const LEGAL = ['acme', 'ann', 'surfaces', 'legal', 'skills'];
const notes = skillMd('meeting-notes', { description: 'Summarise meetings into action items.', body: 'List each decision.' });

export function describeSelfImprovementContract(label: string, make: StoreFactory): void {
  describe(`self-improvement contract: ${label}`, () => {
    const fresh = closingStores(make);

    it('a namespace may have its own mutability over the store’s default; undefined gives it back', async () => {
      const store = await fresh({ mutability: 'approval-gated' });
      store.setMutability(LEGAL, 'autonomous');
      expect([store.mutability, store.mutabilityOf(ROOT), store.mutabilityOf(LEGAL)]).toEqual(['approval-gated', 'approval-gated', 'autonomous']);
      expect(await store.put(LEGAL, notes, { actor: 'agent' })).toMatchObject({ revision: 1 });
      expect(await store.put(ROOT, notes, { actor: 'agent' })).toMatchObject({ revision: 0, proposal: expect.any(String) });
      store.setMutability(LEGAL, 'static');
      expect(store.mutabilityOf(LEGAL)).toBe('disabled');
      expect(await codeOf(store.archive(LEGAL, 'meeting-notes', { actor: 'agent' }))).toBe('PERMISSION_DENIED');
      // A person is never gated, whatever the namespace says.
      expect(await store.archive(LEGAL, 'meeting-notes')).toMatchObject({ revision: 2 });
      store.setMutability(LEGAL, undefined);
      expect(store.mutabilityOf(LEGAL)).toBe('approval-gated');
      expect(await codeOf(Promise.resolve().then(() => store.setMutability(LEGAL, 'sometimes' as never)))).toBe('INVALID_INPUT');
      expect(await codeOf(Promise.resolve().then(() => store.setMutability([], 'autonomous')))).toBe('INVALID_INPUT');
    });

    it('an agent’s import is gated by the target namespace’s own policy', async () => {
      const source = await fresh();
      await source.put(ROOT, notes);
      const exported = await source.exportNamespace(ROOT);
      const store = await fresh({ mutability: 'approval-gated' });
      expect(await codeOf(store.importNamespace(exported, { actor: 'agent' }))).toBe('PERMISSION_DENIED');
      store.setMutability(LEGAL, 'autonomous');
      expect(await store.importNamespace(exported, { namespace: LEGAL, actor: 'agent' })).toEqual([expect.objectContaining({ name: 'meeting-notes' })]);
      store.setMutability(ROOT, 'autonomous');
      expect(await store.importNamespace(exported, { actor: 'agent' })).toHaveLength(1);
    });

    it('a write to a builtin skill’s file is recorded as ignored: nothing else changes, the result has the warning', async () => {
      const store = await fresh({ reservedNames: ['pdf-tools'] });
      const heard: unknown[] = [];
      store.on('change', (c) => void heard.push(c));
      const ignored = await store.recordIgnoredWrite(ROOT, 'PDF-Tools', 'references/forms.md', { actor: { kind: 'agent', id: 'reviewer' } });
      expect(ignored).toMatchObject({ name: 'PDF-Tools', path: 'references/forms.md', revision: 0, digest: '', ignored: true });
      expect(ignored.diagnostics.map((d) => [d.code, d.severity, d.path])).toEqual([['resource-write-ignored', 'warning', 'PDF-Tools/references/forms.md']]);
      expect(ignored.diagnostics[0]?.message).toMatch(/builtin \(checked-in\) skill, read-only at runtime: the write to `references\/forms\.md` was ignored/);
      const [entry] = await store.auditLog(ROOT);
      expect(entry).toMatchObject({
        action: 'skill.resource_write_ignored',
        name: 'PDF-Tools',
        path: 'references/forms.md',
        revision: 0,
        actor: { kind: 'agent', id: 'reviewer' },
      });
      expect(entry?.digest).toBeUndefined();
      expect([await store.list(ROOT), await store.history(ROOT, 'pdf-tools'), await store.proposals(ROOT), heard]).toEqual([[], [], [], []]);
      expect(await codeOf(store.recordIgnoredWrite(ROOT, 'meeting-notes', 'SKILL.md'))).toBe('INVALID_INPUT');
      expect(await codeOf(store.recordIgnoredWrite(ROOT, 'pdf-tools', '../../etc/passwd'))).toBe('UNSAFE_PATH');
      expect(await codeOf(store.recordIgnoredWrite(ROOT, 'pdf-tools', ''))).toBe('INVALID_INPUT');
      expect(await store.auditLog(ROOT)).toHaveLength(1);
    });

    it('ignored writes by an agent are bounded like its changes; a person’s are not', async () => {
      const store = await fresh({ reservedNames: ['pdf-tools'], limits: { maxAgentChangesPerSkill: 2 } });
      for (let i = 0; i < 2; i++) await store.recordIgnoredWrite(ROOT, 'pdf-tools', 'SKILL.md', { actor: 'agent' });
      const error = await rejected(store.recordIgnoredWrite(ROOT, 'pdf-tools', 'SKILL.md', { actor: 'agent' }));
      expect([error.code, error.diagnostics[0]?.code]).toEqual(['LIMIT_EXCEEDED', 'limit-exceeded']);
      expect(await store.recordIgnoredWrite(ROOT, 'pdf-tools', 'SKILL.md')).toMatchObject({ ignored: true });
      expect(await store.auditLog(ROOT, 'pdf-tools')).toHaveLength(3);
    });

    it('archive and restore each leave a full-body revision of the same content in the history', async () => {
      const store = await fresh();
      const { digest } = await store.put(ROOT, { 'SKILL.md': notes, 'references/agenda.md': 'Agenda.' });
      expect(await store.archive(ROOT, 'meeting-notes', { actor: 'agent' })).toEqual({ name: 'meeting-notes', revision: 2, digest });
      expect(await store.archive(ROOT, 'meeting-notes')).toEqual({ name: 'meeting-notes', revision: 2, digest });
      expect(await store.restore(ROOT, 'meeting-notes')).toEqual({ name: 'meeting-notes', revision: 3, digest });
      const history = await store.history(ROOT, 'meeting-notes');
      expect(history.map((r) => [r.revision, r.action, r.actor.kind, r.digest, r.text, r.files])).toEqual([
        [1, 'put', 'person', digest, notes, { 'references/agenda.md': 'Agenda.' }],
        [2, 'archive', 'agent', digest, notes, { 'references/agenda.md': 'Agenda.' }],
        [3, 'restore', 'person', digest, notes, { 'references/agenda.md': 'Agenda.' }],
      ]);
      expect((await store.auditLog(ROOT)).map((e) => [e.action, e.revision])).toEqual([
        ['put', 1],
        ['archive', 2],
        ['restore', 3],
      ]);
      // A rollback may copy any of them; the history travels with a namespace export, archive revisions included.
      await store.archive(ROOT, 'meeting-notes');
      expect(await store.rollback(ROOT, 'meeting-notes', 2)).toMatchObject({ revision: 5, digest });
      expect((await store.get(ROOT, 'meeting-notes'))?.state).toBe('active');
      const other = await fresh();
      await other.importNamespace(JSON.stringify(await store.exportNamespace(ROOT)));
      expect(await other.history(ROOT, 'meeting-notes')).toEqual(await store.history(ROOT, 'meeting-notes'));
    });

    it('an approved archive is a revision of the agent’s, with its approver in the audit', async () => {
      const store = await fresh({ mutability: 'approval-gated' });
      await store.put(ROOT, notes);
      const { proposal } = await store.archive(ROOT, 'meeting-notes', { actor: 'agent' });
      expect(await store.history(ROOT, 'meeting-notes')).toHaveLength(1);
      expect(await store.approve(proposal as string)).toMatchObject({ revision: 2 });
      expect((await store.history(ROOT, 'meeting-notes')).map((r) => [r.action, r.actor.kind])).toEqual([
        ['put', 'person'],
        ['archive', 'agent'],
      ]);
      expect((await store.auditLog(ROOT)).at(-1)).toMatchObject({ action: 'archive', revision: 2, approvedBy: { kind: 'person' } });
    });
  });
}
