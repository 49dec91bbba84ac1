/**
 * `invisible-character` and `bidi-control`: characters that make what a model (or a shell) reads differ from what a
 * reviewer sees. Zero-width characters and tag characters (U+E0000–E007F, which spell ASCII nobody sees) carry text
 * past review; bidirectional overrides, embeddings and isolates reorder a line on screen ("Trojan Source"). Each run
 * of them is one finding at its first character, with the code points named (and what tag characters spell).
 *
 * Near misses left alone, since real text needs them: a byte order mark at the start of a file; the bidi marks
 * (U+200E, U+200F, U+061C), which right-to-left text uses; a zero-width joiner or non-joiner between emoji or
 * non-Latin letters (👩‍💻, Persian, Indic scripts); one variation selector after an emoji or an ideograph; the tag
 * characters of a flag (🏴 followed by tags).
 * @module
 */
import type { Diagnostic } from '../format/diagnostics/diagnostic.js';
import { finding, type ScanContext } from './context.js';
import type { ScannedFile } from './scanned-file.js';

const SUSPECT = /[\p{Default_Ignorable_Code_Point}\u202A-\u202E\u2066-\u2069]+/gu;
const BIDI = /[\u202A-\u202E\u2066-\u2069]/u;
const MARKS = /^[\u200E\u200F\u061C]+$/u;
const JOINERS = /^[\u200C\u200D]+$/u;
const VARIATION = /^[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]$/u;
const TAGS = /^[\u{E0000}-\u{E007F}]+$/u;
// What a joiner or a single variation selector may stand next to: emoji, their modifiers, and letters of other scripts.
const JOINABLE = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Emoji_Component}\u20E3]|(?![\p{ASCII}])[\p{L}\p{M}]/u;

/** The code point just before `start` and the one at `end` ('' at either end of the text). */
function neighbours(text: string, start: number, end: number): [string, string] {
  const before = [...text.slice(Math.max(0, start - 2), start)].pop() ?? '';
  const after = [...text.slice(end, end + 2)][0] ?? '';
  return [before, after];
}

/** Whether a run of default-ignorable characters is one that ordinary text uses where it stands. */
function isBenign(run: string, text: string, start: number): boolean {
  const points = [...run];
  const [before, after] = neighbours(text, start, start + run.length);
  if (start === 0 && run === '\uFEFF') return true;
  if (MARKS.test(run)) return true;
  if (JOINERS.test(run)) return JOINABLE.test(before) && JOINABLE.test(after);
  if (points.length === 1 && VARIATION.test(run)) return JOINABLE.test(before) || /[\p{So}\p{Sm}\p{Script=Han}]/u.test(before);
  if (TAGS.test(run)) return before === '\u{1F3F4}';
  return false;
}

/** `U+200B` for one code point. */
function codePoint(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The code points of a run for a message, at most eight, then how many more; what tag characters spell. */
function describeRun(run: string): string {
  const points = [...run];
  const shown = [...new Set(points)].slice(0, 8).map(codePoint).join(', ');
  const more = new Set(points).size > 8 ? ` and ${new Set(points).size - 8} more` : '';
  const spelled = points
    .map((p) => p.codePointAt(0) ?? 0)
    .filter((c) => c >= 0xe0020 && c <= 0xe007e)
    .map((c) => String.fromCharCode(c - 0xe0000))
    .join('');
  const spells = spelled.length > 0 ? `; as tag characters they spell "${spelled.slice(0, 80)}"` : '';
  return `${points.length} character${points.length === 1 ? '' : 's'} (${shown}${more}${spells})`;
}

/** The runs of one kind on one line, gathered: one finding, at the first of them. */
interface LineRuns {
  readonly start: number;
  readonly line: number;
  chars: string;
  runs: number;
}

function fileFindings(context: ScanContext, file: ScannedFile): Diagnostic[] {
  const found: Diagnostic[] = [];
  const open = new Map<'bidi-control' | 'invisible-character', LineRuns>();
  const flush = (code: 'bidi-control' | 'invisible-character'): void => {
    const runs = open.get(code);
    if (runs === undefined) return;
    const lead = code === 'bidi-control' ? 'Bidirectional controls that reorder how the text shows' : 'Invisible characters';
    const where = runs.runs > 1 ? ` in ${runs.runs} places on this line` : '';
    found.push(finding(context, code, file, runs.start, `${lead}${where}: ${describeRun(runs.chars)}.`));
    open.delete(code);
  };
  for (const m of file.text.matchAll(SUSPECT)) {
    const run = m[0];
    const start = m.index ?? 0;
    if (isBenign(run, file.text, start)) continue;
    const code = BIDI.test(run) ? 'bidi-control' : 'invisible-character';
    const line = file.at(start).line;
    const held = open.get(code);
    if (held !== undefined && held.line === line) {
      held.chars += run;
      held.runs++;
      continue;
    }
    flush(code);
    open.set(code, { start, line, chars: run, runs: 1 });
  }
  flush('bidi-control');
  flush('invisible-character');
  return found;
}

/** Every run of invisible or bidirectional control characters in the skill's text files. */
export function invisibleFindings(context: ScanContext): Diagnostic[] {
  return context.files.flatMap((file) => fileFindings(context, file));
}
