import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createRouter, loadRouter } from '../../src/routing/create-router.js';
import { stopTermCaching } from '../../src/routing/query-search.js';
import { createTextPipeline } from '../../src/routing/text-pipeline.js';
import type { Router, RouterOptions } from '../../src/routing/router.js';
import { demoSkills, skill } from '../support/routing-skills.js';

const STOP = ['the', 'to', 'of', 'and', 'for', 'in', 'is', 'it', 'this', 'my', 'with', 'on', 'what', 'how', 'me', 'you', 'from', 'all'];
const CONTENT = ['merge', 'pdf', 'weather', 'rain', 'git', 'commit', 'refund', 'order', 'invoice', 'calendar', 'meeting', 'translate', '2024'];

/** Every hit, in full, as one search over every term gives it (`stopTermCaching` off) and as the cached path does. */
function bothWays(router: Router, text: string): { whole: unknown; cached: unknown } {
  const all = (): unknown => ({
    route: router.route(text, { limit: router.size, activation: 'any' }),
    intents: router.recognizeIntents(text, { limit: 100 }),
  });
  stopTermCaching.enabled = false;
  const whole = all();
  stopTermCaching.enabled = true;
  return { whole, cached: all() };
}

describe('the stop-term cache of the router search', () => {
  afterEach(() => {
    stopTermCaching.enabled = true;
  });

  it('uses words the pipeline reads as stop words and as content words', () => {
    const pipeline = createTextPipeline();
    expect(STOP.every((w) => pipeline.isStopTerm(pipeline.term(w, true) as string))).toBe(true);
    expect(CONTENT.some((w) => pipeline.isStopTerm(pipeline.term(w, true) as string))).toBe(false);
  });

  it('routes a query with stop and content words exactly as one search does', () => {
    const router = createRouter();
    router.sync(demoSkills());
    const { whole, cached } = bothWays(router, 'please merge all of the PDFs for me and check the weather in Paris');
    expect((whole as { route: unknown[] }).route.length).toBeGreaterThan(1);
    expect(cached).toStrictEqual(whole);
  });

  const text = fc.array(fc.constantFrom(...STOP, ...CONTENT), { minLength: 1, maxLength: 12 }).map((w) => w.join(' '));
  const skillArb = fc.record({
    name: fc.constantFrom('alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'),
    description: text,
    examples: fc.array(text, { maxLength: 3 }),
    tags: fc.array(fc.constantFrom(...CONTENT), { maxLength: 2 }),
    activation: fc.constantFrom('auto' as const, 'intent-matched' as const, 'manual' as const),
  });
  const op = fc.oneof(
    { weight: 3, arbitrary: skillArb.map((s) => ({ upsert: s })) },
    { weight: 1, arbitrary: fc.constantFrom('alpha', 'beta', 'gamma').map((name) => ({ remove: name })) },
  );
  // The default tuning, and variants the cache must also keep exact: another stop weight, a feedback pass.
  const tuning = fc.constantFrom<RouterOptions>({}, {}, { stopWordWeight: 0.5 }, { experimental: { feedback: { docs: 2, terms: 3, weight: 0.3 } } });

  it('gives the same hits, scores, terms, words and coverage as one search, through upserts and removals', () => {
    fc.assert(
      fc.property(tuning, fc.array(op, { maxLength: 12 }), fc.array(text, { minLength: 1, maxLength: 4 }), (options, ops, queries) => {
        const router = createRouter(options);
        for (const o of ops) {
          if ('remove' in o) router.remove(o.remove);
          else {
            const { name, description, examples, tags, activation } = o.upsert;
            const intents = activation === 'intent-matched' ? { intents: [name] } : {};
            router.upsert(skill(name, { description: `${description}.`, examples, tags, activation, ...intents }));
          }
          // Routed after every change, so a score kept from before the change would show.
          for (const q of queries) {
            const { whole, cached } = bothWays(router, q);
            expect(cached).toStrictEqual(whole);
          }
        }
        const loaded = loadRouter(JSON.parse(JSON.stringify(router.toJSON())), options);
        for (const q of queries) {
          const { whole, cached } = bothWays(loaded, q);
          expect(cached).toStrictEqual(whole);
        }
      }),
      { numRuns: 200 },
    );
  });
});
