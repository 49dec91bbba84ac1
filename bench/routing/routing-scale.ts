/**
 * Activation at scale, read from the decision samples (bench/routing/decision-samples.ts): per base, skill set
 * size and mode, top-1, the share of correct first places the decision rule activates ("kept"), recall (an
 * expected skill activates) and false activation (a turn that should activate nothing activates something), on
 * the turns of one split. Targets of issue 25: kept ≥ 90 and false ≤ 15 at every size; on the demo's skills
 * recall ≥ 95 on its requests and false ≤ 10 on chit-chat.
 * @module
 */
import { ruleThreshold, type DecisionInput, type DecisionRule } from '../../src/routing/decision/rule.js';
import { DEFAULT_ACTIVATION_OPTIONS, scaledThreshold } from '../../src/routing/decision/search.js';
import { DEFAULT_SEMANTIC_OPTIONS } from '../../src/routing/meaning/semantic.js';
import type { DecisionSample } from './decision-samples.js';
import { pct } from './routing-eval.js';

/** One skill set size of one base, in one mode. */
export interface ScaleRow {
  readonly base: string;
  readonly skills: number;
  readonly mode: 'lexical' | 'hybrid';
  readonly split: 'tune' | 'test';
  readonly inScope: number;
  readonly outOfScope: number;
  readonly top1: number;
  readonly keptTop1: number;
  readonly recall: number;
  readonly falseActivation: number;
  /** False activation on chit-chat turns alone (the demo's own and the project's). */
  readonly falseChitChat: number;
}

/** A decision rule, or a fixed threshold rising by `growth` per e-fold of skills over 200 (the rule before issue 25). */
export type SampleRule = DecisionRule | { readonly fixed: number; readonly growth: number };

/** The old defaults: 0.51, rising by 0.07 per e-fold over 200 skills (0.025 for blended scores). */
export const OLD_RULES: Readonly<Record<'lexical' | 'hybrid', SampleRule>> = { lexical: { fixed: 0.51, growth: 0.07 }, hybrid: { fixed: 0.51, growth: 0.025 } };

/** What the decision rule reads of a sample's ranking, as `searchThreshold` reads it of a ranking. */
export function decisionInputOf(s: DecisionSample): DecisionInput {
  const [first = 0, second = 0] = s.scores;
  return { margin: first - second, coverage: s.coverage, matchedShare: s.contentTerms > 0 ? Math.min(1, s.matchedTerms / s.contentTerms) : 0, skills: s.size };
}

/** The least score the sample's first place needs under `rule`, as `decideSearch` computes it. */
export function sampleThreshold(s: DecisionSample, rule: SampleRule): number {
  if ('fixed' in rule) return scaledThreshold({ threshold: rule.fixed, thresholdGrowth: rule.growth }, s.size);
  return ruleThreshold(rule, decisionInputOf(s));
}

/** The `relative` share activation applies to scores of a mode: lexical or blended. */
export function relativeOf(mode: DecisionSample['mode']): number {
  return mode === 'hybrid' ? DEFAULT_SEMANTIC_OPTIONS.relative : DEFAULT_ACTIVATION_OPTIONS.relative;
}

/** True when the sample's first place activates. */
export function fires(s: DecisionSample, rule: SampleRule): boolean {
  return s.scores.length > 0 && (s.scores[0] as number) >= sampleThreshold(s, rule);
}

/** True when an expected skill activates: the first place fires and the expected one is within `relative` of it (maxSearch 3; `relative` 0.5 lexical, 0.75 blended). */
export function recalled(s: DecisionSample, rule: SampleRule, relative = 0.5): boolean {
  if (s.expectedAt < 0 || !fires(s, rule)) return false;
  return (s.scores[s.expectedAt] as number) >= (s.scores[0] as number) * relative;
}

/** The rows of every base, size and mode of `samples`, on one split, with a rule per mode. */
export function scaleRows(samples: readonly DecisionSample[], rules: Readonly<Record<'lexical' | 'hybrid', SampleRule>>, split: 'tune' | 'test'): ScaleRow[] {
  const groups = new Map<string, DecisionSample[]>();
  for (const s of samples) {
    if (s.split !== split) continue;
    const key = `${s.base}\u0000${s.size}\u0000${s.mode}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  return [...groups.values()].map((g) => {
    const first = g[0] as DecisionSample;
    const rule = rules[first.mode];
    const relative = relativeOf(first.mode);
    const inScope = g.filter((s) => s.inScope);
    const correct = inScope.filter((s) => s.correct);
    const out = g.filter((s) => !s.inScope);
    const chat = out.filter((s) => s.kind.endsWith('chit-chat'));
    const share = (part: number, whole: number): number => pct(part / (whole || 1));
    return {
      base: first.base,
      skills: first.size,
      mode: first.mode,
      split,
      inScope: inScope.length,
      outOfScope: out.length,
      top1: share(correct.length, inScope.length),
      keptTop1: share(correct.filter((s) => fires(s, rule)).length, correct.length),
      recall: share(inScope.filter((s) => recalled(s, rule, relative)).length, inScope.length),
      falseActivation: share(out.filter((s) => fires(s, rule)).length, out.length),
      falseChitChat: share(chat.filter((s) => fires(s, rule)).length, chat.length),
    };
  });
}
