/**
 * Bounds on the growth an agent can cause in a store: changes and history
 * bytes per skill, skills per namespace, pending proposals. Past one, an
 * agent's own write is refused with `LIMIT_EXCEEDED`; a person's writes
 * (and a person's approval of a proposal) never are, and history is never
 * compacted: every revision stays.
 * @module
 */
import { createDiagnostic } from '../format/diagnostics/diagnostic.js';
import { SkillError } from '../format/errors.js';
import { assertLimits } from '../format/types.js';
import { toBytes } from '../sources/inventory.js';
import type { AgentLimits } from './evolution/types.js';
import type { FileMap, HeadRecord, StoreTx } from './records.js';
import type { ActorRecord } from './types.js';

export type { AgentLimits } from './evolution/types.js';

/** {@link AgentLimits} with every bound present. */
export type ResolvedAgentLimits = { readonly [K in keyof AgentLimits]-?: number };

/**
 * The defaults. 1,000 changes: years of an agent's daily improvements to one skill, yet a history that never grows
 * without a person. 64 MiB: two of the largest revisions the loader's limits allow (128 files of 256 KiB), or some
 * 6,000 revisions of a 10 KB skill. 1,000 skills: a fifth of the loader's `maxSkills` (5,000), so an agent alone can
 * never make a load refuse. 100 proposals: more than a person reviews in a sitting.
 */
export const AGENT_LIMITS: ResolvedAgentLimits = {
  maxAgentChangesPerSkill: 1000,
  maxAgentHistoryBytesPerSkill: 64 * 1024 * 1024,
  maxAgentSkillsPerNamespace: 1000,
  maxPendingProposals: 100,
};

/** The agent bounds of a store's `limits`, defaults filled; `INVALID_INPUT` for one that is not a limit. */
export function agentLimits(limits: AgentLimits | undefined): ResolvedAgentLimits {
  assertLimits(limits, Object.keys(AGENT_LIMITS), 'store limits');
  const out: Record<string, number> = { ...AGENT_LIMITS };
  for (const key of Object.keys(AGENT_LIMITS) as (keyof AgentLimits)[]) {
    const value = limits?.[key];
    if (value !== undefined) out[key] = value;
  }
  return out as ResolvedAgentLimits;
}

/** Who writes and under which bounds: an agent's own write is bounded, a person's or an approved one is not. */
export interface GrowthContext {
  readonly ns: string;
  readonly actor: ActorRecord;
  readonly approvedBy?: ActorRecord | undefined;
  readonly limits: ResolvedAgentLimits;
}

const bounded = (ctx: GrowthContext): boolean => ctx.actor.kind === 'agent' && ctx.approvedBy === undefined;

/** Bytes a revision adds to the history: its SKILL.md and every file. */
export function revisionBytes(content: { readonly text: string; readonly files: FileMap }): number {
  let bytes = toBytes(content.text).byteLength;
  for (const file of Object.values(content.files)) bytes += toBytes(file).byteLength;
  return bytes;
}

/** `LIMIT_EXCEEDED` for an agent's write past `limit`, saying that a person may still write. */
export function growthError(limit: keyof AgentLimits, message: string, path: string): SkillError {
  const full = `${message} (${limit}). An agent's write stops here; a person's writes still apply, and no revision is ever dropped.`;
  return new SkillError('LIMIT_EXCEEDED', full, { path, diagnostics: [createDiagnostic('limit-exceeded', 'runtime', full, path)] });
}

/** Refuses an agent's change of `name` once its audit trail holds `maxAgentChangesPerSkill` entries. */
export async function checkAgentChanges(tx: StoreTx, ctx: GrowthContext, name: string): Promise<void> {
  if (!bounded(ctx)) return;
  const max = ctx.limits.maxAgentChangesPerSkill;
  const changes = await tx.auditCount(ctx.ns, name);
  if (changes >= max)
    throw growthError(
      'maxAgentChangesPerSkill',
      `Skill "${name}" has ${changes} recorded changes; an agent may change it while it has fewer than ${max}`,
      name,
    );
}

/** Refuses an agent's write that would add a skill record to a namespace holding `maxAgentSkillsPerNamespace`. */
export async function checkAgentNewSkills(tx: StoreTx, ctx: GrowthContext, adding: number, name: string): Promise<void> {
  if (!bounded(ctx) || adding === 0) return;
  const max = ctx.limits.maxAgentSkillsPerNamespace;
  const held = await tx.headCount(ctx.ns);
  if (held + adding > max) throw growthError('maxAgentSkillsPerNamespace', `The namespace holds ${held} skills; an agent may bring it to at most ${max}`, name);
}

/**
 * The history's bytes once `adding` more are written: refuses an agent's write past `maxAgentHistoryBytesPerSkill`.
 * `undefined` when the head does not know its size (written before it was kept) and a person writes: reading the
 * whole history for a write nothing bounds would only cost.
 */
export async function historyBytesAfter(
  tx: StoreTx,
  ctx: GrowthContext,
  name: string,
  head: HeadRecord | undefined,
  adding: number,
): Promise<number | undefined> {
  const live = head && head.state !== 'purged' ? head : undefined;
  let held = live ? knownBytes(live) : 0;
  if (held === undefined) {
    if (!bounded(ctx)) return undefined;
    held = 0;
    for (const r of await tx.revisions(ctx.ns, name)) held += revisionBytes(r);
  }
  const after = held + adding;
  const max = ctx.limits.maxAgentHistoryBytesPerSkill;
  if (bounded(ctx) && after > max) {
    throw growthError('maxAgentHistoryBytesPerSkill', `Skill "${name}" would hold ${after} bytes of history; an agent may bring it to at most ${max}`, name);
  }
  return after;
}

const knownBytes = (head: HeadRecord): number | undefined =>
  typeof head.historyBytes === 'number' && Number.isSafeInteger(head.historyBytes) && head.historyBytes >= 0 ? head.historyBytes : undefined;

/** Refuses a new proposal once the namespace holds `maxPendingProposals`. */
export async function checkPendingProposals(tx: StoreTx, ctx: GrowthContext, name: string): Promise<void> {
  const max = ctx.limits.maxPendingProposals;
  const pending = await tx.proposalCount(ctx.ns);
  if (pending >= max) {
    throw growthError(
      'maxPendingProposals',
      `The namespace has ${pending} pending proposals; approve or reject some before an agent proposes more, at most ${max}`,
      name,
    );
  }
}
