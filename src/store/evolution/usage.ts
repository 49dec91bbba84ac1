/**
 * The usage profile: one entry per activation or delegated run of a skill,
 * keyed by the skill's name (when, why it activated, the outcome the app
 * reports), kept beside the skills, capped per namespace, exported with
 * them. Routing can take it as an opt-in prior (`createUsagePrior`).
 * @module
 */
import { SkillError } from '../../format/errors.js';
import { nsOf, type UsageRecord } from '../records.js';
import type { ExportedUsage, UsageEntry, UsageInput } from '../types.js';

const KINDS = ['activation', 'delegation'];
/** Longest `name`, `reason` and `outcome` of a usage entry, in characters; longest `at`. */
const MAX_TEXT = 200;
const MAX_TIME = 64;

/** The stored record of one reported use; `INVALID_INPUT` for a malformed one. */
export function usageRecordOf(input: UsageInput, ns: string, now: string): UsageRecord {
  if (typeof input !== 'object' || input === null) throw usageError('an entry must be an object');
  const { name, kind = 'activation', reason, outcome, at = now } = input;
  if (typeof name !== 'string' || name === '' || name.length > MAX_TEXT) throw usageError(`\`name\` must be the skill name, at most ${MAX_TEXT} characters`);
  if (!KINDS.includes(kind)) throw usageError('`kind` must be `activation` or `delegation`');
  for (const [key, value] of [
    ['reason', reason],
    ['outcome', outcome],
  ] as const) {
    if (value !== undefined && (typeof value !== 'string' || value.length > MAX_TEXT))
      throw usageError(`\`${key}\` must be text of at most ${MAX_TEXT} characters`);
  }
  if (typeof at !== 'string' || at.length > MAX_TIME || Number.isNaN(Date.parse(at))) throw usageError('`at` must be an ISO 8601 time');
  return { ns, name, kind, at, ...(reason === undefined ? {} : { reason }), ...(outcome === undefined ? {} : { outcome }) };
}

/** The public form of a usage record. */
export function usageEntryOf(record: UsageRecord): UsageEntry {
  const { ns, seq, ...rest } = record;
  return { ...rest, seq: seq ?? 0, namespace: nsOf(ns) };
}

/** A usage record as a namespace export holds it. */
export function exportedUsageOf(record: UsageRecord): ExportedUsage {
  const { ns: _ns, seq: _seq, ...rest } = record;
  return rest;
}

/** Checks the usage cap option: a positive whole number. */
export function usageCapOf(cap: number | undefined, fallback: number): number {
  if (cap === undefined) return fallback;
  if (!Number.isInteger(cap) || cap < 1) throw new SkillError('INVALID_INPUT', `usageCap must be a positive whole number; got ${String(cap)}.`);
  return cap;
}

function usageError(why: string): SkillError {
  return new SkillError('INVALID_INPUT', `A usage entry was refused: ${why}.`);
}

/**
 * One usage entry per activated skill of a turn, with the outcome the app
 * reports: what `recordUsage` takes.
 *
 * @example
 * ```ts
 * const activations = loader.activate(turn)
 * // … the agent runs, the app learns how it went …
 * await store.recordUsage(ns, usageOfActivations(activations, 'success'))
 * await store.recordUsage(ns, { name: 'researcher', kind: 'delegation', reason: 'mention', outcome: 'failure' })
 * ```
 */
export function usageOfActivations(
  activations: readonly { readonly skill: { readonly name: string }; readonly reason: string }[],
  outcome?: string,
): UsageInput[] {
  return activations.map((a) => ({ name: a.skill.name, kind: 'activation' as const, reason: a.reason, ...(outcome === undefined ? {} : { outcome }) }));
}
