/**
 * `satchel validate <path…>`: every skill folder under each path (or a
 * SKILL.md named directly), every diagnostic with how to fix it, a one-line
 * summary; exit 1 if any is invalid, the search was cut short, or a path
 * cannot be used.
 * @module
 */
import { basename, dirname, resolve } from 'node:path';
import { createDiagnostic, type Diagnostic, type Profile } from '../../../format/diagnostics/diagnostic.js';
import { parseSkill, type ParseResult } from '../../../format/parse.js';
import { resolveLimits, type ResolvedLimits } from '../../../format/types.js';
import type { SkillEntry } from '../../../sources/source.js';
import { COMMANDS } from '../commands.js';
import type { CliFlags, CliIo } from '../io.js';
import { escapeControl } from '../output/escape.js';
import { diagnosticText, plural, shownPath } from '../output/print.js';
import { hiddenSkills, hiddenText } from '../paths/hidden.js';
import { cliSource, discoveryBounds, inputKind, inputProblem } from '../paths/inputs.js';
import { readSkillFile } from '../paths/skill-file.js';

/** The verdict on one skill file. */
export interface ValidationReport {
  path: string;
  name?: string;
  verdict: 'valid' | 'warnings' | 'invalid';
  diagnostics: Diagnostic[];
}

/** What one run needs besides the paths. */
interface Context {
  readonly profile: Profile;
  readonly limits: ResolvedLimits;
  readonly flags: CliFlags;
  readonly cwd: string;
}

/**
 * What one path gave: reports, notes about the search (and the folder searched, with the notes' absolute paths), or a
 * complaint about the path itself.
 */
type Found = { reports: ValidationReport[]; notes: Diagnostic[]; folder?: string; listed?: readonly Diagnostic[] } | { problem: string };

/** Validates every skill under the given paths; resolves to the exit code. */
export async function validateCommand(flags: CliFlags, io: CliIo): Promise<number> {
  const context: Context = { profile: flags.strict ? 'spec' : 'runtime', limits: resolveLimits(flags.limits, COMMANDS.validate.defaults), flags, cwd: io.cwd };
  const reports: ValidationReport[] = [];
  const notes: Diagnostic[] = [];
  const folders: string[] = [];
  const listed: Diagnostic[] = [];
  let unusable = 0;
  for (const input of flags.paths) {
    const abs = resolve(io.cwd, input);
    const found = await validatePath(abs, context);
    if ('problem' in found) {
      io.err.write(`satchel validate: ${escapeControl(shownPath(abs, io.cwd))}: ${found.problem}\n`);
      unusable++;
      continue;
    }
    if (found.folder !== undefined) folders.push(found.folder);
    listed.push(...(found.listed ?? []));
    reports.push(...found.reports);
    notes.push(...found.notes);
  }
  const invalid = reports.filter((r) => r.verdict === 'invalid').length;
  // A search cut short or a folder that could not be read leaves skills unchecked: not a clean pass.
  // A malformed plugin.json is reported but leaves nothing unchecked (the plugin is named after its folder).
  const incomplete = notes.some((d) => d.severity !== 'info' && d.code !== 'plugin-manifest');
  if (flags.json) io.out.write(`${JSON.stringify({ profile: context.profile, reports, notes }, null, 2)}\n`);
  else printText(reports, notes, context, io);
  const nothing = reports.length === 0 && unusable === 0;
  if (nothing) io.err.write('satchel validate: no SKILL.md found under the given paths\n');
  // Below the summary: the skills hidden folders held, which a search by default leaves out.
  const hidden = hiddenText(await hiddenSkills(folders, listed, context.limits), io.cwd);
  if (hidden !== undefined) {
    if (flags.json || nothing) io.err.write(`satchel validate: ${hidden}\n`);
    else io.out.write(`${hidden}\n`);
  }
  return invalid > 0 || incomplete || unusable > 0 || reports.length === 0 ? 1 : 0;
}

async function validatePath(abs: string, context: Context): Promise<Found> {
  const kind = await inputKind(abs);
  const problem = inputProblem(kind, true);
  if (problem !== undefined) return { problem };
  return kind === 'file' ? validateFile(abs, context) : validateFolder(abs, context);
}

async function validateFile(abs: string, context: Context): Promise<Found> {
  const shown = shownPath(abs, context.cwd);
  const read = await readSkillFile(abs, context.limits.maxFileBytes);
  if (read.kind === 'not-regular') return { problem: 'not a regular file or folder' };
  if (read.kind === 'too-large') {
    const tooLarge = createDiagnostic(
      'file-too-large',
      context.profile,
      `The file is ${read.size} bytes, larger than the ${context.limits.maxFileBytes}-byte limit (maxFileBytes); it was not read.`,
      shown,
    );
    return { reports: [{ path: shown, verdict: 'invalid', diagnostics: [tooLarge] }], notes: [] };
  }
  const result = parseSkill(read.bytes, { ...parseLimits(context), path: shown, folder: basename(dirname(abs)), fileName: basename(abs) });
  return { reports: [toReport(shown, result, context)], notes: [] };
}

async function validateFolder(abs: string, context: Context): Promise<Found> {
  const options = { ...discoveryBounds(context.limits), includeHidden: context.flags.includeHidden };
  const listing = await cliSource(abs, options, context.cwd).list();
  const reports = listing.entries.map((entry) => toReport(shownPath(entry.path, context.cwd), entryResult(entry, context), context));
  return { reports, notes: listing.diagnostics.map((d) => ({ ...d, path: shownPath(d.path, context.cwd) })), folder: abs, listed: listing.diagnostics };
}

/**
 * The parse of one listed entry, after what the walk found. An entry the
 * walk did not read (too large, a link) is not parsed: parsing no text
 * would add a false `missing-frontmatter` to the walk's own error.
 */
function entryResult(entry: SkillEntry, context: Context): ParseResult {
  const shown = shownPath(entry.path, context.cwd);
  const listed = (entry.diagnostics ?? []).map((d) => ({ ...d, path: shown }));
  const bySeverity = (severity: Diagnostic['severity']): Diagnostic[] => listed.filter((d) => d.severity === severity);
  if (entry.text === undefined) {
    const errors = bySeverity('error');
    if (errors.length === 0) errors.push(createDiagnostic('source-error', context.profile, 'The SKILL.md could not be read.', shown));
    return { errors, warnings: bySeverity('warning'), infos: bySeverity('info') };
  }
  const result = parseSkill(entry.text, {
    ...parseLimits(context),
    path: shown,
    ...(entry.folder === undefined ? {} : { folder: entry.folder }),
    ...(entry.fileName === undefined ? {} : { fileName: entry.fileName }),
    ...(entry.files === undefined ? {} : { files: entry.files }),
  });
  return {
    ...result,
    errors: [...bySeverity('error'), ...result.errors],
    warnings: [...bySeverity('warning'), ...result.warnings],
    infos: [...bySeverity('info'), ...result.infos],
  };
}

function parseLimits(context: Context): { profile: Profile; maxFileBytes: number; maxNesting: number } {
  return { profile: context.profile, maxFileBytes: context.limits.maxFileBytes, maxNesting: context.limits.maxNesting };
}

function toReport(path: string, result: ParseResult, context: Context): ValidationReport {
  const errors = result.errors.length > 0 || !result.skill;
  const warnings = result.warnings.length > 0;
  const verdict = errors || (context.profile === 'spec' && warnings) ? 'invalid' : warnings ? 'warnings' : 'valid';
  return { path, ...(result.skill ? { name: result.skill.name } : {}), verdict, diagnostics: [...result.errors, ...result.warnings, ...result.infos] };
}

function printText(reports: readonly ValidationReport[], notes: readonly Diagnostic[], context: Context, io: CliIo): void {
  for (const d of [...notes, ...reports.flatMap((r) => r.diagnostics)]) io.out.write(diagnosticText(d, io.cwd));
  const count = (v: ValidationReport['verdict']): number => reports.filter((r) => r.verdict === v).length;
  io.out.write(
    `${plural(reports.length, 'skill')} checked (${context.profile} profile): ${count('valid')} valid, ${count('warnings')} with warnings, ${count('invalid')} invalid\n`,
  );
}
