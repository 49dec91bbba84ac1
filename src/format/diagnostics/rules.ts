/**
 * What each diagnostic rule checks and how to fix it, with its severities: the documentation of the codes, read by
 * `CODES.diagnostics`, `fixFor` and docs/codes.md. Kept apart from `diagnostic.ts` so that code which only makes
 * diagnostics (a loader in a worker) does not carry these texts; `severities.ts` gives it the severities alone.
 * @module
 */
import type { DiagnosticRule } from './rule.js';
import type { DiagnosticCode } from './severities.js';
import { FORMAT_RULES } from './format-rules.js';
import { LOADING_RULES } from './loading-rules.js';
import { SAFETY_RULES } from './safety-rules.js';

/** Every diagnostic code, with what it checks, how to fix it and its severity per profile. */
export const DIAGNOSTIC_RULES = { ...FORMAT_RULES, ...LOADING_RULES, ...SAFETY_RULES } as const satisfies Record<DiagnosticCode, DiagnosticRule>;

/** How to fix a diagnostic, for command-line and editor output. */
export function fixFor(code: DiagnosticCode): string {
  return DIAGNOSTIC_RULES[code].fix;
}
