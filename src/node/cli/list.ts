/**
 * `satchel list <path…>`: loads the skills under each path (the first path
 * wins a name) and prints name, source, activation, intents and a short
 * digest, then the diagnostics; exit 1 when a skill could not be loaded.
 * @module
 */
import type { Skill } from '../../format/types.js';
import type { CliFlags, CliIo } from './io.js';
import { diagnosticsText, loadPaths, shownDiagnostics, skippedCount, writeHiddenNote } from './load.js';
import { plural, shownPath } from './print.js';
import { textTable } from './table.js';

const COLUMNS = ['name', 'source', 'activation', 'intents', 'digest'] as const;

/** Lists the skills under the given paths; resolves to the exit code. */
export async function listCommand(flags: CliFlags, io: CliIo): Promise<number> {
  const load = await loadPaths('list', flags.paths, flags, io);
  if (typeof load === 'number') return load;
  const skills = load.loader.getAll();
  const skipped = skippedCount(load);
  if (flags.json) {
    io.out.write(`${JSON.stringify({ skills: skills.map((s) => rowOf(s, io.cwd)), diagnostics: shownDiagnostics(load, io.cwd) }, null, 2)}\n`);
  } else {
    const rows = skills.map((s) => rowOf(s, io.cwd));
    io.out.write(
      textTable(
        COLUMNS,
        rows.map((r) => COLUMNS.map((c) => r[c])),
      ),
    );
    const diagnostics = diagnosticsText(load, io.cwd);
    if (diagnostics !== '') io.out.write(`\n${diagnostics}`);
    io.out.write(`\n${plural(skills.length, 'skill')} loaded, ${skipped} skipped\n`);
  }
  await writeHiddenNote('list', load, io);
  return skipped > 0 ? 1 : 0;
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
