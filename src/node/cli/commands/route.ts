/**
 * `satchel route <path…> "<turn>"`: loads the paths as `list` does and
 * shows which skills the turn activates and why (reason, score, the turn's
 * words that matched), then the best-ranked skills that stayed below the threshold.
 * `--json` also gives the matched stems (`terms`).
 * @module
 */
import { usageError } from '../args/help.js';
import type { CliFlags, CliIo } from '../io.js';
import { plural } from '../output/print.js';
import { textTable } from '../output/table.js';
import { turnProblem } from '../paths/inputs.js';
import { diagnosticsText, hiddenLine, loadExitCode, loadPaths, shownDiagnostics } from '../paths/load.js';

/** Most ranked skills shown besides the activated ones. */
const RANKED = 5;
const COLUMNS = ['name', 'activates', 'reason', 'score', 'matched'] as const;

/** Routes the turn (the last argument) over the skills under the paths; resolves to the exit code. */
export async function routeCommand(flags: CliFlags, io: CliIo): Promise<number> {
  const turn = flags.paths.at(-1) ?? '';
  const problem = await turnProblem(turn, flags, io.cwd);
  if (problem !== undefined) {
    io.err.write(usageError(problem, 'route'));
    return 2;
  }
  const load = await loadPaths('route', flags.paths.slice(0, -1), flags, io);
  if (typeof load === 'number') return load;
  const activations = load.loader.activate(turn);
  const active = new Set(activations.map((a) => a.skill.name));
  const ranked = load.loader
    .route(turn, { limit: RANKED + active.size })
    .filter((h) => !active.has(h.skill.name))
    .slice(0, RANKED);
  if (flags.json) {
    const activated = activations.map(({ skill, reason, score, words, terms, arguments: args }) => ({
      name: skill.name,
      reason,
      score,
      words,
      terms,
      ...(args === undefined ? {} : { arguments: args }),
    }));
    const below = ranked.map(({ skill, score, words, terms }) => ({ name: skill.name, score, words, terms }));
    io.out.write(`${JSON.stringify({ turn, activations: activated, ranked: below, diagnostics: shownDiagnostics(load, io.cwd) }, null, 2)}\n`);
  } else {
    const rows = [
      ...activations.map((a) => [a.skill.name, 'yes', a.reason, a.score.toFixed(2), a.words.join(', ')]),
      ...ranked.map((h) => [h.skill.name, 'no', '-', h.score.toFixed(2), h.words.join(', ')]),
    ];
    if (rows.length > 0) io.out.write(textTable(COLUMNS, rows));
    const n = activations.length;
    io.out.write(
      `${rows.length > 0 ? '\n' : ''}${n === 0 ? 'no skill activates' : `${plural(n, 'skill')} ${n === 1 ? 'activates' : 'activate'}`} for this turn (${plural(load.loader.size, 'skill')} loaded)\n`,
    );
    io.err.write(diagnosticsText('route', load, flags, io.cwd));
  }
  const hidden = await hiddenLine(load, io.cwd);
  if (hidden !== undefined) io.err.write(`satchel route: ${hidden}\n`);
  return loadExitCode(load, flags);
}
