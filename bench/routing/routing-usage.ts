/**
 * The usage prior on the routing bench: does a usage profile help routing?
 * Each set's queries are shuffled (seeded) and split in two halves. The
 * first half plays a simulated outcome stream: each query routes, its top
 * skill activates, and the app reports `success` when that skill was an
 * expected one, `failure` when not; when the top skill was wrong and one was
 * expected, the user reaches the right one by name (a `success`); a query
 * expecting nothing that still activates a skill reports `failure`. The
 * second half is then ranked without and with `createUsagePrior(stream)` at
 * several weights, through the real loader and router.
 * @module
 */
import { createUsagePrior, type SkillPrior, type UsageOutcome } from '../../src/routing/usage-prior.js';
import { loadRoutingSet, readRoutingSet, type LoadedSet, type RoutingQuery } from './routing-data.js';
import { activatedNames, activationStats, rankAll, rankingStats, type ActivationStats, type RankingStats } from './routing-eval.js';

/** Prior weights measured (0: no prior, the baseline). */
export const USAGE_WEIGHTS = [0, 0.05, 0.1, 0.2, 0.3];

/** Accuracy on the held-out half at one prior weight, averaged over the seeds. */
export interface UsageRow extends RankingStats, ActivationStats {
  readonly weight: number;
}

/** The report of one set. */
export interface UsageReport {
  readonly set: string;
  readonly seeds: number;
  readonly streamEntries: number;
  readonly heldOutQueries: number;
  readonly rows: readonly UsageRow[];
}

/** Runs the usage-prior measurement over each file; logs one JSON line per set. */
export async function runUsageBench(files: readonly string[], log: (line: string) => void, seeds = 3): Promise<UsageReport[]> {
  const reports: UsageReport[] = [];
  for (const file of files) {
    let current: SkillPrior | undefined;
    const loaded = await loadRoutingSet(readRoutingSet(file), { prior: { of: (name) => current?.of(name) ?? 1 } });
    const rows = new Map<number, UsageRow[]>();
    let entries = 0;
    let heldOut = 0;
    for (let seed = 1; seed <= seeds; seed++) {
      const [history, test] = halves(loaded.set.queries, seed);
      current = undefined;
      const stream = outcomeStream(loaded, history);
      entries += stream.length;
      heldOut = test.length;
      const part: LoadedSet = { ...loaded, set: { ...loaded.set, queries: test } };
      for (const weight of USAGE_WEIGHTS) {
        current = createUsagePrior(stream, { weight });
        const ranked = rankAll(part);
        const row = { weight, ...rankingStats(ranked), ...activationStats(ranked, loaded.loader.router) };
        rows.set(weight, [...(rows.get(weight) ?? []), row]);
      }
    }
    const report: UsageReport = {
      set: loaded.set.name,
      seeds,
      streamEntries: Math.round(entries / seeds),
      heldOutQueries: heldOut,
      rows: [...rows.values()].map(mean),
    };
    log(JSON.stringify(report));
    reports.push(report);
  }
  return reports;
}

/** The simulated outcomes of routing `queries` with no prior. */
function outcomeStream(loaded: LoadedSet, queries: readonly RoutingQuery[]): UsageOutcome[] {
  const out: UsageOutcome[] = [];
  for (const q of queries) {
    const expected = q.expected.map((id) => loaded.names.get(id) as string);
    const hits = loaded.loader.router.route(q.text, { limit: 5 });
    if (expected.length === 0) {
      for (const name of activatedNames(hits, q.text, loaded.loader.router)) out.push({ name, outcome: 'failure' });
      continue;
    }
    const top = hits[0]?.name;
    if (top !== undefined) out.push({ name: top, outcome: expected.includes(top) ? 'success' : 'failure' });
    if (top === undefined || !expected.includes(top)) out.push({ name: expected[0] as string, outcome: 'success' });
  }
  return out;
}

/** The queries shuffled by a seeded generator, split in two halves. */
function halves(queries: readonly RoutingQuery[], seed: number): [RoutingQuery[], RoutingQuery[]] {
  const random = mulberry32(seed);
  const shuffled = [...queries];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j] as RoutingQuery, shuffled[i] as RoutingQuery];
  }
  const mid = Math.floor(shuffled.length / 2);
  return [shuffled.slice(0, mid), shuffled.slice(mid)];
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function mean(rows: readonly UsageRow[]): UsageRow {
  const avg = (key: Exclude<keyof UsageRow, 'weight'>): number => Math.round((rows.reduce((s, r) => s + r[key], 0) / rows.length) * 100) / 100;
  return {
    weight: rows[0]?.weight ?? 0,
    top1: avg('top1'),
    top3: avg('top3'),
    mrr: Math.round((rows.reduce((s, r) => s + r.mrr, 0) / rows.length) * 10_000) / 10_000,
    recall: avg('recall'),
    falseActivation: avg('falseActivation'),
    meanActivated: avg('meanActivated'),
  };
}
