/**
 * Diagnostics: problems found in skill text, returned as data.
 *
 * Each code is a kebab-case rule id. Its severity depends on the validation
 * profile: `spec` (the open specification, strict) or `runtime` (lenient
 * loading, following the specification's client guide).
 * @module
 */

import type { Profile, Severity } from './rule.js';
import { SEVERITIES, type DiagnosticCode } from './severities.js';

export type { DiagnosticRule, Profile, Severity } from './rule.js';
export type { DiagnosticCode } from './severities.js';

/** The diagnostic codes as an array, in declaration order. */
export const diagnosticCodes = Object.keys(SEVERITIES) as readonly DiagnosticCode[];

/** True when `code` is one of the diagnostic codes. */
export function isDiagnosticCode(code: unknown): code is DiagnosticCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(SEVERITIES, code);
}

/** One problem found in a skill, with where it is. Lines and columns are 1-based. */
export interface Diagnostic {
  /** The rule that was broken. */
  readonly code: DiagnosticCode;
  /** `error` skips the skill; `warning` loads it; `info` is for the record. */
  readonly severity: Severity;
  /** What is wrong, in a sentence that names the field or file. */
  readonly message: string;
  /** The file the problem is in (SKILL.md path when known). */
  readonly path: string;
  /** 1-based line in `path`; 0 when the problem is about the file as a whole. */
  readonly line: number;
  /** 1-based column in `path`; 0 when the problem is about the file as a whole. */
  readonly column: number;
}

const SEVERITY = { e: 'error', w: 'warning', i: 'info' } as const;

/** The severity of `code` in `profile`. */
export function severityOf(code: DiagnosticCode, profile: Profile): Severity {
  return SEVERITY[SEVERITIES[code][profile === 'spec' ? 0 : 1] as keyof typeof SEVERITY];
}

/** Builds a diagnostic whose severity follows the profile. */
export function createDiagnostic(code: DiagnosticCode, profile: Profile, message: string, path: string, line = 0, column = 0): Diagnostic {
  return { code, severity: severityOf(code, profile), message, path, line, column };
}

/** `path:line:column code severity: message`, the format of `satchel validate`. */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.line > 0 ? `${d.path}:${d.line}:${d.column}` : d.path;
  return `${where} ${d.code} ${d.severity}: ${d.message}`;
}
