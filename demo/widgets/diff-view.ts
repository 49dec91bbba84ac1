/**
 * Satchel demo: a line diff between two revisions of a skill (the `diff` package), as added and removed lines.
 */
import { diffLines } from 'diff';
import { el } from '../lib/dom.js';

/** A revision as the diff needs it: SKILL.md and its resource files. */
export interface DiffSide {
  readonly text: string;
  readonly files: Readonly<Record<string, string | Uint8Array>>;
}

/** SKILL.md and every text file as one document, each file under a header line, so one diff covers the folder. */
function flatten(side: DiffSide): string {
  const parts = [`=== SKILL.md\n${side.text.endsWith('\n') ? side.text : `${side.text}\n`}`];
  for (const path of Object.keys(side.files).sort()) {
    const content = side.files[path];
    const text = typeof content === 'string' ? content : `(binary, ${content?.byteLength ?? 0} bytes)`;
    parts.push(`=== ${path}\n${text.endsWith('\n') ? text : `${text}\n`}`);
  }
  return parts.join('');
}

/** A `<pre>` with one line per row, `+`/`-` marked; unchanged runs longer than 6 lines are folded. */
export function renderDiff(from: DiffSide, to: DiffSide): HTMLElement {
  const rows: HTMLElement[] = [];
  for (const change of diffLines(flatten(from), flatten(to))) {
    const lines = change.value.replace(/\n$/, '').split('\n');
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    const sign = change.added ? '+' : change.removed ? '-' : ' ';
    const shown = kind === 'same' && lines.length > 6 ? [...lines.slice(0, 3), `… ${lines.length - 6} unchanged lines …`, ...lines.slice(-3)] : lines;
    for (const line of shown) rows.push(el('span', { class: `diff-line diff-${kind}`, testid: `diff-${kind}` }, `${sign} ${line}\n`));
  }
  const changed = rows.some((row) => !row.classList.contains('diff-same'));
  return changed ? el('pre', { class: 'diff', testid: 'diff' }, ...rows) : el('p', { class: 'muted', testid: 'diff-none' }, 'The two revisions are identical.');
}
