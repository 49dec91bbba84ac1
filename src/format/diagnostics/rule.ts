/**
 * The shape of a diagnostic rule: what it checks, how to fix it, and its
 * severity under each validation profile.
 * @module
 */

/** How serious a diagnostic is. Errors stop a skill from loading. */
export type Severity = 'error' | 'warning' | 'info';

/** Validation profile: `spec` is the strict open specification, `runtime` the lenient loader. */
export type Profile = 'spec' | 'runtime';

/** A rule's documentation and its severity in each profile. */
export interface DiagnosticRule {
  /** What the rule checks. */
  readonly summary: string;
  /** How to fix a file that breaks it. */
  readonly fix: string;
  /** Severity under the `spec` profile. */
  readonly spec: Severity;
  /** Severity under the `runtime` profile. */
  readonly runtime: Severity;
}

/** A rule with its severities in the `spec` and `runtime` profiles. */
export const rule = (spec: Severity, runtime: Severity, summary: string, fix: string): DiagnosticRule => ({
  summary,
  fix,
  spec,
  runtime,
});
