/**
 * The tuning sweep of the routing bench (`npm run bench:routing -- --sweep`):
 * each choice of the router measured on every set against the defaults, and
 * a grid of activation thresholds. Printed as tables; returned as data.
 * @module
 */
import type { ActivationOptions } from '../../src/routing/activation.js';
import type { Router } from '../../src/routing/router.js';
import type { LoaderRoutingOptions } from '../../src/loader/loader.js';
import { loadRoutingSet, type RoutingSet } from './routing-data.js';
import { activationStats, rankAll, rankingStats, type Ranked } from './routing-eval.js';
import { table } from '../stats.js';

/** One measured choice: a label and the routing options that differ from the defaults. */
export interface Variant {
  readonly label: string;
  readonly routing: LoaderRoutingOptions;
}

/** The choices measured, each against the defaults (the first row). */
export const VARIANTS: readonly Variant[] = [
  { label: 'defaults', routing: {} },
  { label: 'no stemming', routing: { pipeline: { stem: false } } },
  { label: 'stop words dropped', routing: { stopWordWeight: 0 } },
  { label: 'stop words at 0.1', routing: { stopWordWeight: 0.1 } },
  { label: 'stop words at 0.5', routing: { stopWordWeight: 0.5 } },
  { label: 'stop words at 1 (none)', routing: { stopWordWeight: 1 } },
  { label: 'examples: any use counts fully', routing: { exampleShare: 0.1 } },
  { label: 'examples: share 1/2', routing: { exampleShare: 0.5 } },
  { label: 'examples: share 1', routing: { exampleShare: 1 } },
  { label: 'profile description 0.7', routing: { fieldWeights: { description: 0.7 } } },
  { label: 'profile name 0.7', routing: { fieldWeights: { name: 0.7 } } },
  { label: 'fuzzy 0.2', routing: { fuzzy: 0.2 } },
  { label: 'prefix', routing: { prefix: true } },
  { label: 'boost all 1', routing: { boost: { name: 1, description: 1, intents: 1, examples: 1, tags: 1 } } },
  { label: 'boost name 3', routing: { boost: { name: 3 } } },
  { label: 'boost description 2', routing: { boost: { description: 2 } } },
  { label: 'boost examples 2', routing: { boost: { examples: 2 } } },
  { label: 'bm25 k 2', routing: { bm25: { k: 2, b: 0.7, d: 0.5 } } },
  { label: 'bm25 b 0.3', routing: { bm25: { k: 1.2, b: 0.3, d: 0.5 } } },
  { label: 'bm25 b 0.9', routing: { bm25: { k: 1.2, b: 0.9, d: 0.5 } } },
  { label: 'bm25 d 0', routing: { bm25: { k: 1.2, b: 0.7, d: 0 } } },
  { label: 'score soft frequency', routing: { experimental: { softFrequency: true } } },
  { label: 'score idf^0.5', routing: { experimental: { idfPower: 0.5 } } },
  { label: 'score idf^1.5', routing: { experimental: { idfPower: 1.5 } } },
  { label: 'score bm25^0.5', routing: { experimental: { bm25Power: 0.5 } } },
  { label: 'score bm25^2', routing: { experimental: { bm25Power: 2 } } },
  { label: 'score bm25^3', routing: { experimental: { bm25Power: 3 } } },
  { label: 'length norm off', routing: { lengthNorm: 0 } },
  { label: 'length norm 0.1', routing: { lengthNorm: 0.1 } },
  { label: 'length norm 0.5', routing: { lengthNorm: 0.5 } },
  { label: 'fields name 1.5', routing: { fieldWeights: { name: 1.5 } } },
  { label: 'fields name 1.5 desc 0.8', routing: { fieldWeights: { name: 1.5, description: 0.8 } } },
  { label: 'nearest example off', routing: { exampleMatch: false } },
  { label: 'nearest example 1 len 0', routing: { exampleMatch: { weight: 1, lengthPower: 0 } } },
  { label: 'nearest example 0.7 len 0', routing: { exampleMatch: { weight: 0.7, lengthPower: 0 } } },
  { label: 'both off (old defaults)', routing: { exampleMatch: false, lengthNorm: 0 } },
  { label: 'nearest example 1.5 len 1', routing: { exampleMatch: { weight: 1.5, lengthPower: 1 } } },
  { label: 'feedback 3 docs 10 terms 0.2', routing: { experimental: { feedback: { docs: 3, terms: 10, weight: 0.2 } } } },
  { label: 'feedback 2 docs 10 terms 0.1', routing: { experimental: { feedback: { docs: 2, terms: 10, weight: 0.1 } } } },
  { label: 'feedback 5 docs 20 terms 0.3', routing: { experimental: { feedback: { docs: 5, terms: 20, weight: 0.3 } } } },
  { label: 'feedback 3 docs 5 terms 0.3', routing: { experimental: { feedback: { docs: 3, terms: 5, weight: 0.3 } } } },
];

/** Activation thresholds tried on the default ranking. */
export const THRESHOLDS: readonly ActivationOptions[] = [0.4, 0.45, 0.5, 0.51, 0.52, 0.55, 0.6].flatMap((threshold) =>
  [0.5, 0.8].flatMap((relative) => [1, 3, 5].map((maxSearch) => ({ threshold, relative, maxSearch }))),
);

/** Measures every variant on every set, then the threshold grid; logs tables. */
export async function runSweep(sets: readonly RoutingSet[], log: (line: string) => void): Promise<unknown> {
  const variants: Record<string, unknown>[] = [];
  const baseline: Ranked[][] = [];
  const routers: Router[] = [];
  // SATCHEL_SWEEP=word keeps the defaults and the choices whose label holds that word.
  const only = process.env['SATCHEL_SWEEP'];
  for (const variant of VARIANTS.filter((v, i) => i === 0 || !only || v.label.includes(only))) {
    const row: Record<string, unknown> = { label: variant.label };
    for (const set of sets) {
      const loaded = await loadRoutingSet(set, variant.routing);
      const ranked = rankAll(loaded);
      if (variant === VARIANTS[0]) baseline.push(ranked);
      if (variant === VARIANTS[0]) routers.push(loaded.loader.router);
      row[set.name] = { ...rankingStats(ranked), ...activationStats(ranked, loaded.loader.router) };
    }
    variants.push(row);
  }
  log('');
  table(
    [
      ['choice', ...sets.flatMap((s) => [`${s.name} top-1`, 'top-3', 'MRR', 'recall', 'false act.'])],
      ...variants.map((v) => [String(v['label']), ...sets.flatMap((s) => cells(v[s.name]))]),
    ],
    log,
  );
  const grid = THRESHOLDS.map((t) => ({
    ...t,
    ...Object.fromEntries(sets.map((s, i) => [s.name, activationStats(baseline[i] as Ranked[], routers[i] as Router, t)])),
  }));
  log('');
  table(
    [
      ['threshold', 'relative', 'max', ...sets.flatMap((s) => [`${s.name} recall`, 'false act.', 'mean act.'])],
      ...grid.map((g) => [
        String(g.threshold),
        String(g.relative),
        String(g.maxSearch),
        ...sets.flatMap((s) => actCells((g as Record<string, unknown>)[s.name])),
      ]),
    ],
    log,
  );
  return { variants, thresholds: grid };
}

function cells(stats: unknown): string[] {
  const s = stats as Record<string, number>;
  return [s['top1'], s['top3'], s['mrr'], s['recall'], s['falseActivation']].map((x) => String(x));
}

function actCells(stats: unknown): string[] {
  const s = stats as Record<string, number>;
  return [s['recall'], s['falseActivation'], s['meanActivated']].map((x) => String(x));
}
