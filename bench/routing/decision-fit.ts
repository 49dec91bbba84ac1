/**
 * Fits the decision rule (src/routing/decision.ts) on the `tune` half of the
 * decision samples: a logistic regression of "this first place should
 * activate" — positives are correct first places of in-scope turns, negatives
 * turns that should activate nothing; wrong first places are left out — on
 * the rule's own features. Each skill set (base × size) weighs the same, and
 * within it positives and negatives weigh the same, so no one set or size
 * decides the rule. The intercept is then moved to the value that maximises
 * the worst slack against the targets (kept ≥ 90, false ≤ 15) over the
 * tune sets. Nothing is fitted to the `test` half.
 * @module
 */
import type { DecisionRule } from '../../src/routing/decision/rule.js';
import type { DecisionSample } from './decision-samples.js';
import { decisionInputOf, fires, recalled, relativeOf } from './routing-scale.js';

const FEATURES = ['score', 'margin', 'coverage', 'matchedShare', 'skills'] as const;

function featuresOf(s: DecisionSample): number[] {
  const input = decisionInputOf(s);
  return [s.scores[0] ?? 0, input.margin, input.coverage, input.matchedShare, Math.log(Math.max(1, input.skills))];
}

/** The rule fitted on the tune samples of one mode. */
export function fitDecision(
  samples: readonly DecisionSample[],
  mode: DecisionSample['mode'],
  options: { iterations?: number; l2?: number } = {},
): DecisionRule {
  const train = samples.filter((s) => s.mode === mode && s.split === 'tune' && (s.correct || !s.inScope));
  const counts = new Map<string, number>();
  const key = (s: DecisionSample): string => `${s.base}\u0000${s.size}\u0000${s.correct}`;
  for (const s of train) counts.set(key(s), (counts.get(key(s)) ?? 0) + 1);
  const x = train.map(featuresOf);
  const y = train.map((s) => (s.correct ? 1 : 0));
  const sw = train.map((s) => 1 / (counts.get(key(s)) as number));
  const w = logistic(x, y, sw, options.iterations ?? 2000, options.l2 ?? 1e-3);
  const rule = Object.fromEntries(FEATURES.map((f, j) => [f, round(w.weights[j] as number)])) as Record<(typeof FEATURES)[number], number>;
  const tune = samples.filter((s) => s.mode === mode && s.split === 'tune');
  return { ...rule, bias: round(bestBias({ ...rule, bias: w.bias }, tune)) };
}

/** Weighted logistic regression by gradient descent on standardised features; weights returned on the raw scale. */
function logistic(x: readonly number[][], y: readonly number[], sw: readonly number[], iterations: number, l2: number): { weights: number[]; bias: number } {
  const d = x[0]?.length ?? 0;
  const mean = Array.from({ length: d }, (_, j) => x.reduce((a, r) => a + (r[j] as number), 0) / x.length);
  const sd = Array.from({ length: d }, (_, j) => Math.sqrt(x.reduce((a, r) => a + ((r[j] as number) - (mean[j] as number)) ** 2, 0) / x.length) || 1);
  const z = x.map((r) => r.map((v, j) => (v - (mean[j] as number)) / (sd[j] as number)));
  const total = sw.reduce((a, b) => a + b, 0);
  const w = new Array<number>(d + 1).fill(0);
  for (let it = 0; it < iterations; it++) {
    const g = new Array<number>(d + 1).fill(0);
    z.forEach((r, i) => {
      let t = w[d] as number;
      for (let j = 0; j < d; j++) t += (r[j] as number) * (w[j] as number);
      const e = (sw[i] as number) * (1 / (1 + Math.exp(-t)) - (y[i] as number));
      for (let j = 0; j < d; j++) g[j] = (g[j] as number) + e * (r[j] as number);
      g[d] = (g[d] as number) + e;
    });
    for (let j = 0; j <= d; j++) w[j] = (w[j] as number) - 0.5 * ((g[j] as number) / total + (j < d ? l2 * (w[j] as number) : 0));
  }
  const weights = w.slice(0, d).map((v, j) => v / (sd[j] as number));
  return { weights, bias: (w[d] as number) - weights.reduce((a, v, j) => a + v * (mean[j] as number), 0) };
}

/** The intercept (searched around the fitted one) with the largest worst slack against kept ≥ 90 and false ≤ 15. */
function bestBias(rule: DecisionRule, samples: readonly DecisionSample[]): number {
  // Recall counts every in-scope turn (the right skill may rank below a wrong first place), so in-scope turns are back.
  const train = samples;
  const groups = new Map<string, DecisionSample[]>();
  for (const s of train) groups.set(`${s.base}\u0000${s.size}`, [...(groups.get(`${s.base}\u0000${s.size}`) ?? []), s]);
  let best = { bias: rule.bias, slack: -Infinity };
  const demoSize = Math.min(...train.filter((s) => s.base === 'demo').map((s) => s.size));
  for (let shift = -3; shift <= 2; shift += 0.05) {
    const r = { ...rule, bias: rule.bias + shift };
    let slack = Infinity;
    for (const g of groups.values()) {
      const pos = g.filter((s) => s.correct);
      const neg = g.filter((s) => !s.inScope);
      const kept = (100 * pos.filter((s) => fires(s, r)).length) / (pos.length || 1);
      const falseRate = (100 * neg.filter((s) => fires(s, r)).length) / (neg.length || 1);
      slack = Math.min(slack, kept - 90, 15 - falseRate);
      // On the demo's own skills: the right skill for 95% of its requests, something for at most 10% of chit-chat.
      if (g[0]?.base === 'demo' && g[0].size === demoSize) {
        const requests = g.filter((s) => s.inScope);
        const chat = neg.filter((s) => s.kind.endsWith('chit-chat'));
        const recall = (100 * requests.filter((s) => recalled(s, r, relativeOf(s.mode))).length) / (requests.length || 1);
        slack = Math.min(slack, recall - 95, 10 - (100 * chat.filter((s) => fires(s, r)).length) / (chat.length || 1));
      }
    }
    if (slack > best.slack) best = { bias: r.bias, slack };
  }
  return best.bias;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
