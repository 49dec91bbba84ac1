/**
 * `satchel route <path…> "<turn>"`: loads the paths as `list` does and
 * shows which skills the turn activates and why (reason, score, the turn's
 * words that matched, the threshold it needed and its margin over the
 * runner-up), then the best-ranked skills that stayed below the threshold,
 * then the threshold in force. `--threshold` fixes it instead of the decision
 * rule. `--json` also gives the matched stems (`terms`).
 * @module
 */
import type { SkillLoader } from '../../../loader/loader.js';
import type { RoutedSkill } from '../../../loader/options.js';
import type { Diagnostic } from '../../../format/diagnostics/diagnostic.js';
import { searchTextOf, type SkillActivation } from '../../../routing/activation.js';
import { usageError } from '../args/help.js';
import type { CliFlags, CliIo } from '../io.js';
import { plural } from '../output/print.js';
import { textTable } from '../output/table.js';
import { turnProblem } from '../paths/inputs.js';
import { diagnosticsText, hiddenLine, loadExitCode, loadPaths, shownDiagnostics } from '../paths/load.js';

/** Most ranked skills shown besides the activated ones. */
const RANKED = 5;
const COLUMNS = ['name', 'activates', 'reason', 'score', 'threshold', 'margin', 'matched'] as const;

/** The threshold in force for the turn, and what set it. */
interface InForce {
  readonly threshold: number;
  readonly rule: 'decision' | 'fixed';
  /** The ranking's first place, whose margin the rule read. */
  readonly first: RoutedSkill | undefined;
  /** Routable skills the rule scaled for. */
  readonly skills: number;
}

/** Routes the turn (the last argument) over the skills under the paths; resolves to the exit code. */
export async function routeCommand(flags: CliFlags, io: CliIo): Promise<number> {
  const turn = flags.paths.at(-1) ?? '';
  const problem = await turnProblem(turn, flags, io.cwd);
  if (problem !== undefined) {
    io.err.write(usageError(problem, 'route'));
    return 2;
  }
  // `--threshold` reaches `activate` and `route` through the loader's routing options (see loadPaths).
  const load = await loadPaths('route', flags.paths.slice(0, -1), flags, io);
  if (typeof load === 'number') return load;
  const activations = load.loader.activate(turn);
  const active = new Set(activations.map((a) => a.skill.name));
  // The ranking the search stage decided: the turn without its mentions (their arguments are input for that skill).
  const routed = load.loader.route(searchTextOf(turn, load.loader), { limit: RANKED + active.size });
  const ranked = routed.filter((h) => !active.has(h.skill.name)).slice(0, RANKED);
  const force = inForce(load.loader, routed[0]);
  if (flags.json) {
    io.out.write(jsonReport(turn, activations, ranked, force, shownDiagnostics(load, io.cwd)));
  } else {
    io.out.write(textReport(activations, ranked, force, load.loader.size));
    io.err.write(diagnosticsText('route', load, flags, io.cwd));
  }
  const hidden = await hiddenLine(load, io.cwd);
  if (hidden !== undefined) io.err.write(`satchel route: ${hidden}\n`);
  return loadExitCode(load, flags);
}

/** The threshold the ranking's first place needs (every result of one ranking carries the same); with no ranking, the loader's. */
function inForce(loader: SkillLoader, first: RoutedSkill | undefined): InForce {
  const thresholds = loader.activationThresholds();
  return { threshold: first?.threshold ?? thresholds.threshold, rule: thresholds.rule ? 'decision' : 'fixed', first, skills: thresholds.skills };
}

/** `--json`: every result with what decided it, and the threshold in force with its rule. */
function jsonReport(turn: string, activations: readonly SkillActivation[], ranked: readonly RoutedSkill[], force: InForce, diagnostics: Diagnostic[]): string {
  const activated = activations.map((a) => ({
    name: a.skill.name,
    reason: a.reason,
    ...decided(a),
    ...(a.arguments === undefined ? {} : { arguments: a.arguments }),
  }));
  const below = ranked.map((h) => ({ name: h.skill.name, ...decided(h) }));
  const report = { turn, threshold: force.threshold, rule: force.rule, activations: activated, ranked: below, diagnostics };
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** What decided a result, the keys `--json` shows of every activation and ranked skill, in their order. */
function decided({ score, threshold, margin, words, terms, matched }: SkillActivation | RoutedSkill): Record<string, unknown> {
  return { score, threshold, margin, words, terms, matched };
}

/** The table, the threshold line and the verdict. */
function textReport(activations: readonly SkillActivation[], ranked: readonly RoutedSkill[], force: InForce, loaded: number): string {
  const rows = [
    ...activations.map((a) => [a.skill.name, 'yes', a.reason, num(a.score), num(a.threshold), num(a.margin), a.words.join(', ')]),
    ...ranked.map((h) => [h.skill.name, 'no', '-', num(h.score), num(h.threshold), num(h.margin), h.words.join(', ')]),
  ];
  const n = activations.length;
  const verdict = n === 0 ? 'no skill activates' : `${plural(n, 'skill')} ${n === 1 ? 'activates' : 'activate'}`;
  const table = rows.length > 0 ? `${textTable(COLUMNS, rows)}\n` : '';
  return `${table}${thresholdLine(force)}\n${verdict} for this turn (${plural(loaded, 'skill')} loaded)\n`;
}

/** The threshold in force, and what set it, in one line. */
function thresholdLine(force: InForce): string {
  const value = `threshold ${num(force.threshold)}`;
  if (force.rule === 'fixed') return `${value} (fixed, --threshold)`;
  const among = `among ${plural(force.skills, 'routable skill')}`;
  if (force.first === undefined) return `${value} (decision rule, for a first place with no lead over the runner-up, ${among})`;
  return `${value} (decision rule: the first place needs this score with its margin of ${num(force.first.margin)} over the runner-up, ${among})`;
}

/** Two decimals, never `-0.00`. */
function num(value: number): string {
  const text = value.toFixed(2);
  return text === '-0.00' ? '0.00' : text;
}
