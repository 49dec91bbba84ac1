// The usage prior: success rates from a usage profile, centred, as an opt-in multiplier on routed scores.
import { describe, expect, it } from 'vitest';
import { createRouter } from '../../src/routing/create-router.js';
import { createUsagePrior, withPrior } from '../../src/routing/usage-prior.js';
import { thrown } from '../support/errors.js';
import { skill } from '../support/routing-skills.js';

describe('createUsagePrior', () => {
  it('raises skills that succeed more than the others, lowers those that fail more, leaves unused ones alone', () => {
    const prior = createUsagePrior(
      [
        { name: 'good', outcome: 'success' },
        { name: 'good', outcome: 'success' },
        { name: 'bad', outcome: 'failure' },
        { name: 'bad', outcome: 'failure' },
        { name: 'ignored', outcome: 'neutral' },
        { name: 'ignored' },
      ],
      { weight: 0.2 },
    );
    expect(prior.counted).toBe(4);
    // Rates 3/4 and 1/4, mean 1/2: multipliers 1 ± 0.2 · 2 · 0.25.
    expect(prior.of('good')).toBeCloseTo(1.1);
    expect(prior.of('bad')).toBeCloseTo(0.9);
    expect(prior.of('ignored')).toBe(1);
    expect(prior.of('never-used')).toBe(1);
    prior.add({ name: 'bad', outcome: 'success' });
    expect(prior.of('bad')).toBeGreaterThan(0.9);
  });

  it('takes the app’s own outcome words and refuses a weight outside 0–1', () => {
    const prior = createUsagePrior(
      [
        { name: 'a', outcome: 'thumbs-up' },
        { name: 'b', outcome: 'thumbs-down' },
      ],
      { success: ['thumbs-up'], failure: ['thumbs-down'] },
    );
    expect(prior.of('a')).toBeGreaterThan(1);
    expect(prior.of('b')).toBeLessThan(1);
    expect(thrown(() => createUsagePrior([], { weight: 2 })).code).toBe('INVALID_INPUT');
  });

  it('re-ranks hits, scores capped at 1', () => {
    const hits = [
      { name: 'a', score: 0.6, terms: [], words: [], coverage: 1 },
      { name: 'b', score: 0.55, terms: [], words: [], coverage: 1 },
      { name: 'c', score: 0.99, terms: [], words: [], coverage: 1 },
    ];
    const factors: Record<string, number> = { a: 0.8, b: 1.1, c: 1.2 };
    expect(withPrior(hits, { of: (n) => factors[n] ?? 1 }).map((h) => [h.name, Math.round(h.score * 1000) / 1000])).toEqual([
      ['c', 1],
      ['b', 0.605],
      ['a', 0.48],
    ]);
  });

  it('is opt-in on a router: without it the ranking is unchanged', () => {
    const skills = [
      skill('invoice-export', { description: 'Export invoices as CSV files.' }),
      skill('invoice-archive', { description: 'Archive invoices as PDF files.' }),
    ];
    const plain = createRouter();
    plain.sync(skills);
    const turn = 'invoices';
    const before = plain.route(turn);
    expect(before.map((h) => h.name).sort()).toEqual(['invoice-archive', 'invoice-export']);
    const loser = before[1]?.name as string;
    const winner = before[0]?.name as string;
    const profile = createUsagePrior(
      [...Array(10)].flatMap(() => [
        { name: loser, outcome: 'success' },
        { name: winner, outcome: 'failure' },
      ]),
      { weight: 0.5 },
    );
    const withProfile = createRouter({ prior: profile });
    withProfile.sync(skills);
    expect(withProfile.route(turn)[0]?.name).toBe(loser);
    expect(plain.route(turn)).toEqual(before);
  });
});
