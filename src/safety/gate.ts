/**
 * The safety gate's policy: what a place where skills enter (a store's writes and imports, the write tools, a remote
 * or MCP source) does with a skill the scanner found something in — refuse it, hold it for approval, or let it in
 * with a warning — per severity of the findings. Pure data and one decision; the scan itself is imported on use.
 * @module
 */
import type { Diagnostic, Severity } from '../format/diagnostics/diagnostic.js';
import { SkillError } from '../format/errors.js';

/** What a gate does with a skill whose findings call for it: `refuse` it, `hold` it for approval, or `warn` and let it in. */
export type GateAction = 'refuse' | 'hold' | 'warn';

/** A gate's action per severity of a finding; a severity not given warns. */
export interface SeverityActions<A extends GateAction = GateAction> {
  readonly error?: A;
  readonly warning?: A;
  readonly info?: A;
}

/** One action for every finding, or one per severity (`{ error: 'refuse', warning: 'hold' }`). */
export type GatePolicy<A extends GateAction = GateAction> = A | SeverityActions<A>;

/** What a gate decided for one skill: `pass` (nothing found), or the strictest action its findings call for. */
export type GateDecision = 'pass' | GateAction;

const ACTIONS: readonly GateAction[] = ['refuse', 'hold', 'warn'];

/** What a source's gate may do: refuse or warn (holding a skill for approval is a store's). */
export const SOURCE_ACTIONS: readonly GateAction[] = ['refuse', 'warn'];
const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];
const STRICTNESS: Record<GateDecision, number> = { pass: 0, warn: 1, hold: 2, refuse: 3 };

/** A policy resolved to one action per severity. */
export type ResolvedGate = Readonly<Record<Severity, GateAction>>;

/** The default gate: every finding warns, nothing is refused or held. */
export const WARN_GATE: ResolvedGate = Object.freeze({ error: 'warn', warning: 'warn', info: 'warn' });

/**
 * `policy` checked and resolved (`undefined`: {@link WARN_GATE}). `allowed` are the actions this place knows (a source
 * cannot hold a skill for approval); anything else is `INVALID_INPUT` naming `what`.
 */
export function resolveGate(policy: unknown, what: string, allowed: readonly GateAction[] = ACTIONS): ResolvedGate {
  if (policy === undefined) return WARN_GATE;
  const fits = (a: unknown): a is GateAction => typeof a === 'string' && (allowed as readonly string[]).includes(a);
  const expected = `${allowed.map((a) => `'${a}'`).join(', ')}, or { error, warning, info } of them`;
  if (fits(policy)) return Object.freeze({ error: policy, warning: policy, info: policy });
  if (typeof policy !== 'object' || policy === null || Array.isArray(policy)) {
    throw new SkillError('INVALID_INPUT', `${what} is ${expected}, not ${describe(policy)}.`);
  }
  const given = policy as Record<string, unknown>;
  const unknownKey = Object.keys(given).find((k) => !(SEVERITIES as readonly string[]).includes(k));
  if (unknownKey !== undefined) throw new SkillError('INVALID_INPUT', `${what} has no severity "${unknownKey}"; it takes error, warning and info.`);
  const out: Record<Severity, GateAction> = { ...WARN_GATE };
  for (const severity of SEVERITIES) {
    const action = given[severity];
    if (action === undefined) continue;
    if (!fits(action)) throw new SkillError('INVALID_INPUT', `${what} is ${expected}: its ${severity} is ${describe(action)}.`);
    out[severity] = action;
  }
  return Object.freeze(out);
}

/** What `gate` does with a skill of these findings: the strictest action any of them calls for, `pass` when there are none. */
export function gateDecision(findings: readonly Diagnostic[], gate: ResolvedGate): GateDecision {
  let decision: GateDecision = 'pass';
  for (const finding of findings) {
    const action = gate[finding.severity] ?? 'warn';
    if (STRICTNESS[action] > STRICTNESS[decision]) decision = action;
  }
  return decision;
}

/** The findings in one line for a message: `hidden-instruction at SKILL.md:3:1, pipe-to-shell at scripts/install.sh:4:1`, at most `max` of them. */
export function findingsLine(findings: readonly Diagnostic[], max = 3): string {
  const shown = findings.slice(0, max).map((d) => `${d.code} at ${d.path}:${d.line}:${d.column}`);
  const more = findings.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

/** The `UNSAFE_SKILL` error of a skill a gate refused, its findings as `diagnostics`. */
export function unsafeSkill(name: string, findings: readonly Diagnostic[], where: string): SkillError {
  const message = `Skill "${name}" was refused by ${where}'s safety gate: ${findingsLine(findings)}. Nothing was written; see the error's diagnostics for each finding and its fix.`;
  return new SkillError('UNSAFE_SKILL', message, { diagnostics: findings, ...(findings[0] ? { path: findings[0].path } : {}) });
}

function describe(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}
