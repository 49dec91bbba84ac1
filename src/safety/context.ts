/**
 * What every scanner rule is given and how it reports: the skill with its text files, and a finding as a located
 * {@link Diagnostic} of one of the scanner's codes (`format/diagnostics/safety-rules.ts`).
 * @module
 */
import { createDiagnostic, type Diagnostic, type Profile } from '../format/diagnostics/diagnostic.js';
import type { SAFETY_RULES } from '../format/diagnostics/safety-rules.js';
import type { Skill } from '../format/types.js';
import type { ScannedFile } from './scanned-file.js';

/** A code of the scanner. */
export type SafetyCode = keyof typeof SAFETY_RULES;

/** What every rule is given: the skill, all its text files, and the profile that sets the severities. */
export interface ScanContext {
  readonly skill: Skill;
  readonly files: readonly ScannedFile[];
  readonly profile: Profile;
}

/** A finding of `code` at `offset` of `file`, with its line and column there. */
export function finding(context: ScanContext, code: SafetyCode, file: ScannedFile, offset: number, message: string): Diagnostic {
  const { line, column } = file.at(offset);
  return createDiagnostic(code, context.profile, message, file.path, line, column);
}

/** A short quotation of what was found, for a message: at most `max` code points, on one line. */
export function quoted(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const points = [...flat];
  return `"${points.length > max ? `${points.slice(0, max - 1).join('')}…` : flat}"`;
}
