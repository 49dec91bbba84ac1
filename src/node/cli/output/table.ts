/**
 * Aligned text columns for `list`, `route` and `publish`.
 * @module
 */
import { escapeControl } from './escape.js';

/** How a table may be narrowed to fit a terminal. */
export interface TableFit {
  /** The terminal's width in columns; lines are not cut when unset. */
  readonly width?: number | undefined;
  /**
   * The columns that may be narrowed, by index, and which end of a cell to
   * keep: `end` for a path (its skill folder and file), `start` for a name.
   */
  readonly narrow: readonly { readonly column: number; readonly keep: 'start' | 'end' }[];
}

const GAP = 2;
/** The narrowest a column is made, in characters, its header permitting. */
const MIN_WIDTH = 8;

/**
 * A header, a rule and one line per row, columns two spaces apart. Every
 * cell is escaped first (names and terms come from skill files), so the
 * widths count what is shown. With a `fit`, the widest narrowable column is
 * narrowed until the lines fit the width, and longer cells are cut with `…`.
 */
export function textTable(columns: readonly string[], rows: readonly (readonly string[])[], fit?: TableFit): string {
  let cells = rows.map((r) => r.map(escapeControl));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => (r[i] ?? '').length)));
  if (fit?.width !== undefined) {
    narrowColumns(widths, columns, fit.width, fit.narrow);
    cells = cells.map((row) => row.map((cell, i) => cut(cell, widths[i] ?? cell.length, fit.narrow.find((n) => n.column === i)?.keep ?? 'start')));
  }
  const line = (row: readonly string[]): string =>
    `${row
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join(' '.repeat(GAP))
      .trimEnd()}\n`;
  return [line(columns), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('');
}

/** Narrows the widest of the `narrow` columns, one character at a time, until the line fits or none can shrink. */
function narrowColumns(widths: number[], columns: readonly string[], width: number, narrow: TableFit['narrow']): void {
  const floor = (i: number): number => Math.max(MIN_WIDTH, columns[i]?.length ?? 0);
  let total = widths.reduce((sum, w) => sum + w, 0) + GAP * (widths.length - 1);
  while (total > width) {
    let widest: number | undefined;
    for (const { column } of narrow) {
      const w = widths[column] ?? 0;
      if (w > floor(column) && (widest === undefined || w > (widths[widest] ?? 0))) widest = column;
    }
    if (widest === undefined) return;
    widths[widest] = (widths[widest] ?? 0) - 1;
    total--;
  }
}

/** `cell` within `width` characters: the end kept behind a leading `…`, or the start before a trailing one. */
function cut(cell: string, width: number, keep: 'start' | 'end'): string {
  if (cell.length <= width) return cell;
  return keep === 'end' ? `…${cell.slice(cell.length - width + 1)}` : `${cell.slice(0, width - 1)}…`;
}
