/**
 * `satchel validate <path…>`: every skill folder under each path, every
 * diagnostic with how to fix it, a one-line summary; exit 1 if any is invalid.
 * @module
 */
import { stat, readFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fixFor, formatDiagnostic, type Diagnostic } from '../../format/diagnostics.js';
import { parseSkill, type ParseResult } from '../../format/parse.js';
import type { CliFlags, CliIo } from './io.js';
import { directorySource } from '../directory-source.js';

/** The verdict on one skill file. */
export interface ValidationReport {
  path: string;
  name?: string;
  verdict: 'valid' | 'warnings' | 'invalid';
  diagnostics: Diagnostic[];
}

/** Validates every skill under the given paths; resolves to the exit code. */
export async function validateCommand(flags: CliFlags, io: CliIo): Promise<number> {
  const reports: ValidationReport[] = [];
  const notes: Diagnostic[] = [];
  let missing = 0;
  for (const input of flags.paths) {
    const found = await validatePath(input, flags, io.cwd);
    if (found === undefined) {
      io.err.write(`satchel validate: ${input}: no such file or directory\n`);
      missing++;
      continue;
    }
    reports.push(...found.reports);
    notes.push(...found.notes);
  }
  const invalid = reports.filter((r) => r.verdict === 'invalid').length;
  const failed = invalid > 0 || missing > 0 || reports.length === 0;
  if (flags.json) io.out.write(`${JSON.stringify({ profile: profileOf(flags), reports, notes }, null, 2)}\n`);
  else printText(reports, notes, flags, io);
  if (reports.length === 0 && missing === 0) io.err.write('satchel validate: no SKILL.md found under the given paths\n');
  return failed ? 1 : 0;
}

function profileOf(flags: CliFlags): 'spec' | 'runtime' {
  return flags.strict ? 'spec' : 'runtime';
}

async function validatePath(input: string, flags: CliFlags, cwd: string): Promise<{ reports: ValidationReport[]; notes: Diagnostic[] } | undefined> {
  const absolute = resolve(cwd, input);
  const info = await stat(absolute).catch(() => undefined);
  if (!info) return undefined;
  if (info.isFile()) {
    const shown = relative(cwd, absolute) || basename(absolute);
    const result = parseSkill(await readFile(absolute), { path: shown, folder: basename(dirname(absolute)), fileName: basename(absolute), profile: profileOf(flags) });
    return { reports: [toReport(shown, result, flags)], notes: [] };
  }
  const source = directorySource(absolute, { includeHidden: flags.includeHidden });
  const listing = await source.list();
  const reports = listing.entries.map((entry) => {
    const shown = relative(cwd, join(absolute, entry.dir, entry.fileName ?? 'SKILL.md'));
    const result: ParseResult = parseSkill(entry.text ?? '', {
      path: shown,
      profile: profileOf(flags),
      ...(entry.folder === undefined ? {} : { folder: entry.folder }),
      ...(entry.fileName === undefined ? {} : { fileName: entry.fileName }),
      ...(entry.files === undefined ? {} : { files: entry.files }),
    });
    const listed = (entry.diagnostics ?? []).map((d) => ({ ...d, path: shown }));
    return toReport(shown, { ...result, errors: [...listed.filter((d) => d.severity === 'error'), ...result.errors], warnings: [...listed.filter((d) => d.severity === 'warning'), ...result.warnings] }, flags);
  });
  return { reports, notes: listing.diagnostics.map((d) => ({ ...d, path: relative(cwd, join(absolute, d.path)) || d.path })) };
}

function toReport(path: string, result: ParseResult, flags: CliFlags): ValidationReport {
  const errors = result.errors.length > 0 || !result.skill;
  const warnings = result.warnings.length > 0;
  const verdict = errors || (flags.strict && warnings) ? 'invalid' : warnings ? 'warnings' : 'valid';
  return { path, ...(result.skill ? { name: result.skill.name } : {}), verdict, diagnostics: [...result.errors, ...result.warnings, ...result.infos] };
}

function printText(reports: readonly ValidationReport[], notes: readonly Diagnostic[], flags: CliFlags, io: CliIo): void {
  for (const d of [...notes, ...reports.flatMap((r) => r.diagnostics)]) {
    io.out.write(`${formatDiagnostic(d)}\n    fix: ${fixFor(d.code)}\n`);
  }
  const count = (v: ValidationReport['verdict']): number => reports.filter((r) => r.verdict === v).length;
  const profile = flags.strict ? 'spec profile' : 'runtime profile';
  io.out.write(`${reports.length} skill${reports.length === 1 ? '' : 's'} checked (${profile}): ${count('valid')} valid, ${count('warnings')} with warnings, ${count('invalid')} invalid\n`);
}
