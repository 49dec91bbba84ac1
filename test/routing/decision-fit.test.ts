// The bench's side of the decision rule: the fit on tune samples, the rows it reports, and that a sample's threshold
// is the one the library computes for the same ranking (or the shipped numbers would be judged on another rule).
import { describe, expect, it } from 'vitest';
import { fitDecision } from '../../bench/routing/decision-fit.js';
import type { DecisionSample } from '../../bench/routing/decision-samples.js';
import { OLD_RULES, fires, sampleThreshold, scaleRows } from '../../bench/routing/routing-scale.js';
import { LEXICAL_DECISION } from '../../src/routing/decision/rule.js';
import { DEFAULT_ACTIVATION_OPTIONS, searchThreshold } from '../../src/routing/decision/search.js';

/** A deterministic sample: an in-scope right first place (`correct`) or an out-of-scope turn. */
function sample(i: number, correct: boolean, size: number, split: 'tune' | 'test'): DecisionSample {
  const jitter = ((i * 7919) % 100) / 1000;
  const first = correct ? 0.55 + jitter : 0.3 + jitter;
  return {
    base: 'synthetic',
    size,
    mode: 'lexical',
    split,
    kind: correct ? 'request' : 'chit-chat',
    text: `turn ${i}`,
    top: 'a',
    inScope: correct,
    correct,
    scores: [first, first - (correct ? 0.3 : 0.05)],
    expectedAt: correct ? 0 : -1,
    coverage: correct ? 0.9 : 0.5,
    contentTerms: 3,
    matchedTerms: correct ? 3 : 1,
    labelTerms: 0,
    topExamples: 0,
  };
}

const samples = [10, 200].flatMap((size) => Array.from({ length: 200 }, (_, i) => sample(i, i % 2 === 0, size, i % 4 < 2 ? 'tune' : 'test')));

describe('the decision fit', () => {
  it('fits a rule that separates what the tune half separates, and judges it on the test half', () => {
    const rule = fitDecision(samples, 'lexical', { iterations: 500 });
    expect(rule.score).toBeGreaterThan(0);
    const [row] = scaleRows(samples, { lexical: rule, hybrid: rule }, 'test');
    expect(row).toMatchObject({ base: 'synthetic', split: 'test', top1: 100, keptTop1: 100, falseActivation: 0, falseChitChat: 0 });
  });

  it('reports kept, recall and false activation as shares of the right turns', () => {
    const fixed = { fixed: 0.5, growth: 0 };
    const rows = scaleRows(samples, { lexical: fixed, hybrid: fixed }, 'test');
    const small = rows.find((r) => r.skills === 10);
    // Right first places score 0.55–0.65 and pass 0.5; out-of-scope ones score 0.30–0.40 and do not.
    expect(small).toMatchObject({ inScope: 50, outOfScope: 50, keptTop1: 100, recall: 100, falseActivation: 0 });
    const strict = scaleRows(samples, { lexical: { fixed: 0.6, growth: 0 }, hybrid: fixed }, 'test').find((r) => r.skills === 10);
    expect(strict?.keptTop1).toBeGreaterThan(0);
    expect(strict?.keptTop1).toBeLessThan(100);
    expect(OLD_RULES.lexical).toEqual({ fixed: 0.51, growth: 0.07 });
  });

  it('computes the threshold of a sample as the search stage does for the same ranking', () => {
    for (const s of samples.slice(0, 20)) {
      const hits = s.scores.map((score, i) => ({
        name: `s${i}`,
        score,
        terms: i === 0 ? ['x', 'y', 'z'].slice(0, s.matchedTerms) : [],
        words: [],
        coverage: i === 0 ? s.coverage : 0,
      }));
      const input = { skills: s.size, contentTerms: s.contentTerms, isStopTerm: () => false };
      expect(sampleThreshold(s, LEXICAL_DECISION)).toBe(searchThreshold(hits, DEFAULT_ACTIVATION_OPTIONS, input));
      expect(fires(s, LEXICAL_DECISION)).toBe((s.scores[0] as number) >= searchThreshold(hits, DEFAULT_ACTIVATION_OPTIONS, input));
    }
  });
});
