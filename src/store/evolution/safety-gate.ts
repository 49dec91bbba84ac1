/**
 * The store's safety gate: every skill that enters — a person's `put`, an agent's (the write tools'), an import — is
 * scanned first (`safety/`, imported on the first write), and the store's `safety` option says what its findings
 * do: refuse the write (`UNSAFE_SKILL`), hold it as a proposal a person approves, or let it in with the findings on
 * the result. The default warns. docs/threat-model.md, "The safety gate".
 * @module
 */
import type { Diagnostic } from '../../format/diagnostics/diagnostic.js';
import { SkillError } from '../../format/errors.js';
import type { Skill } from '../../format/types.js';
import { gateDecision, resolveGate, unsafeSkill, type ResolvedGate } from '../../safety/gate.js';
import { decodeUtf8 } from '../../shared/text.js';
import type { StoreSafety } from './types.js';

/** A skill's files by path, as the store keeps them. */
type FileMap = Readonly<Record<string, string | Uint8Array>>;

export type { ResolvedGate };

/** A store's gate ({@link StoreSafety}), one resolved policy per place. */
export interface ResolvedStoreSafety {
  readonly writes: ResolvedGate;
  readonly agentWrites: ResolvedGate;
  readonly imports: ResolvedGate;
}

/** The `safety` option checked (`INVALID_INPUT` naming the bad part); absent, every place warns. */
export function resolveStoreSafety(value: unknown): ResolvedStoreSafety {
  if (value !== undefined && (typeof value !== 'object' || value === null || Array.isArray(value))) {
    throw new SkillError('INVALID_INPUT', 'The store option `safety` is { writes, agentWrites, imports }, each an action or one per severity.');
  }
  const given = (value ?? {}) as Record<string, unknown>;
  const unknownKey = Object.keys(given).find((k) => k !== 'writes' && k !== 'agentWrites' && k !== 'imports');
  if (unknownKey !== undefined)
    throw new SkillError('INVALID_INPUT', `The store option \`safety\` has no place "${unknownKey}"; it takes writes, agentWrites and imports.`);
  return {
    writes: resolveGate(given['writes'], '`safety.writes`'),
    agentWrites: resolveGate(given['agentWrites'], '`safety.agentWrites`'),
    imports: resolveGate(given['imports'], '`safety.imports`'),
  };
}

/**
 * The scanner's findings for a skill about to be stored: `text` is its SKILL.md as written, `files` its files (text
 * ones are read; binary ones are not scanned). Paths in the findings are relative to the skill folder.
 */
export async function scanStoredSkill(skill: Skill, text: string, files: FileMap): Promise<Diagnostic[]> {
  const { scanSkill } = await import('../../safety/scan.js');
  return scanSkill(skill, {
    readFile: (path) => {
      if (path === 'SKILL.md') return text;
      const content = files[path];
      return typeof content === 'string' ? content : content === undefined ? '' : (decodeUtf8(content) ?? '');
    },
  });
}

/** What the gate found in a write and what it decided: `pass` or `warn` write it, `hold` proposes it. */
export interface Screened {
  readonly findings: readonly Diagnostic[];
  readonly hold: boolean;
}

/** Scans a write and applies `gate`: `UNSAFE_SKILL` when it refuses, else the findings and whether to hold it. */
export async function screenSkill(gate: ResolvedGate, skill: { readonly skill: Skill; readonly text: string; readonly files: FileMap }): Promise<Screened> {
  const findings = await scanStoredSkill(skill.skill, skill.text, skill.files);
  const decision = gateDecision(findings, gate);
  if (decision === 'refuse') throw unsafeSkill(skill.skill.name, findings, 'the store');
  return { findings, hold: decision === 'hold' };
}

/** `result` with the findings of its write, when there were any. */
export function withFindings<T extends object>(result: T, findings: readonly Diagnostic[]): T {
  return findings.length === 0 ? result : { ...result, findings };
}
