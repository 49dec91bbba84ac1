/**
 * Thresholds at scale: each development set's tools mixed with real skills of
 * the corpus (`bench/data/corpus-skills.json`) into skill sets of 50 to 1,500,
 * routed lexically and (with an embedder) hybrid. In-scope turns are the set's
 * queries whose tools are all in the skill set; out-of-scope turns are the
 * set's own expected-nothing queries, the queries of its tools left out of a
 * smaller set, and `bench/data/out-of-scope.json` (chit-chat and requests no
 * skill covers). Reports top-1, the share of correct top-1 hits the default
 * threshold keeps, and false activation.
 * @module
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Embedder } from '../../src/routing/meaning/embedder.js';
import { DEFAULT_ACTIVATION_OPTIONS, searchHits, type ActivationOptions } from '../../src/routing/activation.js';
import { normalized } from '../../src/routing/meaning/embedder.js';
import type { RouteHit } from '../../src/routing/router.js';
import { blendHits, DEFAULT_SEMANTIC_OPTIONS } from '../../src/routing/meaning/semantic.js';
import { SkillVectors } from '../../src/routing/meaning/skill-vectors.js';
import { loadRoutingSet, type RoutingQuery, type RoutingSet, type RoutingTool } from './routing-data.js';
import { pct } from './routing-eval.js';

/** One skill set size of one base set, in one mode. */
export interface ScaleRow {
  readonly base: string;
  readonly skills: number;
  readonly mode: 'lexical' | 'hybrid';
  readonly inScope: number;
  readonly outOfScope: number;
  readonly top1: number;
  /** Share of correct top-1 hits that the default thresholds activate. */
  readonly keptTop1: number;
  /** Share of out-of-scope turns that activate anything, overall and for the project's own set. */
  readonly falseActivation: number;
  readonly falseActivationOwnSet: number;
}

/** Skill set sizes measured. */
export const SCALE_SIZES = [50, 150, 500, 1000, 1500] as const;
const MAX_IN_SCOPE = 400;

/** A deterministic shuffle (mulberry32), so every run measures the same sets. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let s = seed >>> 0;
  const next = (): number => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** The corpus skills as routing tools (descriptions capped at the spec's 1,024 characters). */
export function corpusTools(root: string): RoutingTool[] {
  const data = JSON.parse(readFileSync(join(root, 'bench', 'data', 'corpus-skills.json'), 'utf8')) as {
    skills: { id: string; name: string; description: string }[];
  };
  return data.skills.map((s) => ({ id: `corpus:${s.id}`, name: s.name, description: s.description.slice(0, 1024) }));
}

/** The project's own out-of-scope turns. */
export function ownOutOfScope(root: string): RoutingQuery[] {
  const data = JSON.parse(readFileSync(join(root, 'bench', 'data', 'out-of-scope.json'), 'utf8')) as { queries: { text: string }[] };
  return data.queries.map((q) => ({ text: q.text, expected: [] }));
}

/** Measures every size of one base set; `embedder` adds the hybrid rows. */
export async function measureScale(
  set: RoutingSet,
  corpus: readonly RoutingTool[],
  own: readonly RoutingQuery[],
  embedder?: Embedder,
  activation: ActivationOptions = {},
): Promise<ScaleRow[]> {
  const rows: ScaleRow[] = [];
  const vectorCache = new Map<string, Float32Array>();
  const queryVectors = new Map<string, Float32Array>();
  const o = { ...DEFAULT_ACTIVATION_OPTIONS, ...activation };
  for (const size of SCALE_SIZES) {
    const tools =
      size <= set.tools.length ? shuffled(set.tools, size).slice(0, size) : [...set.tools, ...shuffled(corpus, size).slice(0, size - set.tools.length)];
    const ids = new Set(tools.map((t) => t.id));
    const labelled = set.queries.filter((q) => q.expected.length > 0);
    const inScope = shuffled(
      labelled.filter((q) => q.expected.every((id) => ids.has(id))),
      size,
    ).slice(0, MAX_IN_SCOPE);
    const orphaned = shuffled(
      labelled.filter((q) => q.expected.every((id) => !ids.has(id))),
      size,
    ).slice(0, 200);
    const outOfScope = [...set.queries.filter((q) => q.expected.length === 0), ...orphaned, ...own];
    const { loader, names } = await loadRoutingSet({ ...set, tools, queries: [] });
    const lexical = (text: string): RouteHit[] => loader.router.route(text, { limit: loader.size });
    rows.push(scaleRow(set.name, loader.size, 'lexical', inScope, outOfScope, own, names, lexical, o));
    if (!embedder) continue;
    const vectors = new SkillVectors(embedder, vectorCache);
    vectors.sync(loader.getAll());
    await vectors.ready();
    const missing = [...new Set([...inScope, ...outOfScope].map((q) => q.text))].filter((t) => !queryVectors.has(t));
    (await embedder.embed(missing)).forEach((v, i) => queryVectors.set(missing[i] as string, normalized(v)));
    const candidates = vectors.candidates((a) => a === 'auto');
    const hybrid = (text: string): RouteHit[] => blendHits(lexical(text), queryVectors.get(text) as Float32Array, candidates);
    // As `activateAsync` does: the blended score's own threshold growth.
    rows.push(
      scaleRow(set.name, loader.size, 'hybrid', inScope, outOfScope, own, names, hybrid, {
        ...o,
        thresholdGrowth: activation.thresholdGrowth ?? DEFAULT_SEMANTIC_OPTIONS.thresholdGrowth,
      }),
    );
  }
  return rows;
}

function scaleRow(
  base: string,
  skills: number,
  mode: ScaleRow['mode'],
  inScope: readonly RoutingQuery[],
  outOfScope: readonly RoutingQuery[],
  own: readonly RoutingQuery[],
  names: ReadonlyMap<string, string>,
  rank: (text: string) => RouteHit[],
  o: Required<ActivationOptions>,
): ScaleRow {
  let correct = 0;
  let kept = 0;
  for (const q of inScope) {
    const hits = rank(q.text);
    const expected = new Set(q.expected.map((id) => names.get(id)));
    if (!expected.has(hits[0]?.name)) continue;
    correct++;
    if (searchHits(hits, o, skills).some((h) => h.name === hits[0]?.name)) kept++;
  }
  const ownTexts = new Set(own.map((q) => q.text));
  let fired = 0;
  let ownFired = 0;
  for (const q of outOfScope) {
    if (searchHits(rank(q.text), o, skills).length === 0) continue;
    fired++;
    if (ownTexts.has(q.text)) ownFired++;
  }
  return {
    base,
    skills,
    mode,
    inScope: inScope.length,
    outOfScope: outOfScope.length,
    top1: pct(correct / (inScope.length || 1)),
    keptTop1: pct(kept / (correct || 1)),
    falseActivation: pct(fired / (outOfScope.length || 1)),
    falseActivationOwnSet: pct(ownFired / (own.length || 1)),
  };
}
