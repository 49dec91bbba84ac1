/**
 * How the CLI prints what the library reports: paths relative to the
 * working folder, limit names as flags, fixes that name what to type, and
 * every piece of text from a skill escaped.
 * @module
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { formatDiagnostic, type Diagnostic, type DiagnosticCode } from '../../../format/diagnostics/diagnostic.js';
import { fixFor } from '../../../format/diagnostics/rules.js';
import type { SkillError } from '../../../format/errors.js';
import { flagsNamedIn, inCliTerms } from '../args/limit-flags.js';
import { escapeControl } from './escape.js';

/**
 * A path as the CLI prints it: relative to the working folder (`.` for the
 * folder itself), `/`-separated; absolute only when that is shorter, so
 * `/dev/null` is not shown as `../../dev/null`.
 */
export function shownPath(path: string, cwd: string): string {
  if (!isAbsolute(path)) return path;
  const shown = relative(cwd, path).split(sep).join('/') || '.';
  return shown.length <= path.length ? shown : path;
}

/** `text` with absolute paths under the working folder made relative to it. */
export function shortenPaths(text: string, cwd: string): string {
  return text.split(`${resolve(cwd)}${sep}`).join('');
}

// Fixes that read differently on a command line than in the library's docs.
const CLI_FIXES: Partial<Record<DiagnosticCode, string>> = {
  'hidden-skipped': 'Pass --include-hidden to search hidden folders too.',
};

// For a limit, the fix is to shrink something or to raise the flag the message names.
const LIMIT_LEADS: Partial<Record<DiagnosticCode, string>> = {
  'limit-exceeded': 'Shrink the skill',
  'file-too-large': 'Shrink the file or move material into reference files',
  'discovery-limit': 'Point satchel at a narrower folder',
};

/** How to fix `d`, naming CLI flags rather than library options. */
export function cliFix(d: Diagnostic): string {
  const lead = LIMIT_LEADS[d.code];
  const flags = flagsNamedIn(d.message);
  if (lead !== undefined && flags.length > 0) return `${lead}, or raise ${flags.join(' / ')}.`;
  return inCliTerms(CLI_FIXES[d.code] ?? fixFor(d.code));
}

/** One diagnostic as two lines: `path:line:column code severity: message`, then `    fix: …`. */
export function diagnosticText(d: Diagnostic, cwd: string): string {
  const shown = { ...d, path: shownPath(d.path, cwd), message: inCliTerms(shortenPaths(d.message, cwd)) };
  return `${escapeControl(formatDiagnostic(shown))}\n    fix: ${escapeControl(cliFix(d))}\n`;
}

/**
 * A thrown `SkillError` as the CLI reports it: one line, then its
 * diagnostics each with its fix, or for a limit without any, which flag to raise.
 */
export function skillErrorText(command: string, e: SkillError, cwd: string): string {
  const count = e.diagnostics.length;
  // With diagnostics, the message's tail repeats the first of them (`loadSkills`): keep its lead, list them all below.
  const message = count > 0 ? `${e.message.split(': ')[0] ?? e.message}; ${plural(count, 'problem')}, each below with its fix.` : e.message;
  const head = `satchel ${command}: ${e.code}: ${escapeControl(inCliTerms(shortenPaths(message, cwd)))}\n`;
  const flags = flagsNamedIn(e.message);
  const fix = count === 0 && e.code === 'LIMIT_EXCEEDED' && flags.length > 0 ? `    fix: raise ${flags.join(' / ')}, or give fewer or narrower paths.\n` : '';
  return head + fix + e.diagnostics.map((d) => diagnosticText(d, cwd)).join('');
}

/** `n thing` or `n things`. */
export function plural(n: number, thing: string): string {
  return `${n} ${thing}${n === 1 ? '' : 's'}`;
}
