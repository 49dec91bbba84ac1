/**
 * `evaluateSkills`: trigger evals in the Agent Skills format, run by the
 * loader's own activation with no model. For each skill's queries it reports
 * how often the skill activates when it should and when it should not, which
 * skills came first instead, the curve of kept versus false activation over a
 * sweep of fixed thresholds, and the pairs of skills whose descriptions
 * collide (docs/routing.md, "Evaluating your skills").
 * @module
 */
import { SkillError } from '../format/errors.js';
import type { Skill } from '../format/types.js';
import type { RoutedSkill } from '../loader/options.js';
import type { ActivationOptions, SkillActivation } from '../routing/activation.js';
import { DEFAULT_COLLISION_SHARE, findCollisions, type Collision } from './collisions.js';
import { checkThresholds, DEFAULT_THRESHOLDS } from './curve.js';
import { skillFigures, triggerFigures, type QueryOutcome, type SkillEvaluation, type TriggerFigures } from './figures.js';
import { openEvalQueries, type EvalDiagnostic, type EvalQuery } from './queries.js';

export type { Collision } from './collisions.js';
export type { CurvePoint } from './curve.js';
export type { Confusion, SkillEvaluation, TriggerFigures } from './figures.js';
export type { EvalDiagnostic, EvalQuery } from './queries.js';

type Answer<T> = T | Promise<T>;

/**
 * What the evaluation asks: a loaded `SkillLoader`, or a runtime client of `satchel/client` (the same calls, answered
 * by the loader in its worker).
 */
export interface EvaluationTarget {
  getAll(): Answer<readonly Skill[]>;
  activate(turn: string, options?: ActivationOptions): Answer<readonly SkillActivation[]>;
  /** With `record: false`: an evaluation hands nothing to a conversation (`loader.loaded` stays as it was). */
  activateAsync?(turn: string, options?: ActivationOptions & { record?: boolean }): Promise<readonly SkillActivation[]>;
  route(text: string, options?: { limit?: number }): Answer<readonly RoutedSkill[]>;
  routeAsync?(text: string, options?: { limit?: number }): Promise<readonly RoutedSkill[]>;
  /** Needed only when no queries are given: each skill's `evals/eval_queries.json` is read through it. */
  readFile?(name: string, path: string): Promise<string>;
}

/** Options of {@link evaluateSkills}. */
export interface EvaluationOptions {
  /** Route by meaning: `activateAsync` and `routeAsync`, where the target has them (default false). */
  meaning?: boolean;
  /** The fixed thresholds of the curve, each from 0 to 1 (default 0 to 1 in steps of 0.1). */
  thresholds?: readonly number[];
  /** The share of a skill's own score another must reach on its description to collide with it (default 0.8). */
  collisionShare?: number;
  /** Activation options for every query besides the sweep's threshold (`maxSearch`, `relative`, …). */
  activation?: ActivationOptions;
  /** Called after each query with how many are done and how many there are. */
  onProgress?: (done: number, total: number) => void;
}

/** What {@link evaluateSkills} found. */
export interface EvaluationReport {
  /** Each evaluated skill's figures, by name, in the loader's order. */
  readonly skills: Readonly<Record<string, SkillEvaluation>>;
  /** Every evaluated skill's queries together. */
  readonly totals: TriggerFigures;
  /** The pairs of routable skills whose descriptions collide, largest score first. */
  readonly collisions: readonly Collision[];
  /** The thresholds of the curves, ascending. */
  readonly thresholds: readonly number[];
  /** Loaded skills that had no queries. */
  readonly unevaluated: readonly string[];
  /** Names that had queries but no loaded skill: their queries were not run. */
  readonly unknown: readonly string[];
  /** Problems of the eval files read (none when `queries` were given). */
  readonly diagnostics: readonly EvalDiagnostic[];
}

/**
 * Runs trigger evals over the skills of a loaded loader. Each query goes through `activate` (under the loader's own
 * decision: the figures an app sees) and once per threshold of the sweep with `{ threshold }` (the curve). Without
 * `queries`, each skill's `evals/eval_queries.json` is read through the target; a malformed one is a diagnostic and the
 * other skills are evaluated all the same. Rejects with `INVALID_INPUT` for a threshold or share outside 0–1.
 *
 * @example
 * ```ts
 * const report = await evaluateSkills(loader, {
 *   'refund-policy': [
 *     { query: 'the blender I got last week is broken, I want my money back', should_trigger: true },
 *     { query: 'where is my parcel?', should_trigger: false },
 *   ],
 * })
 * report.skills['refund-policy']?.keptRate   // 1: it activated for the query it should
 * report.collisions                           // [{ pair: ['expense-report', 'refund-policy'], score: 0.83 }, …]
 * const fromFiles = await evaluateSkills(loader)  // each skill's evals/eval_queries.json
 * ```
 */
export async function evaluateSkills(
  target: EvaluationTarget,
  queries?: Readonly<Record<string, readonly EvalQuery[]>>,
  options: EvaluationOptions = {},
): Promise<EvaluationReport> {
  const thresholds = checkThresholds(options.thresholds ?? DEFAULT_THRESHOLDS);
  const share = options.collisionShare ?? DEFAULT_COLLISION_SHARE;
  if (!(share > 0 && share <= 1))
    throw new SkillError('INVALID_INPUT', `evaluateSkills: collisionShare must be a number above 0, at most 1, not ${String(share)}.`);
  const skills = await target.getAll();
  const read = queries === undefined ? await openEvalQueries(reader(target)) : { queries, diagnostics: [] };
  const loaded = new Set(skills.map((s) => s.name));
  const evaluated = skills.filter((s) => Object.hasOwn(read.queries, s.name));
  const total = evaluated.reduce((n, s) => n + (read.queries[s.name]?.length ?? 0), 0);
  const run = runner(target, thresholds, options, total);
  const figures = new Map<string, SkillEvaluation>();
  const all: (QueryOutcome & { skill: string })[] = [];
  for (const skill of evaluated) {
    const outcomes: QueryOutcome[] = [];
    for (const q of read.queries[skill.name] ?? []) outcomes.push(await run(q, skill.name));
    figures.set(skill.name, skillFigures(skill.name, outcomes, thresholds));
    all.push(...outcomes.map((o) => ({ ...o, skill: skill.name })));
  }
  return {
    skills: Object.fromEntries(figures),
    totals: triggerFigures(all, thresholds),
    collisions: await findCollisions(ranker(target, options), skills, share),
    thresholds,
    unevaluated: skills.filter((s) => !figures.has(s.name)).map((s) => s.name),
    unknown: Object.keys(read.queries).filter((name) => !loaded.has(name)),
    diagnostics: read.diagnostics,
  };
}

function reader(target: EvaluationTarget): { getAll: EvaluationTarget['getAll']; readFile: (name: string, path: string) => Promise<string> } {
  const { readFile } = target;
  if (!readFile)
    throw new SkillError('INVALID_INPUT', 'evaluateSkills: give the queries, or a target with readFile to read each skill’s evals/eval_queries.json.');
  return { getAll: () => target.getAll(), readFile: (name, path) => readFile.call(target, name, path) };
}

/** Runs one query under the decision and at every threshold of the sweep; counts progress. */
function runner(target: EvaluationTarget, thresholds: readonly number[], options: EvaluationOptions, total: number) {
  const meaning = options.meaning === true && target.activateAsync !== undefined;
  const activate = (query: string, o: ActivationOptions) =>
    meaning ? (target.activateAsync as NonNullable<EvaluationTarget['activateAsync']>).call(target, query, { ...o, record: false }) : target.activate(query, o);
  let done = 0;
  return async ({ query, should_trigger }: EvalQuery, name: string): Promise<QueryOutcome> => {
    const base = options.activation ?? {};
    // One query's calls together: over a worker's message channel they travel as one burst.
    const [decided = [], ...swept] = await Promise.all([activate(query, base), ...thresholds.map((threshold) => activate(query, { ...base, threshold }))]);
    options.onProgress?.(++done, total);
    return { query, should: should_trigger, names: decided.map((a) => a.skill.name), activated: swept.map((a) => a.some((x) => x.skill.name === name)) };
  };
}

/** `route`, or `routeAsync` when routing by meaning. */
function ranker(target: EvaluationTarget, options: EvaluationOptions) {
  const meaning = options.meaning === true && target.routeAsync !== undefined;
  return async (text: string, limit: number) =>
    meaning ? await (target.routeAsync as NonNullable<EvaluationTarget['routeAsync']>).call(target, text, { limit }) : await target.route(text, { limit });
}
