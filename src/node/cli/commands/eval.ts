/**
 * `satchel eval <path…>`: loads the paths as `list` does and runs each
 * skill's trigger evals (`evals/eval_queries.json`, or one `--queries` file
 * for all of them) through `evaluateSkills`: per skill, kept and false
 * activation, first places and confusions; the threshold curve; the
 * collisions. Exit 0 whenever it ran; `--min-rate` makes it a CI check.
 * @module
 */
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { ResolvedLimits } from '../../../format/types.js';
import { evaluateSkills, type EvaluationReport, type SkillEvaluation, type TriggerFigures } from '../../../evaluation/evaluate.js';
import { DEFAULT_COLLISION_SHARE } from '../../../evaluation/collisions.js';
import { lineColumn, parseJsonTree } from '../../../evaluation/json-tree.js';
import { parseQueriesFile, type EvalDiagnostic, type EvalQueries } from '../../../evaluation/queries.js';
import type { CliFlags, CliIo } from '../io.js';
import { escapeControl } from '../output/escape.js';
import { plural, shownPath } from '../output/print.js';
import { textTable } from '../output/table.js';
import { inputKind, inputProblem } from '../paths/inputs.js';
import { diagnosticsText, hiddenLine, loadExitCode, loadPaths, shownDiagnostics } from '../paths/load.js';

const COLUMNS = ['skill', 'should', 'kept', 'rate', 'first', 'should not', 'false', 'rate', 'came first instead'] as const;

/** Runs the trigger evals of the skills under the paths; resolves to the exit code. */
export async function evalCommand(flags: CliFlags, io: CliIo): Promise<number> {
  const load = await loadPaths('eval', flags.paths, flags, io);
  if (typeof load === 'number') return load;
  const given = flags.queries === undefined ? undefined : await readQueries(flags.queries, load.limits, io);
  if (given === null) return 1;
  const report = await evaluateSkills(load.loader, given?.queries);
  const diagnostics = [...(given?.diagnostics ?? []), ...report.diagnostics, ...(given ? unknownNames(report, given) : [])].map((d) => ({
    ...d,
    path: shownPath(d.path, io.cwd),
  }));
  if (flags.json) {
    const { skills, totals, collisions, thresholds, unevaluated, unknown } = report;
    const json = { skills, totals, collisions, thresholds, unevaluated, unknown, queryDiagnostics: diagnostics, diagnostics: shownDiagnostics(load, io.cwd) };
    io.out.write(`${JSON.stringify(json, null, 2)}\n`);
  } else {
    io.out.write(textReport(report, given !== undefined));
    io.err.write(diagnostics.map((d) => `${escapeControl(diagnosticLine(d))}\n`).join(''));
    io.err.write(diagnosticsText('eval', load, flags, io.cwd));
  }
  const hidden = await hiddenLine(load, io.cwd);
  if (hidden !== undefined) io.err.write(`satchel eval: ${hidden}\n`);
  const below = flags.minRate === undefined ? 0 : minRateFailures(report, diagnostics.length, flags.minRate, io);
  return Math.max(loadExitCode(load, flags), below > 0 ? 1 : 0);
}

/** The `--queries` file read and parsed; `null` (after a line saying why) when it cannot be used. */
async function readQueries(file: string, limits: ResolvedLimits, io: CliIo): Promise<(EvalQueries & { text: string; path: string }) | null> {
  const abs = resolve(io.cwd, file);
  const shown = escapeControl(shownPath(abs, io.cwd));
  const kind = await inputKind(abs);
  const problem = kind === 'folder' ? 'a folder; --queries takes a JSON file' : inputProblem(kind, true);
  if (problem !== undefined) {
    io.err.write(`satchel eval: ${shown}: ${problem}\n`);
    return null;
  }
  // Bounded as a skill's files are: refused by its size before a byte is read.
  const { size } = await stat(abs);
  if (size > limits.maxFileBytes) {
    io.err.write(`satchel eval: ${shown}: ${size} bytes, over --max-file-bytes (${limits.maxFileBytes}); raise it to read this file.\n`);
    return null;
  }
  const text = await readFile(abs, 'utf8');
  return { ...parseQueriesFile(text, abs), text, path: abs };
}

/** A diagnostic for each name of the queries file that no loaded skill has, at its key. */
function unknownNames(report: EvaluationReport, given: { text: string; path: string; queries: EvalQueries['queries'] }): EvalDiagnostic[] {
  const tree = parseJsonTree(given.text);
  const entries = tree.ok && tree.node.kind === 'object' ? tree.node.entries : [];
  return report.unknown.map((name) => {
    const at = entries.findLast((e) => e.key === name)?.at;
    const where = at === undefined ? { line: 0, column: 0 } : lineColumn(given.text, at);
    const n = given.queries[name]?.length ?? 0;
    return { path: given.path, ...where, message: `no loaded skill is named "${name}": its ${queriesText(n)} ${n === 1 ? 'was' : 'were'} not run` };
  });
}

/** `path:line:column: message`, or `path: message` for the file as a whole. */
function diagnosticLine(d: EvalDiagnostic): string {
  return d.line > 0 ? `${d.path}:${d.line}:${d.column}: ${d.message}` : `${d.path}: ${d.message}`;
}

/** How many reasons `--min-rate` fails for, each said on stderr. */
function minRateFailures(report: EvaluationReport, diagnostics: number, minRate: number, io: CliIo): number {
  const lines: string[] = [];
  for (const [name, s] of Object.entries(report.skills)) {
    if (s.keptRate !== null && s.keptRate < minRate)
      lines.push(`${name} activates for ${pct(s.keptRate)} of the queries it should (${s.kept} of ${s.shouldTrigger}), below --min-rate ${minRate}`);
  }
  if (diagnostics > 0)
    lines.push(`${plural(diagnostics, 'problem')} in the eval queries (above): a skill whose queries could not be read cannot be shown to reach --min-rate`);
  if (Object.keys(report.skills).length === 0) lines.push('no skill was evaluated, so none can be shown to reach --min-rate');
  io.err.write(lines.map((l) => `satchel eval: ${escapeControl(l)}\n`).join(''));
  return lines.length;
}

/** The figures table, the misses, the curve, the collisions and a summary line. */
function textReport(report: EvaluationReport, fromFile: boolean): string {
  const names = Object.keys(report.skills);
  if (names.length === 0) {
    const where = fromFile ? 'the --queries file names no loaded skill' : 'no skill has evals/eval_queries.json';
    return `no skill evaluated: ${where}\n${collisionsText(report)}`;
  }
  const rows = [...Object.entries(report.skills).map(([name, s]) => figureRow(name, s)), figureRow('all skills', report.totals)];
  const queries = report.totals.shouldTrigger + report.totals.shouldNotTrigger;
  const without = report.unevaluated.length > 0 ? `; without queries: ${escapeControl(report.unevaluated.join(', '))}` : '';
  return [
    textTable(COLUMNS, rows),
    missesText(report),
    curveText(report),
    collisionsText(report),
    `${plural(names.length, 'skill')} evaluated on ${queriesText(queries)}${without}\n`,
  ]
    .filter((part) => part !== '')
    .join('\n');
}

function figureRow(name: string, f: TriggerFigures | SkillEvaluation): string[] {
  const confusions = 'confusions' in f ? f.confusions.map((c) => `${c.name} ${c.count}`).join(', ') || '-' : '';
  const counts = [f.shouldTrigger, f.kept, pct(f.keptRate), f.first, f.shouldNotTrigger, f.falseActivations, pct(f.falseRate)];
  return [name, ...counts.map(String), confusions];
}

/** Each skill's missed and falsely activated queries, one line each. */
function missesText(report: EvaluationReport): string {
  const lines = Object.entries(report.skills).flatMap(([name, s]) => [
    ...s.missed.map((q) => `  ${name} missed: ${JSON.stringify(q)}`),
    ...s.falseQueries.map((q) => `  ${name} activated for: ${JSON.stringify(q)}`),
  ]);
  return lines.map((line) => `${escapeControl(line)}\n`).join('');
}

/** Kept and false activation at each fixed threshold, over every skill's queries. */
function curveText(report: EvaluationReport): string {
  const head = ['threshold', ...report.thresholds.map((t) => t.toFixed(1))];
  const rows = [
    ['kept', ...report.totals.curve.map((p) => pct(p.keptRate))],
    ['false', ...report.totals.curve.map((p) => pct(p.falseRate))],
  ];
  return `${textTable(head, rows)}(the table above: the decision rule, as activate decides; this curve: activate with each fixed threshold)\n`;
}

function collisionsText(report: EvaluationReport): string {
  const rule = `another skill scores at least ${pct(DEFAULT_COLLISION_SHARE)} of a skill's own score on its description`;
  if (report.collisions.length === 0) return `no collisions (${rule})\n`;
  const lines = report.collisions.map((c) => `  ${escapeControl(c.pair[0])} ~ ${escapeControl(c.pair[1])}  ${c.score.toFixed(2)}\n`);
  return `collisions (${rule}):\n${lines.join('')}`;
}

/** `1 query`, `n queries`. */
function queriesText(n: number): string {
  return `${n} ${n === 1 ? 'query' : 'queries'}`;
}

/** A rate as a whole percentage; `-` without queries. */
function pct(rate: number | null): string {
  return rate === null ? '-' : `${Math.round(rate * 100)}%`;
}
