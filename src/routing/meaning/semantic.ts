/**
 * The blend of the sentence-embedding stage: cosine and lexical evidence in
 * one calibrated 0–1 score, so `threshold` and `relative` read the same with
 * an embedder as without one.
 * @module
 */
import { dot } from './embedder.js';
import type { RouteHit } from '../types.js';
import { BLENDED_DECISION, type DecisionRule } from '../decision/rule.js';

/** Tuning of the blend (docs/routing.md, "Routing by meaning"). */
export interface SemanticOptions {
  /** Share of the cosine in the blend, 0–1; the rest is the lexical score (default 0.75). */
  cosineWeight?: number;
  /** Factor on the blend that puts it on the lexical score's scale, so one threshold serves both (default 1). */
  scale?: number;
  /** `thresholdGrowth` of a fixed activation `threshold` for the blended score (default 0: as given). */
  thresholdGrowth?: number;
  /** The decision rule of `activateAsync`'s search stage on blended scores (default {@link BLENDED_DECISION}). */
  decision?: DecisionRule;
  /**
   * `relative` of activation for blended scores, unless the app sets one (default 0.75): cosines of unrelated skills
   * sit well above 0, so half the best score let in 1.7 others per right first place on the scale runs, 0.75 lets in 0.7.
   */
  relative?: number;
}

/** The measured defaults of {@link SemanticOptions}. */
export const DEFAULT_SEMANTIC_OPTIONS: Required<SemanticOptions> = {
  cosineWeight: 0.75,
  scale: 1,
  thresholdGrowth: 0,
  decision: BLENDED_DECISION,
  relative: 0.75,
};

/**
 * Every candidate ranked by min(1, scale × (w × cosine + (1 − w) × lexical)),
 * best first; a negative cosine counts as 0 and a skill with no evidence at all is left out.
 * Lexical hits keep their matched terms and words.
 */
export function blendHits(
  lexical: readonly RouteHit[],
  query: Float32Array,
  candidates: readonly (readonly [string, Float32Array])[],
  options: SemanticOptions = {},
): RouteHit[] {
  const { cosineWeight: w, scale } = { ...DEFAULT_SEMANTIC_OPTIONS, ...options };
  const byName = new Map(lexical.map((h) => [h.name, h]));
  const hits: RouteHit[] = [];
  for (const [name, vector] of candidates) {
    const hit = byName.get(name);
    const raw = w * Math.max(0, dot(query, vector)) + (1 - w) * (hit?.score ?? 0);
    if (raw > 0)
      hits.push({
        name,
        score: Math.round(Math.min(1, scale * raw) * 1e6) / 1e6,
        terms: hit?.terms ?? [],
        words: hit?.words ?? [],
        coverage: hit?.coverage ?? 0,
      });
  }
  // Equal scores fall back on the name, as lexical routing does.
  return hits.sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
