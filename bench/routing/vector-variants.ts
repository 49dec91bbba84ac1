/**
 * `npm run bench -- vectors`: recipes of a skill's vector for the embedding stage, measured by hybrid top-1, top-3
 * and MRR on the development sets (every query, blended with the lexical score as `routeAsync` does). The shipped
 * recipe is `SkillVectors`' (description, blended with the mean of the examples).
 * @module
 */
import { dot, meanDirection, normalized } from '../../src/routing/meaning/embedder.js';
import type { RouteHit } from '../../src/routing/router.js';
import { defaultRoutingFiles, loadRoutingSet, readRoutingSet, type RoutingTool } from './routing-data.js';
import { loadBenchEmbedder } from './routing-hybrid.js';
import { rankingStats } from './routing-eval.js';
import { table } from '../stats.js';

type Recipe = (tool: RoutingTool, name: string) => { texts: string[]; combine: (v: Float32Array[], q: Float32Array) => number };

const weighed = (a: Float32Array, b: Float32Array, w: number): Float32Array => normalized(a.map((x, i) => w * x + (1 - w) * (b[i] ?? 0)));

/** The recipes measured. */
const RECIPES: Record<string, Recipe> = {
  shipped: (t) => ({
    texts: [t.description, ...(t.examples ?? [])],
    combine: ([d, ...ex], q) => dot(q, ex.length ? weighed(d as Float32Array, meanDirection(ex, d?.length ?? 0), 0.2) : (d as Float32Array)),
  }),
  'name + description': (t, name) => ({
    texts: [`${name.replace(/-/g, ' ')}: ${t.description}`, ...(t.examples ?? [])],
    combine: ([d, ...ex], q) => dot(q, ex.length ? weighed(d as Float32Array, meanDirection(ex, d?.length ?? 0), 0.2) : (d as Float32Array)),
  }),
  'max over sentences': (t) => {
    const sentences = t.description.split(/(?<=[.!?])\s+/).filter((s) => s.trim() !== '');
    return {
      texts: [t.description, ...sentences, ...(t.examples ?? [])],
      combine: (v, q) => {
        const [d, ...rest] = v;
        const s = rest.slice(0, sentences.length);
        const ex = rest.slice(sentences.length);
        const whole = dot(q, ex.length ? weighed(d as Float32Array, meanDirection(ex, d?.length ?? 0), 0.2) : (d as Float32Array));
        return Math.max(whole, ...s.map((x) => 0.9 * dot(q, x)));
      },
    };
  },
  'max example': (t) => ({
    texts: [t.description, ...(t.examples ?? [])],
    combine: ([d, ...ex], q) => {
      const whole = dot(q, ex.length ? weighed(d as Float32Array, meanDirection(ex, d?.length ?? 0), 0.2) : (d as Float32Array));
      return ex.length ? 0.5 * whole + 0.5 * Math.max(...ex.map((x) => dot(q, x))) : whole;
    },
  }),
};

type Blend = (cosine: number, lexical: number, bestLexical: number) => number;

/** Blends of a recipe's cosine with the lexical score: `blendHits`' (w · cosine + (1 − w) · lexical) at several w, and variants. */
const BLENDS: Record<string, Blend> = {
  'w 0.6': (c, l) => 0.6 * Math.max(0, c) + 0.4 * l,
  'w 0.65': (c, l) => 0.65 * Math.max(0, c) + 0.35 * l,
  'w 0.7': (c, l) => 0.7 * Math.max(0, c) + 0.3 * l,
  'w 0.75': (c, l) => 0.75 * Math.max(0, c) + 0.25 * l,
  'w 0.8': (c, l) => 0.8 * Math.max(0, c) + 0.2 * l,
  'w 0.7 + 0.1 share of best': (c, l, b) => 0.7 * Math.max(0, c) + 0.3 * l + 0.1 * (b > 0 ? l / b : 0),
  'w 0.7, cosine squared': (c, l) => 0.7 * Math.max(0, c) ** 2 + 0.3 * l,
  'w 0.7, cosine ^ 1.5': (c, l) => 0.7 * Math.max(0, c) ** 1.5 + 0.3 * l,
};

/** Measures every recipe on both development sets; logs a table. */
export async function runVectorVariants(log: (line: string) => void = console.log): Promise<unknown> {
  const root = process.env['SATCHEL_ROOT'] ?? process.cwd();
  const { embedder } = await loadBenchEmbedder(undefined);
  const rows: Record<string, Record<string, ReturnType<typeof rankingStats>>> = {};
  for (const set of defaultRoutingFiles(root).map(readRoutingSet)) {
    const { loader, names } = await loadRoutingSet(set);
    const queries = set.queries.filter((q) => q.expected.length > 0);
    const qv = (await embedder.embed(queries.map((q) => q.text))).map((v) => normalized(v));
    for (const [label, recipe] of Object.entries(RECIPES)) {
      const made = set.tools.map((t) => ({ name: names.get(t.id) as string, ...recipe(t, names.get(t.id) as string) }));
      const vectors = (await embedder.embed(made.flatMap((m) => m.texts))).map((v) => normalized(v));
      let at = 0;
      const own = made.map((m) => {
        const v = vectors.slice(at, at + m.texts.length);
        at += m.texts.length;
        return { name: m.name, v, combine: m.combine };
      });
      const cosines = queries.map((_, i) => own.map((o) => o.combine(o.v, qv[i] as Float32Array)));
      const lexicals = queries.map((q) => new Map(loader.router.route(q.text, { limit: loader.size }).map((h) => [h.name, h.score])));
      const blends = label === 'shipped' ? BLENDS : { 'w 0.7': BLENDS['w 0.7'] as Blend };
      for (const [blendLabel, blend] of Object.entries(blends)) {
        const ranked = queries.map((q, i) => {
          const lexical = lexicals[i] as Map<string, number>;
          const best = Math.max(0, ...lexical.values());
          const hits: RouteHit[] = own
            .map((o, j) => ({
              name: o.name,
              score: blend((cosines[i] as number[])[j] as number, lexical.get(o.name) ?? 0, best),
              terms: [],
              words: [],
              coverage: 0,
            }))
            .sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : 1));
          return { text: q.text, expected: new Set(q.expected.map((id) => names.get(id) as string)), hits };
        });
        (rows[`${label}, ${blendLabel}`] ??= {})[set.name] = rankingStats(ranked);
      }
    }
  }
  embedder.dispose();
  const setNames = Object.keys(rows['shipped, w 0.7'] ?? {});
  table(
    [
      ['recipe', ...setNames.flatMap((s) => [`${s} top-1`, 'top-3', 'MRR'])],
      ...Object.entries(rows).map(([label, r]) => [label, ...setNames.flatMap((s) => [String(r[s]?.top1), String(r[s]?.top3), String(r[s]?.mrr)])]),
    ],
    log,
  );
  return rows;
}
