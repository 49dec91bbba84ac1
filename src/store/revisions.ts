/**
 * The writes of the store, each as one transaction over a {@link StoreTx}:
 * the expected-revision check, the new revision, the head and the audit
 * entry are read and written together, so two writers can never both win.
 * @module
 */
import { SkillError } from '../format/errors.js';
import { auditRecord } from './audit.js';
import { forgetSkillExamples } from './evolution/learned.js';
import { checkAgentChanges, checkAgentNewSkills, historyBytesAfter, revisionBytes, type ResolvedAgentLimits } from './growth.js';
import { MAX_REVISION, type HeadRecord, type RevisionRecord, type StoreTx } from './records.js';
import type { ActorRecord, ChangeAction, WriteResult } from './types.js';
import { parseToKeep, type PreparedSkill } from './validate.js';
import { LOADER_LIMITS } from '../format/types.js';
import { BUNDLE_PARSE_FORMAT } from '../sources/preparsed-bundle.js';

/** The context of one write. */
export interface WriteContext {
  readonly ns: string;
  readonly actor: ActorRecord;
  readonly at: string;
  readonly expectedRevision?: number | undefined;
  /** For an approved proposal: who approved it (recorded in the audit entry). */
  readonly approvedBy?: ActorRecord | undefined;
  /** The bounds an agent's own write is checked against. */
  readonly limits: ResolvedAgentLimits;
}

/** The audit fact of an approval, when the write is one. */
const approval = (ctx: WriteContext): { approvedBy?: ActorRecord } => (ctx.approvedBy ? { approvedBy: ctx.approvedBy } : {});

/** What a write did: the result for the caller and the head for the change event (none when nothing changed). */
export interface WriteOutcome {
  readonly result: WriteResult;
  readonly action: ChangeAction;
  readonly head?: HeadRecord;
}

/** Fails with `CONFLICT` unless the head is at the revision the writer expects. */
export function checkExpected(head: HeadRecord | undefined, ctx: WriteContext, name: string): void {
  if (ctx.expectedRevision === undefined) return;
  const current = head && head.state !== 'purged' ? head.revision : 0;
  if (current !== ctx.expectedRevision) {
    throw new SkillError(
      'CONFLICT',
      `Skill "${name}" is at revision ${current}, not ${ctx.expectedRevision}: another writer changed it. Read it again and retry.`,
    );
  }
}

/** The live head of a skill, or `NOT_FOUND`. */
async function liveHead(tx: StoreTx, ctx: WriteContext, name: string): Promise<HeadRecord> {
  const head = await tx.head(ctx.ns, name);
  if (!head || head.state === 'purged') throw new SkillError('NOT_FOUND', `The store holds no skill named "${name}" in this namespace.`);
  return head;
}

/**
 * Appends `content` as the skill's next revision and makes it the active
 * head. Content equal to the active head's is no change: nothing is written.
 */
async function appendRevision(
  tx: StoreTx,
  ctx: WriteContext,
  content: Omit<PreparedSkill, 'skill'>,
  action: 'put' | 'rollback',
  from?: number,
): Promise<WriteOutcome> {
  const head = await tx.head(ctx.ns, content.name);
  checkExpected(head, ctx, content.name);
  if (head && head.state === 'active' && head.digest === content.digest) {
    return { result: { name: head.name, revision: head.revision, digest: head.digest }, action };
  }
  return writeRevision(tx, ctx, head, content, { action, state: 'active', ...(from === undefined ? {} : { from }) });
}

/** What one new revision records besides its content: the action, the state it leaves the skill in, the revision copied. */
interface RevisionFacts {
  readonly action: RevisionRecord['action'];
  readonly state: 'active' | 'archived';
  readonly from?: number;
}

/** Writes `content` as the revision after `head`, the head in `facts.state`, and the audit entry, within the agent's bounds. */
async function writeRevision(
  tx: StoreTx,
  ctx: WriteContext,
  head: HeadRecord | undefined,
  content: Pick<HeadRecord, 'name' | 'digest' | 'text' | 'files' | 'parsed' | 'writtenBy'>,
  facts: RevisionFacts,
): Promise<WriteOutcome> {
  const revision = (head?.revision ?? 0) + 1;
  const { name, digest, text, files } = content;
  const { action, state, from } = facts;
  if (revision > MAX_REVISION) throw new SkillError('LIMIT_EXCEEDED', `Skill "${name}" is at revision ${revision - 1}, the highest a store keeps.`);
  await checkAgentChanges(tx, ctx, name);
  if (!head) await checkAgentNewSkills(tx, ctx, 1, name);
  const historyBytes = await historyBytesAfter(tx, ctx, name, head, revisionBytes(content));
  const record: RevisionRecord = {
    ns: ctx.ns,
    name,
    revision,
    digest,
    text,
    files,
    at: ctx.at,
    actor: ctx.actor,
    action,
    ...(from === undefined ? {} : { from }),
  };
  const createdAt = head && head.state !== 'purged' ? head.createdAt : ctx.at;
  // The head keeps the skill parsed: a write's own parse, or the head's when current, else (a rollback) parsed here.
  const parsed = content.parsed?.format === BUNDLE_PARSE_FORMAT ? content.parsed : parseToKeep(text, files, LOADER_LIMITS);
  const next: HeadRecord = {
    ns: ctx.ns,
    name,
    revision,
    digest,
    state,
    text,
    files,
    createdAt,
    updatedAt: ctx.at,
    ...writtenByOf(content, ctx, action),
    ...(historyBytes === undefined ? {} : { historyBytes }),
    ...(parsed === undefined ? {} : { parsed }),
  };
  await tx.putRevision(record);
  await tx.putHead(next);
  await tx.appendAudit(
    auditRecord({ ns: ctx.ns, name, action, revision, digest, actor: ctx.actor, at: ctx.at, ...approval(ctx), ...(from === undefined ? {} : { from }) }),
  );
  return { result: { name, revision, digest }, action, head: next };
}

/** Who wrote the new head's content: the writer of a put or rollback; for an archive or restore, whoever wrote it before. */
function writtenByOf(content: Pick<HeadRecord, 'writtenBy'>, ctx: WriteContext, action: RevisionRecord['action']): Pick<HeadRecord, 'writtenBy'> {
  if (action !== 'archive' && action !== 'restore') return { writtenBy: ctx.actor.kind };
  return content.writtenBy === undefined ? {} : { writtenBy: content.writtenBy };
}

/** `put`: a validated skill as the next revision. */
export function putRevision(tx: StoreTx, ctx: WriteContext, skill: PreparedSkill): Promise<WriteOutcome> {
  return appendRevision(tx, ctx, skill, 'put');
}

/** `rollback`: revision `from` copied into the next revision. */
export async function rollbackRevision(tx: StoreTx, ctx: WriteContext, name: string, from: number): Promise<WriteOutcome> {
  await liveHead(tx, ctx, name);
  const old = await tx.revision(ctx.ns, name, from);
  if (!old) throw new SkillError('NOT_FOUND', `Skill "${name}" has no revision ${from}.`);
  return appendRevision(tx, ctx, old, 'rollback', from);
}

/**
 * `archive` / `restore`: the state changes and the content stays, recorded as a new revision of the same content
 * (the MD-first seed: every durable mutation appends a full-body revision), so history shows when a skill left the
 * catalog and came back. Already in that state: no change, no revision.
 */
export async function setState(tx: StoreTx, ctx: WriteContext, name: string, state: 'active' | 'archived'): Promise<WriteOutcome> {
  const head = await liveHead(tx, ctx, name);
  checkExpected(head, ctx, name);
  const action = state === 'archived' ? 'archive' : 'restore';
  if (head.state === state) return { result: { name, revision: head.revision, digest: head.digest }, action };
  return writeRevision(tx, ctx, head, head, { action, state });
}

/** `purge`: every revision, the content and the skill's learned examples go; a head without content keeps the revision count. */
export async function purgeSkill(tx: StoreTx, ctx: WriteContext, name: string): Promise<WriteOutcome> {
  const head = await liveHead(tx, ctx, name);
  const next: HeadRecord = {
    ns: ctx.ns,
    name,
    revision: head.revision,
    digest: '',
    state: 'purged',
    text: '',
    files: {},
    createdAt: head.createdAt,
    updatedAt: ctx.at,
    historyBytes: 0,
  };
  await tx.deleteRevisions(ctx.ns, name);
  // What the skill learned goes too (privacy); an archive keeps it, as it keeps the content.
  await forgetSkillExamples(tx, ctx.ns, name);
  await tx.putHead(next);
  await tx.appendAudit(auditRecord({ ns: ctx.ns, name, action: 'purge', revision: head.revision, actor: ctx.actor, at: ctx.at, ...approval(ctx) }));
  return { result: { name, revision: head.revision, digest: '' }, action: 'purge', head: next };
}
