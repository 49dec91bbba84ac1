/**
 * One text file of a skill as the scanner reads it: its text, where each line starts (so an offset becomes a 1-based
 * line and column), which part is front matter, which is prose, and a copy with shell line continuations blanked so
 * one command split over lines reads as one line with the same offsets.
 * @module
 */

/** What a file is to the rules: the SKILL.md, another Markdown or plain-text file, or any other text (a script, JSON). */
export type FileKind = 'skill' | 'markdown' | 'other';

/** A span of a file's text, by UTF-16 offsets: `start` included, `end` excluded. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** A text file read for a scan. */
export interface ScannedFile {
  /** The path relative to the skill folder (`SKILL.md`, `scripts/setup.sh`). */
  readonly path: string;
  readonly kind: FileKind;
  readonly text: string;
  /** The YAML between the `---` lines of a SKILL.md; undefined elsewhere or when there is none. */
  readonly frontmatter: Span | undefined;
  /** The text with `\` (and PowerShell's `` ` ``) line continuations turned into spaces: offsets are the same as in `text`. */
  readonly joined: string;
  /** The 1-based line and column (in code points) of a UTF-16 offset. */
  at(offset: number): { line: number; column: number };
  /** Whether `offset` lies in prose: Markdown outside fenced code blocks (front matter included). */
  inProse(offset: number): boolean;
}

/** One line of a file's joined text and the offset it starts at. */
export interface Line {
  readonly text: string;
  readonly start: number;
}

const LINE_BREAK = /\r\n|\n|\r/g;
const CONTINUATION = /[\\`][ \t]*(?:\r\n|\n|\r)/g;
const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})/;

/** The markdown file kinds, by name: `.md`, `.markdown`, `.mdx`, `.txt`. */
const MARKDOWN = /\.(?:md|markdown|mdx|txt)$/i;

/** Reads `text` at `path` for the rules. */
export function scannedFile(path: string, text: string): ScannedFile {
  const kind: FileKind = /(?:^|\/)skill\.md$/i.test(path) ? 'skill' : MARKDOWN.test(path) ? 'markdown' : 'other';
  const starts = lineStarts(text);
  const frontmatter = kind === 'skill' ? frontmatterSpan(text, starts) : undefined;
  const fences = kind === 'other' ? [] : fencedBlocks(text, starts, frontmatter?.end ?? 0);
  const joined = text.replace(CONTINUATION, (m) => ' '.repeat(m.length));
  return {
    path,
    kind,
    text,
    frontmatter,
    joined,
    at: (offset) => locate(text, starts, offset),
    inProse: (offset) => kind !== 'other' && !fences.some((f) => offset >= f.start && offset < f.end),
  };
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (const m of text.matchAll(LINE_BREAK)) starts.push((m.index ?? 0) + m[0].length);
  return starts;
}

/** The 1-based line of `offset`, and its column counted in code points. */
function locate(text: string, starts: readonly number[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= offset) lo = mid;
    else hi = mid - 1;
  }
  const start = starts[lo] ?? 0;
  let column = 1;
  for (let i = start; i < offset; i++) {
    const code = text.charCodeAt(i);
    // The second half of a surrogate pair is the same code point.
    if (!(code >= 0xdc00 && code <= 0xdfff && i > start)) column++;
  }
  return { line: lo + 1, column };
}

/** The text of line `i` (0-based), without its line break. */
function lineAt(text: string, starts: readonly number[], i: number): string {
  const start = starts[i] ?? text.length;
  const next = starts[i + 1];
  return text.slice(start, next ?? text.length).replace(/\r?\n$|\r$/, '');
}

/** The YAML between a first line that is `---` and the next line that is `---` (after a BOM), as the parser splits it. */
function frontmatterSpan(text: string, starts: readonly number[]): Span | undefined {
  if (!/^\uFEFF?---[ \t]*$/.test(lineAt(text, starts, 0))) return undefined;
  for (let i = 1; i < starts.length; i++) {
    if (/^---[ \t]*$/.test(lineAt(text, starts, i))) return { start: starts[1] ?? 0, end: starts[i] ?? 0 };
  }
  return undefined;
}

/** The fenced code blocks after `from`, each from its opening fence to the end of its closing one (or of the file). */
function fencedBlocks(text: string, starts: readonly number[], from: number): Span[] {
  const blocks: Span[] = [];
  let open: { start: number; fence: string } | undefined;
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i] as number;
    if (start < from) continue;
    const fence = FENCE.exec(lineAt(text, starts, i))?.[1];
    if (fence === undefined) continue;
    if (open === undefined) open = { start, fence };
    else if (fence[0] === open.fence[0] && fence.length >= open.fence.length) {
      blocks.push({ start: open.start, end: starts[i + 1] ?? text.length });
      open = undefined;
    }
  }
  if (open !== undefined) blocks.push({ start: open.start, end: text.length });
  return blocks;
}

/** The lines of a file's joined text (continuations already blanked), each with its offset. */
export function joinedLines(file: ScannedFile): Line[] {
  const out: Line[] = [];
  let start = 0;
  for (const line of file.joined.split(/\r\n|\n|\r/)) {
    out.push({ text: line, start });
    start += line.length + (file.joined.startsWith('\r\n', start + line.length) ? 2 : 1);
  }
  return out;
}

/** The line of a file's joined text that holds `offset`, without its line break. */
export function lineAround(file: ScannedFile, offset: number): Line {
  const text = file.joined;
  const start = Math.max(text.lastIndexOf('\n', offset - 1), text.lastIndexOf('\r', offset - 1)) + 1;
  const ends = [text.indexOf('\n', offset), text.indexOf('\r', offset)].filter((i) => i >= 0);
  const end = ends.length > 0 ? Math.min(...ends) : text.length;
  return { text: text.slice(start, end), start };
}
