/**
 * Samples for the decision rule: every turn of every skill set the scale
 * runs draw (bench/routing/scale-bases.ts), ranked lexically and (with an
 * embedder) blended, reduced to what activation reads of the ranking — the
 * best and second scores, the best hit's coverage, the set's size — and
 * whether the best hit is right (in-scope turns) or the turn should activate
 * nothing (out of scope).
 * @module
 */
import type { Embedder } from '../../src/routing/meaning/embedder.js';
import { dot, normalized } from '../../src/routing/meaning/embedder.js';
import type { RouteHit } from '../../src/routing/router.js';
import { blendHits } from '../../src/routing/meaning/semantic.js';
import { SkillVectors } from '../../src/routing/meaning/skill-vectors.js';
import { loadRoutingSet, type RoutingQuery, type RoutingTool } from './routing-data.js';
import { splitOf, type ScaleBase } from './scale-bases.js';

/** One turn routed in one skill set, in one mode. */
export interface DecisionSample {
  readonly base: string;
  readonly size: number;
  readonly mode: 'lexical' | 'hybrid';
  readonly split: 'tune' | 'test';
  /** Own out-of-scope turns of the project, chit-chat, … (the query's `kind`), or `request`/`orphan`. */
  readonly kind: string;
  /** The turn, and the best hit's name. */
  readonly text: string;
  readonly top: string;
  /** True for a turn one of whose expected skills is in the set. */
  readonly inScope: boolean;
  /** True when the best hit is an expected skill (in-scope turns only). */
  readonly correct: boolean;
  /** The ranking: best hits' scores (up to 3) and the best hit's coverage (0 when nothing matched). */
  readonly scores: readonly number[];
  /** Rank of the first expected skill among the best three hits (-1: not there, or out of scope). */
  readonly expectedAt: number;
  readonly coverage: number;
  /** Content (non-stop) terms of the turn, and how many of them the best hit matched. */
  readonly contentTerms: number;
  readonly matchedTerms: number;
  /** Matched content terms that are in the best hit's name, intents, examples or tags (not only its description or body). */
  readonly labelTerms: number;
  /** How many examples the best hit's skill has. */
  readonly topExamples: number;
  /** Hybrid: the best hit's cosine and lexical score. */
  readonly cosine?: number;
  readonly lexical?: number;
}

/** A deterministic shuffle (mulberry32), so every run draws the same sets. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
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

/** The skill set of `size` drawn from a base: its own tools first (those with turns preferred), padded with corpus skills. */
export function drawTools(base: ScaleBase, size: number, corpus: readonly RoutingTool[]): RoutingTool[] {
  const wanted = new Set(base.queries.flatMap((q) => q.expected));
  const pool = shuffled(base.tools, size);
  const tools = [...pool.filter((t) => wanted.has(t.id)), ...pool.filter((t) => !wanted.has(t.id))].slice(0, size);
  const ids = new Set(tools.map((t) => t.id));
  const padding = shuffled(
    corpus.filter((t) => !ids.has(t.id)),
    size + 1,
  ).slice(0, Math.max(0, size - tools.length));
  return [...tools, ...padding];
}

/** Turns of a skill set: in scope (an expected skill is in it) and out of scope (none is, or none is expected). */
function turnsOf(
  base: ScaleBase,
  ids: ReadonlySet<string>,
  own: readonly RoutingQuery[],
  size: number,
): { query: RoutingQuery; inScope: boolean; kind: string }[] {
  const out: { query: RoutingQuery; inScope: boolean; kind: string }[] = [];
  const labelled = base.queries.filter((q) => q.expected.length > 0);
  const inScope = labelled.filter((q) => q.expected.some((id) => ids.has(id)));
  const orphaned = shuffled(
    labelled.filter((q) => !q.expected.some((id) => ids.has(id))),
    size,
  ).slice(0, 400);
  for (const q of shuffled(inScope, size).slice(0, 800)) out.push({ query: q, inScope: true, kind: q.kind ?? 'request' });
  for (const q of orphaned) out.push({ query: q, inScope: false, kind: 'orphan' });
  for (const q of base.queries.filter((q) => q.expected.length === 0)) out.push({ query: q, inScope: false, kind: q.kind ?? 'none' });
  for (const q of own) {
    if (base.coversChitChat && q.kind === 'chit-chat') continue;
    out.push({ query: q, inScope: false, kind: `own:${q.kind ?? 'none'}` });
  }
  return out;
}

/** Every sample of one base. */
export async function baseSamples(
  base: ScaleBase,
  corpus: readonly RoutingTool[],
  own: readonly RoutingQuery[],
  embedder: Embedder | undefined,
  caches: { skills: Map<string, Float32Array>; queries: Map<string, Float32Array> },
): Promise<DecisionSample[]> {
  const out: DecisionSample[] = [];
  for (const size of base.sizes) {
    const tools = drawTools(base, size, corpus);
    const { loader, names } = await loadRoutingSet({ name: base.name, tools, queries: [] });
    const ids = new Set(tools.map((t) => t.id));
    const turns = turnsOf(base, ids, own, size);
    const n = loader.router.size;
    const lexical = (text: string): RouteHit[] => loader.router.route(text, { limit: n, activation: 'any' });
    const pipeline = loader.router.pipeline;
    const content = (terms: readonly string[]): number => terms.filter((term) => !pipeline.isStopTerm(term)).length;
    const labels = new Map<string, Set<string>>();
    const labelsOf = (name: string): Set<string> => {
      let got = labels.get(name);
      if (!got) {
        const skill = loader.getByName(name);
        const text = skill ? [skill.name, ...(skill.intents ?? []), ...(skill.examples ?? []), ...(skill.tags ?? [])].join('\n') : '';
        got = new Set(pipeline.terms(text));
        labels.set(name, got);
      }
      return got;
    };
    const extra = new Map<string, { cosine: number; lexical: number }>();
    const push = (mode: DecisionSample['mode'], rank: (text: string) => RouteHit[]): void => {
      for (const t of turns) {
        const hits = rank(t.query.text);
        const more = mode === 'hybrid' ? extra.get(`${t.query.text}\u0000${hits[0]?.name}`) : undefined;
        const expected = new Set(t.query.expected.map((id) => names.get(id)));
        out.push({
          base: base.name,
          size: n,
          mode,
          split: splitOf(t.query),
          kind: t.kind,
          text: t.query.text,
          top: hits[0]?.name ?? '',
          topExamples: loader.getByName(hits[0]?.name ?? '')?.examples?.length ?? 0,
          inScope: t.inScope,
          correct: t.inScope && expected.has(hits[0]?.name),
          scores: hits.slice(0, 3).map((h) => h.score),
          expectedAt: hits.slice(0, 3).findIndex((h) => expected.has(h.name)),
          coverage: hits[0]?.coverage ?? 0,
          contentTerms: content(pipeline.queryTerms(t.query.text)),
          matchedTerms: content(hits[0]?.terms ?? []),
          labelTerms: content((hits[0]?.terms ?? []).filter((term) => labelsOf(hits[0]?.name ?? '').has(term))),
          ...(more ?? {}),
        });
      }
    };
    push('lexical', lexical);
    if (!embedder) continue;
    const vectors = new SkillVectors(embedder, caches.skills);
    vectors.sync(loader.getAll());
    await vectors.ready();
    const missing = [...new Set(turns.map((t) => t.query.text))].filter((t) => !caches.queries.has(t));
    for (let i = 0; i < missing.length; i += 256) {
      const batch = missing.slice(i, i + 256);
      (await embedder.embed(batch)).forEach((v, j) => caches.queries.set(batch[j] as string, normalized(v)));
    }
    const candidates = vectors.candidates(() => true);
    const vectorOf = new Map(candidates);
    push('hybrid', (text) => {
      const query = caches.queries.get(text) as Float32Array;
      const lex = lexical(text);
      const hits = blendHits(lex, query, candidates);
      const top = hits[0];
      if (top)
        extra.set(`${text}\u0000${top.name}`, {
          cosine: dot(query, vectorOf.get(top.name) as Float32Array),
          lexical: lex.find((h) => h.name === top.name)?.score ?? 0,
        });
      return hits;
    });
  }
  return out;
}
