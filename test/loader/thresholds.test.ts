// `activationThresholds()`: the thresholds activation applies now, read from the loader and from the page — the
// configured ones scaled to the routable skills, the blended score's own growth once activateAsync blends.
import { describe, expect, it } from 'vitest';
import { BLENDED_DECISION, LEXICAL_DECISION, ruleThreshold } from '../../src/routing/decision/rule.js';
import { SkillLoader } from '../../src/loader/loader.js';
import { memorySource } from '../../src/sources/memory.js';
import { routingMd } from '../support/routing-skills.js';
import { conceptEmbedder } from '../support/concept-embedder.js';
import { inProcess } from '../support/in-process-runtime.js';

const files = {
  'expenses/SKILL.md': routingMd('expenses', { description: 'Turn invoices into a spreadsheet.' }),
  'weather-report/SKILL.md': routingMd('weather-report', { description: 'Current weather and forecasts for a city.', examples: ['will it rain tomorrow'] }),
  'refunds/SKILL.md': routingMd('refunds', { description: 'Handle refund requests for orders.', activation: 'intent-matched', intents: ['refund_request'] }),
  'researcher/SKILL.md': routingMd('researcher', { description: 'Fan out searches over the corpus.', activation: 'manual' }),
};

/** `count` routable skills with distinct made-up vocabularies. */
function manySkills(count: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < count; i++)
    out[`topic-${i}/SKILL.md`] = routingMd(`topic-${i}`, { description: `Answer questions about subject zq${i}x and its zq${i}y.` });
  return out;
}

describe('activationThresholds', () => {
  it('reports the defaults for a small skill set, counting only routable skills', async () => {
    const loader = new SkillLoader({ builtin: memorySource(files) });
    await loader.loadAll();
    // No fixed threshold: the decision rule's, for a first place tied with its runner-up that matched the whole turn.
    const threshold = ruleThreshold(LEXICAL_DECISION, { margin: 0, coverage: 1, matchedShare: 1, skills: 3 });
    expect(loader.activationThresholds()).toEqual({
      threshold,
      asyncThreshold: threshold,
      blending: false,
      rule: true,
      intentThreshold: 0.51,
      relative: 0.7,
      asyncRelative: 0.7,
      maxSearch: 3,
      skills: 3,
    });
    expect(loader.activationThresholds({ threshold: 0.4 })).toMatchObject({ threshold: 0.4, rule: false });
  });

  it('takes the loader routing options, then the call options, as activate does', async () => {
    const loader = new SkillLoader({ builtin: memorySource(files), routing: { threshold: 0.3, relative: 0.7, maxSearch: 2 } });
    await loader.loadAll();
    expect(loader.activationThresholds({ maxSearch: 1, intentThreshold: 0.8 })).toMatchObject({
      threshold: 0.3,
      relative: 0.7,
      maxSearch: 1,
      intentThreshold: 0.8,
    });
    // The reported threshold is the one activate applies: just above the best hit's score nothing activates.
    const [best] = loader.route('will it rain tomorrow');
    const score = best?.score ?? 0;
    expect(score).toBeGreaterThan(0);
    expect(loader.activate('will it rain tomorrow', { threshold: score }).map((a) => a.skill.name)).toEqual(['weather-report']);
    expect(loader.activationThresholds({ threshold: score + 0.001 }).threshold).toBe(score + 0.001);
    expect(loader.activate('will it rain tomorrow', { threshold: score + 0.001 })).toEqual([]);
  });

  it('rises with the skill count, by the blended rule once activateAsync blends', async () => {
    let open!: () => void;
    const embedder = conceptEmbedder({ gate: new Promise<void>((resolve) => (open = resolve)) });
    const loader = new SkillLoader({ builtin: memorySource(manySkills(400)), routing: { embedder } });
    await loader.loadAll();
    const probe = { margin: 0, coverage: 1, matchedShare: 1, skills: 400 };
    const lexical = ruleThreshold(LEXICAL_DECISION, probe);
    expect(lexical).toBeGreaterThan(ruleThreshold(LEXICAL_DECISION, { ...probe, skills: 3 }));
    const before = loader.activationThresholds();
    expect(before.skills).toBe(400);
    expect(before.threshold).toBeCloseTo(lexical, 10);
    // Until every vector is ready activateAsync answers lexically, so its threshold is the lexical one.
    expect(before).toMatchObject({ blending: false, asyncThreshold: before.threshold });
    // A ranking routeAsync made lexically is explained by the lexical rule.
    const turn = 'questions about subject zq7x';
    expect((await loader.routeAsync(turn))[0]?.threshold).toBe(loader.route(turn)[0]?.threshold);
    open();
    await loader.embeddingsReady();
    const after = loader.activationThresholds();
    expect(after.blending).toBe(true);
    expect(after.threshold).toBeCloseTo(lexical, 10);
    expect(after.asyncThreshold).toBeCloseTo(ruleThreshold(BLENDED_DECISION, probe), 10);
    // Once it blends, its ranking carries the blended rule's threshold for that ranking.
    const [blendedFirst] = await loader.routeAsync(turn);
    const [lexicalFirst] = loader.route(turn);
    expect(blendedFirst?.threshold).not.toBe(lexicalFirst?.threshold);
    // A fixed threshold rises only by the growth the app sets, for both scores.
    expect(loader.activationThresholds({ threshold: 0.51 })).toMatchObject({ threshold: 0.51, asyncThreshold: 0.51 });
    // A growth the app sets applies to both scores.
    const set = loader.activationThresholds({ threshold: 0.51, thresholdGrowth: 0.1 });
    expect(set.asyncThreshold).toBeCloseTo(0.51 + 0.1 * Math.log(2), 10);
    expect(set.threshold).toBeCloseTo(set.asyncThreshold, 10);
  });

  it('answers the page as the loader answers in the worker', async () => {
    const { client, runtime } = inProcess({ builtin: memorySource(files), routing: { threshold: 0.42 } });
    await client.loadAll();
    expect(await client.activationThresholds({ relative: 0.6 })).toEqual(runtime.loader.activationThresholds({ relative: 0.6 }));
    expect((await client.activationThresholds()).threshold).toBe(0.42);
  });
});
