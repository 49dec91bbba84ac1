/**
 * What the commands that load (`list`, `route`, `vectors`) say on stderr
 * about the diagnostics of a load. Checking skills is `validate`'s job: a
 * load over a real collection finds hundreds of warnings, and a script
 * that runs `route` should not scroll past them each time. A few are shown
 * in full; more are counted by code, in a bounded number of lines.
 * @module
 */
import type { Diagnostic } from '../../../format/diagnostics/diagnostic.js';
import { diagnosticText, plural } from './print.js';

/** Lines the block may take, so that a line on hidden folders after it still keeps stderr within ten. */
export const SUMMARY_LINES = 9;

const SEVERITY_RANK: Readonly<Record<Diagnostic['severity'], number>> = { error: 0, warning: 1, info: 2 };

/** The diagnostics worth a person's attention: errors, warnings, and the skills a name shadowed. */
export function noteworthy(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.filter((d) => d.severity !== 'info' || d.code === 'shadowed');
}

/**
 * The diagnostics as stderr text: each with its fix when `verbose` or when
 * they fit in {@link SUMMARY_LINES} lines, else a head line (with how many
 * skills could not be loaded) and a count per code, errors first.
 *
 * @example
 * ```text
 * satchel route: 25 skills could not be loaded; 434 diagnostics by code (--verbose prints each with its fix):
 *    21 missing-frontmatter (error)
 *   182 metadata-value-type (warning)
 *   … 9 more codes, 40 diagnostics
 * ```
 */
export function diagnosticsSummary(command: string, diagnostics: readonly Diagnostic[], cwd: string, options: { verbose: boolean; skipped: number }): string {
  const shown = noteworthy(diagnostics);
  if (options.verbose || shown.length * 2 <= SUMMARY_LINES) return shown.map((d) => diagnosticText(d, cwd)).join('');
  const byCode = new Map<string, { severity: Diagnostic['severity']; count: number }>();
  for (const d of shown) {
    const seen = byCode.get(d.code);
    if (seen) seen.count++;
    else byCode.set(d.code, { severity: d.severity, count: 1 });
  }
  const codes = [...byCode].sort(
    ([a, x], [b, y]) => SEVERITY_RANK[x.severity] - SEVERITY_RANK[y.severity] || y.count - x.count || (a < b ? -1 : a > b ? 1 : 0),
  );
  // One line for the head, one per code; when they do not all fit, the last line counts the rest.
  const room = SUMMARY_LINES - 1;
  const listed = codes.length <= room ? codes : codes.slice(0, room - 1);
  const rest = codes.slice(listed.length);
  const width = Math.max(...listed.map(([, c]) => String(c.count).length));
  const skipped = options.skipped > 0 ? `${plural(options.skipped, 'skill')} could not be loaded; ` : '';
  const lines = [
    `satchel ${command}: ${skipped}${plural(shown.length, 'diagnostic')} by code (--verbose prints each with its fix):`,
    ...listed.map(([code, c]) => `  ${String(c.count).padStart(width)} ${code} (${c.severity})`),
  ];
  if (rest.length > 0) {
    const count = rest.reduce((sum, [, c]) => sum + c.count, 0);
    lines.push(`  … ${plural(rest.length, 'more code')}, ${plural(count, 'diagnostic')}`);
  }
  return `${lines.join('\n')}\n`;
}
