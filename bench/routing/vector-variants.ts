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
      const ranked = queries.map((q, i) => {
        const query = qv[i] as Float32Array;
        const lexical = new Map(loader.router.route(q.text, { limit: loader.size }).map((h) => [h.name, h.score]));
        // The blend of `blendHits` (0.7 cosine + 0.3 lexical, scale 1), with the recipe's cosine.
        const hits: RouteHit[] = own
          .map((o) => ({ name: o.name, score: Math.min(1, 0.7 * Math.max(0, o.combine(o.v, query)) + 0.3 * (lexical.get(o.name) ?? 0)), terms: [], words: [], coverage: 0 }))
          .sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : 1));
        return { text: q.text, expected: new Set(q.expected.map((id) => names.get(id) as string)), hits };
      });
      (rows[label] ??= {})[set.name] = rankingStats(ranked);
    }
  }
  embedder.dispose();
  const setNames = Object.keys(rows['shipped'] ?? {});
  table(
    [
      ['recipe', ...setNames.flatMap((s) => [`${s} top-1`, 'top-3', 'MRR'])],
      ...Object.entries(rows).map(([label, r]) => [label, ...setNames.flatMap((s) => [String(r[s]?.top1), String(r[s]?.top3), String(r[s]?.mrr)])]),
    ],
    log,
  );
  return rows;
}
