/**
 * Approval-gated agent changes: a proposal holds what the change would do
 * and a unified diff against the active skill, kept apart from it (its own
 * object store) until a person approves or rejects it. Only an approved
 * change becomes a revision and an audit entry.
 * @module
 */
import { createTwoFilesPatch } from 'diff';
import type { Diagnostic } from '../../format/diagnostics/diagnostic.js';
import { SkillError } from '../../format/errors.js';
import { isBytes, SKILL_FILE } from '../../sources/inventory.js';
import { checkPendingProposals } from '../growth.js';
import { describeValue, nsOf, type FileMap, type HeadRecord, type ProposalRecord, type StoreTx } from '../records.js';
import { checkExpected, purgeSkill, putRevision, rollbackRevision, setState, type WriteContext, type WriteOutcome } from '../revisions.js';
import type { Proposal, WriteResult } from '../types.js';
import type { PreparedSkill } from '../validate.js';

/** What an agent wants to do, before it becomes a proposal. */
export interface Intended {
  readonly name: string;
  readonly action: ProposalRecord['action'];
  /** The content after the change (none for archive and restore: the content stays). */
  readonly after?: { readonly text: string; readonly files: FileMap; readonly digest: string };
  readonly from?: number;
  /** What the scanner found in `after` (the store's safety gate scanned it first). */
  readonly findings?: readonly Diagnostic[];
}

/** A new proposal id: random, so two tabs never make the same one. */
function newId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  return c?.randomUUID ? c.randomUUID() : `p-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * Stores `intended` as a proposal against the current head (read in the
 * same transaction, so the base revision is exact).
 */
export async function proposeChange(tx: StoreTx, ctx: WriteContext, intended: Intended): Promise<{ record?: ProposalRecord; result: WriteResult }> {
  const head = await tx.head(ctx.ns, intended.name);
  // A proposal is made against what the writer read: a stale `expectedRevision` is a CONFLICT here as on a write.
  checkExpected(head, ctx, intended.name);
  const live = head && head.state !== 'purged' ? head : undefined;
  if (intended.action !== 'put' && !live) throw new SkillError('NOT_FOUND', `The store holds no skill named "${intended.name}" in this namespace.`);
  // A change that would change nothing is no proposal, as an identical applied write is no revision.
  if (live && changesNothing(live, intended)) return { result: { name: live.name, revision: live.revision, digest: live.digest } };
  await checkPendingProposals(tx, ctx, intended.name);
  const before = live ? { text: live.text, files: live.files } : { text: '', files: {} };
  const after = intended.action === 'purge' ? { text: '', files: {} } : (intended.after ?? before);
  const record: ProposalRecord = {
    id: newId(),
    ns: ctx.ns,
    name: intended.name,
    action: intended.action,
    actor: ctx.actor,
    at: ctx.at,
    baseRevision: live?.revision ?? 0,
    diff: skillDiff(intended.name, before, after),
    ...(intended.after ? { text: intended.after.text, files: intended.after.files, digest: intended.after.digest } : {}),
    ...(intended.from === undefined ? {} : { from: intended.from }),
    ...(intended.findings === undefined || intended.findings.length === 0 ? {} : { findings: [...intended.findings] }),
  };
  await tx.putProposal(record);
  return { record, result: { name: intended.name, revision: live?.revision ?? 0, digest: live?.digest ?? '', proposal: record.id } };
}

function changesNothing(head: HeadRecord, intended: Intended): boolean {
  if (intended.action === 'archive') return head.state === 'archived';
  if (intended.action === 'restore') return head.state === 'active';
  return intended.action !== 'purge' && head.state === 'active' && head.digest === intended.after?.digest;
}

/** The proposal `id`, or `NOT_FOUND` (`INVALID_INPUT` when `id` is not a text). */
export async function proposalOf(tx: StoreTx, id: string): Promise<ProposalRecord> {
  if (typeof id !== 'string') throw new SkillError('INVALID_INPUT', `A proposal id is a text, not ${describeValue(id)}.`);
  const record = await tx.proposal(id);
  if (!record) throw new SkillError('NOT_FOUND', `There is no pending proposal with id "${String(id)}" (approved, rejected, or never made).`);
  return record;
}

/** Fails with `CONFLICT` when the skill moved past the revision the proposal's diff is against. */
export function checkBase(record: ProposalRecord, head: HeadRecord | undefined): void {
  const current = head && head.state !== 'purged' ? head.revision : 0;
  if (current !== record.baseRevision) {
    throw new SkillError(
      'CONFLICT',
      `Proposal ${record.id} for "${record.name}" was made against revision ${record.baseRevision}, but the skill is now at revision ${current}; reject it and let the agent propose again.`,
    );
  }
}

/** The public form of a proposal record. */
export function proposalOfRecord(record: ProposalRecord): Proposal {
  return {
    id: record.id,
    namespace: nsOf(record.ns),
    name: record.name,
    action: record.action,
    actor: record.actor,
    diff: record.diff,
    baseRevision: record.baseRevision,
    ...(record.digest === undefined ? {} : { digest: record.digest }),
    ...(record.from === undefined ? {} : { from: record.from }),
    createdAt: record.at,
    findings: Array.isArray(record.findings) ? record.findings : [],
  };
}

/** A unified diff per changed file, SKILL.md first, then the files by path. */
export function skillDiff(name: string, before: { text: string; files: FileMap }, after: { text: string; files: FileMap }): string {
  const paths = [...new Set([...Object.keys(before.files), ...Object.keys(after.files)])].sort();
  const parts: string[] = [];
  for (const path of [SKILL_FILE, ...paths]) {
    const old = path === SKILL_FILE ? before.text : before.files[path];
    const neu = path === SKILL_FILE ? after.text : after.files[path];
    if (sameContent(old, neu)) continue;
    if (isBytes(old) || isBytes(neu)) {
      parts.push(`Binary file ${name}/${path} ${old === undefined ? 'added' : neu === undefined ? 'removed' : 'changed'}\n`);
      continue;
    }
    parts.push(createTwoFilesPatch(`a/${name}/${path}`, `b/${name}/${path}`, old ?? '', neu ?? '', undefined, undefined, { context: 3 }));
  }
  return parts.join('');
}

function sameContent(a: string | Uint8Array | undefined, b: string | Uint8Array | undefined): boolean {
  if (typeof a === 'string' || typeof b === 'string' || a === undefined || b === undefined) return a === b;
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * Applies an approved proposal inside one transaction, as the agent's
 * change, and removes it: the revision, head, audit entry and the removal
 * commit together. `prepared` is the re-validated content of a `put`.
 */
export async function applyProposal(tx: StoreTx, ctx: WriteContext, id: string, prepared: PreparedSkill | undefined): Promise<WriteOutcome> {
  const record = await proposalOf(tx, id);
  checkBase(record, await tx.head(record.ns, record.name));
  const outcome = await applyAction(tx, ctx, record, prepared);
  await tx.deleteProposal(id);
  return outcome;
}

function applyAction(tx: StoreTx, ctx: WriteContext, record: ProposalRecord, prepared: PreparedSkill | undefined): Promise<WriteOutcome> {
  switch (record.action) {
    case 'put':
      if (!prepared) throw new SkillError('STORE_FAILED', `Proposal ${record.id} holds no content.`);
      return putRevision(tx, ctx, prepared);
    case 'rollback':
      return rollbackRevision(tx, ctx, record.name, record.from ?? 0);
    case 'archive':
      return setState(tx, ctx, record.name, 'archived');
    case 'restore':
      return setState(tx, ctx, record.name, 'active');
    case 'purge':
      return purgeSkill(tx, ctx, record.name);
  }
}
