/**
 * The audit log's entries: who changed which skill, when, to which revision
 * and digest. Entries are only ever appended, in the same transaction as the
 * change they record, and hold no skill content.
 * @module
 */
import { SkillError } from '../format/errors.js';
import type { AuditRecord } from './records.js';
import type { Actor, ActorRecord } from './types.js';

/** An {@link Actor} as recorded (default: a person). */
export function actorRecord(actor: Actor | undefined): ActorRecord {
  if (actor === undefined || actor === 'person' || actor === 'agent') return { kind: actor ?? 'person' };
  if (typeof actor !== 'object' || actor === null || (actor.kind !== 'person' && actor.kind !== 'agent')) {
    throw new SkillError('INVALID_INPUT', 'An actor is `person`, `agent`, or `{ kind: "person" | "agent", id? }`.');
  }
  if (typeof actor.id !== 'string') return { kind: actor.kind };
  // Bounded as an export's actor id is, so every revision a store writes it can also import.
  if (actor.id.length > MAX_ACTOR_ID) throw new SkillError('INVALID_INPUT', `An actor id is at most ${MAX_ACTOR_ID} characters; got ${actor.id.length}.`);
  return { kind: actor.kind, id: actor.id };
}

/** Longest actor id, in characters. */
export const MAX_ACTOR_ID = 200;

/** What an audit entry says about one change: the record before the store numbers it. */
export type AuditFacts = Omit<AuditRecord, 'seq'>;

/** The record of one change, without its `seq` (the backend assigns it). */
export function auditRecord(facts: AuditFacts): AuditRecord {
  const { digest, from, ...rest } = facts;
  return { ...rest, ...(digest === undefined ? {} : { digest }), ...(from === undefined ? {} : { from }) };
}
