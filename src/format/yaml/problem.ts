/**
 * A problem found while reading front matter YAML, located by its offset
 * in the YAML text (turned into a line and column by the parser).
 * @module
 */
import type { DiagnosticCode } from '../diagnostics/diagnostic.js';

/** A YAML problem located by offset into the YAML text. */
export interface YamlProblem {
  readonly code: DiagnosticCode;
  readonly message: string;
  readonly offset: number;
}
