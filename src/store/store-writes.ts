/**
 * The store's writing methods over a {@link StoreCore}: validation first,
 * then the mutability gate (an agent's change may become a proposal), then
 * one transaction, then the change event.
 * @module
 */
import { SkillError } from '../format/errors.js';
import { actorRecord } from './audit.js';
import { applyProposal, proposalOf, proposeChange } from './evolution/proposals.js';
import { screenSkill, withFindings } from './evolution/safety-gate.js';
import { usageRecordOf } from './evolution/usage.js';
import { checkName, checkNamespace, checkRevision, nsKey, nsOf } from './records.js';
import { purgeSkill, putRevision, rollbackRevision, setState, type WriteContext } from './revisions.js';
import type { StoreCore } from './store-core.js';
import type { SkillStore, WriteResult } from './types.js';
import { prepareSkill, type PreparedSkill } from './validate.js';

/** The methods that change a skill: put, rollback, archive, restore, purge. */
export function skillWrites(core: StoreCore): Pick<SkillStore, 'put' | 'rollback' | 'archive' | 'restore' | 'purge'> {
  const { limits, context, gated, refuseReserved, propose, commit, safety } = core;
  return {
    async put(namespace, skill, o = {}) {
      const ctx = context(namespace, o);
      const gate = gated(ctx, 'put');
      const prepared = prepareSkill(skill, o.profile === 'spec' ? { ...limits, profile: 'spec' } : limits, namespace.join('/'));
      refuseReserved(prepared.name, 'put');
      // Scanned before anything is proposed or written: a refusal writes nothing, a hold becomes a proposal.
      const { findings, hold } = await screenSkill(ctx.actor.kind === 'agent' ? safety.agentWrites : safety.writes, prepared);
      if (gate === 'propose' || hold) return withFindings(await propose(ctx, { name: prepared.name, action: 'put', after: prepared, findings }), findings);
      return withFindings(await commit(namespace, `put of "${prepared.name}"`, (tx) => putRevision(tx, ctx, prepared)), findings);
    },
    async rollback(namespace, name, revision, o = {}) {
      const ctx = context(namespace, o);
      checkName(name);
      checkRevision(revision, 'The revision to roll back to');
      const gate = gated(ctx, 'rollback');
      refuseReserved(name, 'rollback');
      if (gate === 'propose') return proposeRollback(core, ctx, name, revision);
      return commit(namespace, `rollback of "${name}"`, (tx) => rollbackRevision(tx, ctx, name, revision));
    },
    async archive(namespace, name, o = {}) {
      const ctx = context(namespace, o);
      checkName(name);
      if (gated(ctx, 'archive') === 'propose') return propose(ctx, { name, action: 'archive' });
      return commit(namespace, `archive of "${name}"`, (tx) => setState(tx, ctx, name, 'archived'));
    },
    async restore(namespace, name, o = {}) {
      const ctx = context(namespace, o);
      checkName(name);
      const gate = gated(ctx, 'restore');
      refuseReserved(name, 'restore');
      if (gate === 'propose') return propose(ctx, { name, action: 'restore' });
      return commit(namespace, `restore of "${name}"`, (tx) => setState(tx, ctx, name, 'active'));
    },
    async purge(namespace, name, o = {}) {
      const ctx = context(namespace, o.actor === undefined ? {} : { actor: o.actor });
      checkName(name);
      if (gated(ctx, 'purge') === 'propose') return void (await propose(ctx, { name, action: 'purge' }));
      await commit(namespace, `purge of "${name}"`, (tx) => purgeSkill(tx, ctx, name));
    },
  };
}

/** The methods that settle a proposal: approve applies it, reject drops it. */
export function proposalWrites({ backend, run, limits, agentLimits, refuseReserved, commit }: StoreCore): Pick<SkillStore, 'approve' | 'reject'> {
  return {
    async approve(id, o = {}) {
      const record = await run('a read', () => backend.read((tx) => proposalOf(tx, id)));
      const namespace = nsOf(record.ns);
      // Validated again: limits or builtin names may have changed since it was proposed.
      const prepared: PreparedSkill | undefined =
        record.text === undefined ? undefined : prepareSkill({ 'SKILL.md': record.text, ...record.files }, limits, namespace.join('/'));
      if (record.action !== 'archive' && record.action !== 'purge') refuseReserved(record.name, 'approval');
      const ctx: WriteContext = { ns: record.ns, actor: record.actor, at: new Date().toISOString(), approvedBy: actorRecord(o.actor), limits: agentLimits };
      return commit(namespace, `approval of proposal ${id}`, (tx) => applyProposal(tx, ctx, id, prepared));
    },
    async reject(id) {
      await run('a rejection', () => backend.write(async (tx) => tx.deleteProposal((await proposalOf(tx, id)).id)));
    },
  };
}

/** `recordUsage`: appends entries to the namespace's usage profile, keeping at most the store's cap (every entry checked, only the newest `usageCap` written). */
export function usageWrites({ backend, run, usageCap }: StoreCore): Pick<SkillStore, 'recordUsage'> {
  return {
    async recordUsage(namespace, entries) {
      const ns = nsKey(checkNamespace(namespace));
      const now = new Date().toISOString();
      const records = (Array.isArray(entries) ? entries : [entries]).map((e: Parameters<typeof usageRecordOf>[0]) => usageRecordOf(e, ns, now));
      // The oldest go first past the cap: an entry the trim would drop at once is not written at all.
      records.splice(0, Math.max(0, records.length - usageCap));
      await run('a usage record', () =>
        backend.write(async (tx) => {
          for (const r of records) await tx.appendUsage(r);
          await tx.trimUsage(ns, usageCap);
        }),
      );
    },
  };
}

/** An agent's rollback under `approval-gated`: the old revision's content, proposed against the head. */
async function proposeRollback({ backend, run }: StoreCore, ctx: WriteContext, name: string, from: number): Promise<WriteResult> {
  const { result } = await run(`proposal for "${name}"`, () =>
    backend.write(async (tx) => {
      const old = await tx.revision(ctx.ns, name, from);
      if (!old) throw new SkillError('NOT_FOUND', `Skill "${name}" has no revision ${from}.`);
      return proposeChange(tx, ctx, { name, action: 'rollback', after: { text: old.text, files: old.files, digest: old.digest }, from });
    }),
  );
  return result;
}
