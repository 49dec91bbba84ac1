/**
 * The unquoted-colon recovery of the specification's client guide:
 * `description: Use when: asked` is invalid YAML, read as if the value were
 * quoted, with a warning.
 * @module
 */
import { isMap, type Document } from 'yaml';
import type { YamlProblem } from './problem.js';

/** True for the `yaml` package's messages about a `: ` inside a plain value. */
export function isColonError(message: string): boolean {
  return /Nested mappings are not allowed in compact mappings|Implicit map keys need to be|mapping values/i.test(message);
}

const TOP_LEVEL_PLAIN = /^([A-Za-z0-9_-]+):[ \t]+([^\s"'[{|>&*!%@`#].*)$/;

/** One `yaml-unquoted-colon` warning per value the repair quoted. */
export function colonWarnings(offsets: readonly number[]): YamlProblem[] {
  return offsets.map((offset) => ({
    code: 'yaml-unquoted-colon',
    message: 'This value contains `: ` and is not quoted, which is invalid YAML; it was read as if quoted.',
    offset,
  }));
}

/**
 * True when the original text certainly has a colon error, so the repaired
 * parse is what the slow path (parse, fail, repair, parse) would give too,
 * without reading the original. Proof: the text before the first repaired
 * line is the same in both; in the repaired document that line starts a
 * top-level key, so a streaming parser is at the start of a top-level entry
 * there in the original as well; and there `key: plain value` with `: ` in
 * the value or its continuation lines, and no `#` that could start a
 * comment, is always a nested-mapping error.
 */
export function provenColonError(original: string, repaired: { text: string; lines: readonly number[] }, doc: Document.Parsed | undefined): boolean {
  const first = repaired.lines[0];
  if (first === undefined || !isMap(doc?.contents)) return false;
  const lineStart = repaired.text.lastIndexOf('\n', first - 1) + 1;
  const lines = original.slice(lineStart).split('\n');
  let end = 1;
  while (end < lines.length && /^[ \t]+\S/.test(lines[end] ?? '')) end++;
  if (lines.slice(0, end).some((l) => l.includes('#'))) return false;
  return doc.contents.items.some((pair) => (pair.key as { range?: readonly number[] } | null)?.range?.[0] === lineStart);
}

/**
 * Quotes top-level plain values that contain `: ` (with their indented
 * continuation lines), keeping every line where it was so positions hold.
 * Returns the offsets, in the repaired text, of the values it quoted.
 */
export function quoteColonValues(text: string): { text: string; lines: number[] } {
  return hasColonValue(text) ? quoteColonLines(text) : { text, lines: [] };
}

/** {@link quoteColonValues} without its one-pass pre-check: every line is looked at. */
export function quoteColonLines(text: string): { text: string; lines: number[] } {
  const lines = text.split(/(?<=\n)/);
  const offsets: number[] = [];
  let offset = 0;
  for (let i = 0; i < lines.length; i++) {
    const { body } = splitEol(lines[i] ?? '');
    const m = TOP_LEVEL_PLAIN.exec(body);
    let end = i;
    while (end + 1 < lines.length && /^[ \t]+\S/.test(lines[end + 1] ?? '')) end++;
    const continuation = lines.slice(i + 1, end + 1).map((l) => splitEol(l).body);
    if (m && [m[2] ?? '', ...continuation].some((part) => /:(?:[ \t]|$)/.test(part))) {
      const keyPart = body.slice(0, body.length - (m[2] ?? '').length);
      offsets.push(offset + keyPart.length);
      const parts = [escapeDouble(m[2] ?? ''), ...continuation.map(escapeDouble)];
      parts[0] = `${keyPart}"${parts[0] ?? ''}`;
      parts[parts.length - 1] = `${parts[parts.length - 1] ?? ''}"`;
      for (let j = i; j <= end; j++) lines[j] = `${parts[j - i] ?? ''}${splitEol(lines[j] ?? '').eol}`;
    }
    // Offsets are into the repaired text, which diagnostics are located in.
    for (let j = i; j <= end; j++) offset += (lines[j] ?? '').length;
    i = end;
  }
  return { text: lines.join(''), lines: offsets };
}

const TOP_LEVEL_LINE = /^[A-Za-z0-9_-]+:[ \t]+[^\s"'[{|>&*!%@`#][^\r\n]*/gm;
const COLON = /:(?:[ \t]|\r?$)/;

/**
 * True when some top-level plain value, or one of its indented continuation
 * lines, holds `: `: the one pass every front matter pays, so the line-by-line
 * repair runs only on the rare text that needs it.
 */
function hasColonValue(text: string): boolean {
  TOP_LEVEL_LINE.lastIndex = 0;
  for (let m = TOP_LEVEL_LINE.exec(text); m; m = TOP_LEVEL_LINE.exec(text)) {
    if (COLON.test(m[0].slice(m[0].indexOf(':') + 1))) return true;
    for (let at = m.index + m[0].length; ;) {
      const next = text.indexOf('\n', at) + 1;
      const line = next === 0 ? '' : lineAt(text, next);
      if (!/^[ \t]+\S/.test(line)) break;
      if (COLON.test(line)) return true;
      at = next + line.length;
    }
  }
  return false;
}

function lineAt(text: string, start: number): string {
  const end = text.indexOf('\n', start);
  return text.slice(start, end < 0 ? text.length : end);
}

function splitEol(line: string): { body: string; eol: string } {
  const m = /\r?\n$/.exec(line);
  return m ? { body: line.slice(0, m.index), eol: m[0] } : { body: line, eol: '' };
}

function escapeDouble(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
}
