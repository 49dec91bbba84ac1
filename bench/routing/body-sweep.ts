/**
 * `npm run bench -- body`: what the body's weight in the index does, on the
 * turns written for skills that have bodies — the corpus requests over every
 * corpus skill, and the demo's turns over the demo's skills — and on the two
 * development sets, whose tools have no body (their rows must not move).
 * Lexical ranking of every routable skill; top-1, top-3 and MRR over the
 * turns that expect a skill, both halves.
 * @module
 */
import type { LoaderRoutingOptions } from '../../src/loader/loader.js';
import { defaultRoutingFiles, loadRoutingSet, readRoutingSet, type RoutingSet } from './routing-data.js';
import { rankingStats, type RankingStats } from './routing-eval.js';
import { scaleBases } from './scale-bases.js';
import { table } from '../stats.js';

/** Body weights measured (boost and profile weight alike); 0.3 is the default. */
const WEIGHTS = [0, 0.15, 0.3, 0.5, 1] as const;

async function measure(set: RoutingSet, routing: LoaderRoutingOptions): Promise<RankingStats> {
  const { loader, names } = await loadRoutingSet({ ...set, queries: [] }, routing);
  const ranked = set.queries
    .filter((q) => q.expected.length > 0)
    .map((q) => ({
      text: q.text,
      expected: new Set(q.expected.map((id) => names.get(id) as string)),
      hits: loader.router.route(q.text, { limit: loader.size, activation: 'any' }),
    }));
  return rankingStats(ranked);
}

/** Measures every weight on every set; logs a table and returns the rows. */
export async function runBodySweep(log: (line: string) => void = console.log): Promise<unknown> {
  const root = process.env['SATCHEL_ROOT'] ?? process.cwd();
  const dev = defaultRoutingFiles(root).map(readRoutingSet);
  const sets: RoutingSet[] = [...scaleBases(root, []).map((b) => ({ name: b.name, tools: b.tools, queries: b.queries })), ...dev];
  const rows: { weight: number; set: string; stats: RankingStats }[] = [];
  for (const weight of WEIGHTS) {
    const routing = { boost: { body: weight }, fieldWeights: { body: weight } };
    for (const set of sets) rows.push({ weight, set: set.name, stats: await measure(set, routing) });
  }
  table(
    [
      ['body weight', ...sets.flatMap((s) => [`${s.name} top-1`, 'top-3', 'MRR'])],
      ...WEIGHTS.map((w) => [
        String(w),
        ...rows.filter((r) => r.weight === w).flatMap((r) => [String(r.stats.top1), String(r.stats.top3), String(r.stats.mrr)]),
      ]),
    ],
    log,
  );
  return rows;
}
