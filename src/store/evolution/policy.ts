/**
 * The mutability policy: how a store treats agent-made changes. A person's
 * changes always apply; an agent's apply, wait as proposals, or are refused.
 * Builtin (checked-in) skills are read-only to everyone.
 * @module
 */
import { createDiagnostic } from '../../format/diagnostics/diagnostic.js';
import { SkillError } from '../../format/errors.js';
import type { ActorRecord, Mutability, MutabilityPolicy } from '../types.js';

/** What becomes of one write. */
export type Gate = 'apply' | 'propose';

const POLICIES: readonly Mutability[] = ['autonomous', 'approval-gated', 'disabled', 'static'];

/** The policy a store holds: `static` is the seed's shorthand for `disabled`; default `autonomous`. */
export function resolveMutability(mutability: Mutability | undefined): MutabilityPolicy {
  if (mutability === undefined) return 'autonomous';
  if (!POLICIES.includes(mutability)) {
    throw new SkillError('INVALID_INPUT', `mutability must be one of ${POLICIES.join(', ')}; got ${JSON.stringify(mutability)}.`);
  }
  return mutability === 'static' ? 'disabled' : mutability;
}

/**
 * Whether `actor`'s write applies or waits as a proposal; throws
 * `PERMISSION_DENIED` for an agent when the policy is `disabled`.
 */
export function gateOf(policy: MutabilityPolicy, actor: ActorRecord, what: string): Gate {
  if (actor.kind !== 'agent' || policy === 'autonomous') return 'apply';
  if (policy === 'approval-gated') return 'propose';
  throw new SkillError(
    'PERMISSION_DENIED',
    `Agent-made changes are disabled here (mutability: disabled, the store's or this namespace's own); the ${what} was refused.`,
  );
}

/**
 * The refusal of a write to a builtin skill or its resources: `CONFLICT`
 * with a `builtin-read-only` diagnostic. Checked-in skills change only
 * with a new deployment, and a learned skill can never take their names.
 */
export function builtinRefusal(name: string, what: string, path = 'SKILL.md'): SkillError {
  const message = `"${name}" is the name of a builtin (checked-in) skill: it is read-only at runtime and a stored skill cannot take its name; the ${what} was refused. Give the learned skill another name, or change the builtin one in source and redeploy.`;
  return new SkillError('CONFLICT', message, { path, diagnostics: [createDiagnostic('builtin-read-only', 'runtime', message, `${name}/${path}`)] });
}
