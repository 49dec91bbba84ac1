/**
 * Aligned text columns for `list` and `route`.
 * @module
 */
import { escapeControl } from './escape.js';

/**
 * A header, a rule and one line per row, columns two spaces apart. Every
 * cell is escaped first (names and terms come from skill files), so the
 * widths count what is shown.
 */
export function textTable(columns: readonly string[], rows: readonly (readonly string[])[]): string {
  const cells = rows.map((r) => r.map(escapeControl));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => (r[i] ?? '').length)));
  const line = (row: readonly string[]): string =>
    `${row
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd()}\n`;
  return [line(columns), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('');
}
