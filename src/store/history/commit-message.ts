/**
 * The commit message of one accepted change, and its reading back. The
 * subject says what happened in a line; Git trailers (`Key: value`, the last
 * paragraph) carry each fact, so `git log --format='%(trailers:key=Skill)'`
 * and `readEvolutionLog` read them without parsing prose.
 * @module
 */
import { namespaceLabel } from './repo-paths.js';
import type { EvolutionActor, EvolutionChange, EvolutionLogEntry } from './types.js';

const PLAIN_ID = /^[\p{L}\p{N}._@+-]+$/u;

/** An actor as the history names it: `user` or `agent` (the seed's words), with `:<id>` when it has one (quoted when not plain). */
export function actorLabel(actor: EvolutionActor): string {
  const kind = actor.kind === 'person' ? 'user' : 'agent';
  if (actor.id === undefined) return kind;
  return `${kind}:${PLAIN_ID.test(actor.id) ? actor.id : JSON.stringify(actor.id)}`;
}

/** Why the change was accepted: who approved it, or why it needed no approval. */
function approvalOf(change: EvolutionChange): string {
  if (change.approvedBy !== undefined) return `approved by ${actorLabel(change.approvedBy)}`;
  if (change.actor.kind === 'person') return "not required (a user's change)";
  return `not required (mutability: ${change.mutability})`;
}

/** The full message: a subject line, a blank line, then one trailer per fact. */
export function commitMessage(change: EvolutionChange): string {
  const writer = actorLabel(change.actor);
  const reviewer = change.approvedBy === undefined ? undefined : actorLabel(change.approvedBy);
  const from = change.from === undefined ? '' : ` from r${change.from}`;
  const subject = `${change.action} ${change.name} r${change.revision}${from} by ${writer}${reviewer === undefined ? '' : `, approved by ${reviewer}`}`;
  const trailers: [string, string | number | undefined][] = [
    ['Skill', change.name],
    ['Namespace', namespaceLabel(change.namespace)],
    ['Action', change.action],
    ['Revision', change.revision],
    ['Digest', change.digest],
    ['From-Revision', change.from],
    ['State', change.state],
    ['Written-By', writer],
    ['Reviewed-By', reviewer],
    ['Approval', approvalOf(change)],
    ['Accepted-At', change.at],
  ];
  const lines = trailers.filter(([, v]) => v !== undefined).map(([k, v]) => `${k}: ${String(v)}`);
  return `${subject}\n\n${lines.join('\n')}\n`;
}

/** The Git identity of the writer: the label as name (nothing Git's header cannot hold), a mailbox that is no one's. */
export function authorOf(actor: EvolutionActor): { name: string; email: string } {
  const name = actorLabel(actor).replace(/[<>\p{Cc}]/gu, '?');
  return { name, email: `${actor.kind === 'person' ? 'user' : 'agent'}@satchel.invalid` };
}

/** The runtime, which makes every commit. */
export const COMMITTER = { name: 'satchel', email: 'satchel@satchel.invalid' } as const;

type Facts = Omit<EvolutionLogEntry, 'oid' | 'subject' | 'message' | 'at' | 'author'>;

/** The facts of a message's trailers; none for a message without them. */
export function readTrailers(message: string): Facts {
  const paragraphs = message.trimEnd().split(/\n\s*\n/);
  const last = paragraphs.length > 1 ? (paragraphs.at(-1) ?? '') : '';
  const map = new Map<string, string>();
  for (const line of last.split('\n')) {
    const m = /^([A-Za-z-]+): (.*)$/.exec(line);
    if (m) map.set(m[1] as string, m[2] as string);
  }
  const text = (key: string): string | undefined => map.get(key);
  const whole = (key: string): number | undefined => {
    const v = map.get(key);
    return v !== undefined && /^\d+$/.test(v) ? Number(v) : undefined;
  };
  const facts: Record<string, string | number | undefined> = {
    skill: text('Skill'),
    namespace: text('Namespace'),
    action: text('Action'),
    revision: whole('Revision'),
    digest: text('Digest'),
    from: whole('From-Revision'),
    state: text('State'),
    writer: text('Written-By'),
    reviewer: text('Reviewed-By'),
    approval: text('Approval'),
  };
  return Object.fromEntries(Object.entries(facts).filter(([, v]) => v !== undefined)) as Facts;
}
