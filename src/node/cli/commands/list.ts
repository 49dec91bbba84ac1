/**
 * `satchel list <path…>`: loads the skills under each path (the first path
 * wins a name) and prints name, source, activation, intents and a short
 * digest, as wide as the terminal; the diagnostics go to stderr, summarised.
 * @module
 */
import type { Skill } from '../../../format/types.js';
import type { CliFlags, CliIo } from '../io.js';
import { plural, shownPath } from '../output/print.js';
import { textTable, type TableFit } from '../output/table.js';
import { diagnosticsText, hiddenLine, loadExitCode, loadPaths, shownDiagnostics, skippedCount } from '../paths/load.js';

const COLUMNS = ['name', 'source', 'activation', 'intents', 'digest'] as const;

// A narrow terminal gives up the middle of a long source path first, then the end of a long name or intents.
const NARROW: TableFit['narrow'] = [
  { column: 1, keep: 'end' },
  { column: 0, keep: 'start' },
  { column: 3, keep: 'start' },
];

/** Lists the skills under the given paths; resolves to the exit code. */
export async function listCommand(flags: CliFlags, io: CliIo): Promise<number> {
  const load = await loadPaths('list', flags.paths, flags, io);
  if (typeof load === 'number') return load;
  const skills = load.loader.getAll();
  const hidden = await hiddenLine(load, io.cwd);
  if (flags.json) {
    io.out.write(`${JSON.stringify({ skills: skills.map((s) => rowOf(s, io.cwd)), diagnostics: shownDiagnostics(load, io.cwd) }, null, 2)}\n`);
    if (hidden !== undefined) io.err.write(`satchel list: ${hidden}\n`);
  } else {
    const rows = skills.map((s) => rowOf(s, io.cwd)).map((r) => COLUMNS.map((c) => r[c]));
    if (rows.length > 0) io.out.write(`${textTable(COLUMNS, rows, { width: io.out.columns, narrow: NARROW })}\n`);
    io.out.write(`${plural(skills.length, 'skill')} loaded, ${skippedCount(load)} skipped\n`);
    if (hidden !== undefined) io.out.write(`${hidden}\n`);
    io.err.write(diagnosticsText('list', load, flags, io.cwd));
  }
  return loadExitCode(load, flags);
}

type Row = Record<(typeof COLUMNS)[number], string>;

function rowOf(skill: Skill, cwd: string): Row {
  return {
    name: skill.name,
    source: skill.path === undefined ? skill.source : shownPath(skill.path, cwd),
    activation: skill.activation,
    intents: (skill.intents ?? []).join(', '),
    digest: skill.digest.slice('sha256:'.length, 'sha256:'.length + 12),
  };
}
