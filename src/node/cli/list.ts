/**
 * `satchel list <path…>`: loads the skills under each path (the first path
 * wins a name) and prints name, source, activation, intents and a short
 * digest, then the diagnostics.
 * @module
 */
import { relative, resolve } from 'node:path';
import { fixFor, formatDiagnostic } from '../../format/diagnostics.js';
import { isSkillError } from '../../format/errors.js';
import { SkillLoader } from '../../loader/loader.js';
import type { Skill } from '../../format/types.js';
import type { CliFlags, CliIo } from './io.js';
import { directorySource } from '../directory-source.js';

const COLUMNS = ['name', 'source', 'activation', 'intents', 'digest'] as const;

/** Lists the skills under the given paths; resolves to the exit code. */
export async function listCommand(flags: CliFlags, io: CliIo): Promise<number> {
  const builtin = flags.paths.map((p) => directorySource(resolve(io.cwd, p), { includeHidden: flags.includeHidden, name: p }));
  const loader = new SkillLoader({ builtin });
  try {
    await loader.loadAll();
  } catch (e) {
    io.err.write(`satchel list: ${isSkillError(e) ? `${e.code}: ${e.message}` : String(e)}\n`);
    return 1;
  }
  const skills = loader.getAll();
  if (flags.json) {
    io.out.write(`${JSON.stringify({ skills: skills.map((s) => rowOf(s, io.cwd)), diagnostics: loader.diagnostics }, null, 2)}\n`);
    return 0;
  }
  io.out.write(table(skills.map((s) => rowOf(s, io.cwd))));
  const shown = loader.diagnostics.filter((d) => d.severity !== 'info' || d.code === 'shadowed');
  if (shown.length > 0) io.out.write('\n');
  for (const d of shown) io.out.write(`${formatDiagnostic(d)}\n    fix: ${fixFor(d.code)}\n`);
  const skipped = new Set(loader.diagnostics.filter((d) => d.severity === 'error').map((d) => d.path)).size;
  io.out.write(`\n${skills.length} skill${skills.length === 1 ? '' : 's'} loaded, ${skipped} skipped\n`);
  return 0;
}

type Row = Record<(typeof COLUMNS)[number], string>;

function rowOf(skill: Skill, cwd: string): Row {
  return {
    name: skill.name,
    source: skill.path ? relative(cwd, skill.path) || skill.path : skill.source,
    activation: skill.activation,
    intents: (skill.intents ?? []).join(', '),
    digest: skill.digest.slice('sha256:'.length, 'sha256:'.length + 12),
  };
}

function table(rows: readonly Row[]): string {
  const widths = COLUMNS.map((c) => Math.max(c.length, ...rows.map((r) => r[c].length)));
  const line = (cells: readonly string[]): string => `${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ').trimEnd()}\n`;
  return [line(COLUMNS), line(widths.map((w) => '-'.repeat(w))), ...rows.map((r) => line(COLUMNS.map((c) => r[c])))].join('');
}
