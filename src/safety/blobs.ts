/**
 * `encoded-blob`: content in the instructions (the SKILL.md and the skill's Markdown) that no reviewer reads: a
 * long base64 run, or a minified line of code. A payload encoded so that it passes review is decoded or run by a
 * model that is told to; plain instructions need neither.
 *
 * Thresholds, chosen so that ordinary text never reaches them: base64 of at least {@link MIN_BASE64} characters in
 * one run, or in consecutive lines of at least 60 base64 characters each (the way PEM and `base64` wrap it), with
 * upper-case letters, lower-case letters and digits all present (a hex digest, a run of `A`s or a path has not);
 * a minified line of at least {@link MIN_MINIFIED} characters of which under 10 % are white space and at least 5 %
 * are `;`, `{`, `}`, `(` or `)`. Near misses left alone: a SHA-256 in hex, a long URL, a wide Markdown table.
 * @module
 */
import type { Diagnostic } from '../format/diagnostics/diagnostic.js';
import { finding, quoted, type ScanContext } from './context.js';
import { joinedLines, type ScannedFile } from './scanned-file.js';

/** Fewest base64 characters that make a blob (768 bytes encoded). */
export const MIN_BASE64 = 1024;
/** Shortest minified line that is a blob. */
export const MIN_MINIFIED = 1000;
/** A minified line has less white space than this share (prose has about 15 %, a Markdown table more). */
const MAX_SPACE_SHARE = 0.1;
/** …and at least this share of `;`, `{`, `}`, `(`, `)`. */
const MIN_CODE_SHARE = 0.05;

const BASE64_RUN = /[A-Za-z0-9+/_-]{64,}={0,2}/g;
const BASE64_LINE = /^\s*[A-Za-z0-9+/]{60,}={0,2}\s*$/;

/** Whether a run has the letters and digits base64 of real data has. */
function mixed(run: string): boolean {
  return /[A-Z]/.test(run) && /[a-z]/.test(run) && /[0-9]/.test(run);
}

function base64Findings(context: ScanContext, file: ScannedFile): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const m of file.text.matchAll(BASE64_RUN)) {
    if (m[0].length < MIN_BASE64 || !mixed(m[0])) continue;
    found.push(finding(context, 'encoded-blob', file, m.index ?? 0, `${m[0].length} characters of base64 in one run: ${quoted(m[0], 40)}.`));
  }
  // Wrapped base64: consecutive lines of it, each too short to be a run of MIN_BASE64 alone.
  let block: { start: number; chars: number; lines: number; text: string } | undefined;
  const close = (): void => {
    if (block !== undefined && block.lines > 1 && block.chars >= MIN_BASE64 && mixed(block.text)) {
      const message = `${block.chars} characters of base64 over ${block.lines} lines: ${quoted(block.text, 40)}.`;
      found.push(finding(context, 'encoded-blob', file, block.start, message));
    }
    block = undefined;
  };
  for (const line of joinedLines(file)) {
    if (!BASE64_LINE.test(line.text) || line.text.trim().length >= MIN_BASE64) {
      close();
      continue;
    }
    const text = line.text.trim();
    block =
      block === undefined
        ? { start: line.start, chars: text.length, lines: 1, text }
        : { ...block, chars: block.chars + text.length, lines: block.lines + 1, text: (block.text + text).slice(0, 400) };
  }
  close();
  return found;
}

function minifiedFindings(context: ScanContext, file: ScannedFile): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const line of joinedLines(file)) {
    const length = line.text.length;
    if (length < MIN_MINIFIED) continue;
    const spaces = line.text.match(/\s/g)?.length ?? 0;
    const code = line.text.match(/[;{}()]/g)?.length ?? 0;
    if (spaces / length >= MAX_SPACE_SHARE || code / length < MIN_CODE_SHARE) continue;
    const message = `A minified line of ${length} characters (${Math.round((spaces / length) * 1000) / 10} % white space): ${quoted(line.text, 40)}.`;
    found.push(finding(context, 'encoded-blob', file, line.start, message));
  }
  return found;
}

/** Every long base64 run and minified line in the skill's instructions (its SKILL.md and Markdown files). */
export function blobFindings(context: ScanContext): Diagnostic[] {
  return context.files.filter((file) => file.kind !== 'other').flatMap((file) => [...base64Findings(context, file), ...minifiedFindings(context, file)]);
}
