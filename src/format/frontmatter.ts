/**
 * Splits SKILL.md text into its YAML front matter and Markdown body.
 *
 * The front matter is the block between a first line that is exactly `---`
 * and the next line that is exactly `---` (trailing blanks and CRLF allowed).
 * A bare `---` inside a line never counts.
 * @module
 */
import type { DiagnosticCode } from './diagnostics/diagnostic.js';

/** A located problem with the frame, before any YAML is read. */
export interface FrameProblem {
  readonly code: DiagnosticCode;
  readonly message: string;
  readonly line: number;
  readonly column: number;
}

/** The parts of a SKILL.md. Offsets are into the text after any BOM. */
export interface Frame {
  /** The YAML between the delimiters. */
  readonly yaml: string;
  /** 1-based file line of the first YAML line. */
  readonly yamlLine: number;
  /** The body after the closing delimiter, trimmed. */
  readonly body: string;
  /** 1-based file line where the body starts. */
  readonly bodyLine: number;
}

/** Result of {@link splitFrontmatter}: a frame or the reason there is none. */
export type FrameResult = { readonly frame: Frame } | { readonly problem: FrameProblem };

const DELIMITER = /^---[ \t]*$/;
const LINE_BREAK = /\r\n|\n|\r/g;

/** Splits `text` (BOM already removed) into front matter and body. */
export function splitFrontmatter(text: string): FrameResult {
  const firstBreak = nextBreak(text, 0);
  const firstLine = text.slice(0, firstBreak.index);
  const opening = checkOpening(text, firstLine);
  if (opening) return { problem: opening };
  if (firstBreak.index === text.length) {
    return { problem: problem('unclosed-frontmatter', 'The front matter opened on line 1 is never closed by a `---` line.', 1, 1) };
  }
  let start = firstBreak.end;
  let line = 2;
  while (start <= text.length) {
    const brk = nextBreak(text, start);
    if (DELIMITER.test(text.slice(start, brk.index))) {
      const yaml = text.slice(firstBreak.end, start);
      return { frame: { yaml, yamlLine: 2, body: text.slice(brk.end).trim(), bodyLine: line + 1 } };
    }
    if (brk.index === text.length) break;
    start = brk.end;
    line++;
  }
  return { problem: problem('unclosed-frontmatter', 'The front matter opened on line 1 is never closed by a line that is exactly `---`.', 1, 1) };
}

function checkOpening(text: string, firstLine: string): FrameProblem | undefined {
  if (DELIMITER.test(firstLine)) return undefined;
  if (/^---[A-Za-z]/.test(firstLine)) {
    const lang = firstLine.slice(3).trim();
    return problem('non-yaml-frontmatter', `The front matter is marked \`---${lang}\`; only YAML front matter is read, and it is never evaluated.`, 1, 4);
  }
  if (firstLine.trim() === '' && /^(?:[ \t]*(?:\r\n|\n|\r))+---[ \t]*(?:\r\n|\n|\r|$)/.test(text)) {
    return problem('missing-frontmatter', 'The front matter must start on line 1; blank lines come before the opening `---`.', 1, 1);
  }
  if (firstLine.startsWith('---')) {
    return problem('missing-frontmatter', `The first line must be exactly \`---\`, not \`${truncate(firstLine)}\`.`, 1, 1);
  }
  return problem('missing-frontmatter', 'The file has no YAML front matter: its first line must be `---`.', 1, 1);
}

function nextBreak(text: string, from: number): { index: number; end: number } {
  LINE_BREAK.lastIndex = from;
  const m = LINE_BREAK.exec(text);
  return m ? { index: m.index, end: m.index + m[0].length } : { index: text.length, end: text.length };
}

function problem(code: DiagnosticCode, message: string, line: number, column: number): FrameProblem {
  return { code, message, line, column };
}

function truncate(s: string): string {
  return s.length > 20 ? `${s.slice(0, 20)}…` : s;
}

/**
 * Maps an offset in `text` to a 1-based line and column, counting CRLF, LF
 * and lone CR as one break each.
 */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/**
 * {@link positionAt} for many offsets into one text: the line starts are
 * indexed once, on the first call, and each lookup is a binary search.
 */
export function positioner(text: string): (offset: number) => { line: number; column: number } {
  let starts: number[] | undefined;
  return (offset) => {
    if (starts === undefined) {
      starts = [0];
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
      }
    }
    const end = Math.min(offset, text.length);
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= end) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: end - (starts[lo] ?? 0) + 1 };
  };
}
