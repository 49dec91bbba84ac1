// The decision rule: whether a ranking's first place activates, read as a threshold on its score. What it
// promises (a clearer winner needs less, a larger set more), what each result says of it, and the turns the
// issue that brought it named: one skill and "summarize this pdf", the demo's own skills.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SkillLoader } from '../../src/loader/loader.js';
import { BLENDED_DECISION, LEXICAL_DECISION, marginsOf, ruleThreshold } from '../../src/routing/decision/rule.js';
import { memorySource } from '../../src/sources/memory.js';
import { routingMd } from '../support/routing-skills.js';

const probe = { margin: 0.1, coverage: 0.8, matchedShare: 1, skills: 50 };

function demoFiles(): Record<string, string> {
  const dir = join(import.meta.dirname, '..', '..', 'demo', 'skills');
  return Object.fromEntries(readdirSync(dir).map((name) => [`${name}/SKILL.md`, readFileSync(join(dir, name, 'SKILL.md'), 'utf8')]));
}

describe('the decision rule', () => {
  it.each([
    ['lexical', LEXICAL_DECISION],
    ['blended', BLENDED_DECISION],
  ] as const)('%s: a clearer first place needs less, a larger set more, and a higher score never activates less', (_, rule) => {
    expect(rule.score).toBeGreaterThan(0);
    expect(ruleThreshold(rule, { ...probe, margin: 0.4 })).toBeLessThan(ruleThreshold(rule, probe));
    expect(ruleThreshold(rule, { ...probe, skills: 1500 })).toBeGreaterThanOrEqual(ruleThreshold(rule, probe));
    for (const margin of [0, 0.5, 1]) for (const skills of [1, 10, 10_000]) expect(ruleThreshold(rule, { ...probe, margin, skills })).toBeGreaterThanOrEqual(0);
  });

  it('gives each hit its margin to the best other one', () => {
    expect(marginsOf([0.8, 0.5, 0.3])).toEqual([0.3, -0.3, -0.5]);
    expect(marginsOf([0.6])).toEqual([0.6]);
    expect(marginsOf([])).toEqual([]);
  });

  it('activates the one skill of a set for a short turn that names its task', async () => {
    const loader = new SkillLoader({
      builtin: memorySource({ 'pdf-summary/SKILL.md': routingMd('pdf-summary', { description: 'Summarize a PDF document: its sections and key points.' }) }),
    });
    await loader.loadAll();
    const [a] = loader.activate('summarize this pdf');
    expect(a).toMatchObject({ reason: 'search', matched: ['summarize', 'pdf'] });
    expect(a!.skill.name).toBe('pdf-summary');
    expect(a!.score).toBeGreaterThanOrEqual(a!.threshold);
    expect(loader.activate('what a lovely morning')).toEqual([]);
  });

  it('activates summarize-document for "summarize this pdf" among the demo skills, and nothing for small talk', async () => {
    const loader = new SkillLoader({ builtin: memorySource(demoFiles()) });
    await loader.loadAll();
    expect(loader.activate('summarize this pdf').map((a) => a.skill.name)).toEqual(['summarize-document']);
    for (const chat of ['hi there', 'thanks, that was helpful', 'how are you doing today?']) expect(loader.activate(chat)).toEqual([]);
  });

  it('says in route what activate decides: the first place activates exactly when its score reaches the threshold', async () => {
    const loader = new SkillLoader({ builtin: memorySource(demoFiles()) });
    await loader.loadAll();
    for (const turn of ['summarize this pdf', 'my package never arrived', 'the weather is nice', 'why is this query so slow', 'ok']) {
      const ranked = loader.route(turn);
      const activated = loader.activate(turn).filter((a) => a.reason !== 'mention');
      const first = ranked[0];
      if (!first) {
        expect(activated).toEqual([]);
        continue;
      }
      expect(new Set(ranked.map((r) => r.threshold)).size).toBe(1);
      expect(first.margin).toBeCloseTo(first.score - (ranked[1]?.score ?? 0), 6);
      const fires = first.score >= first.threshold;
      const a = activated.find((x) => x.skill.name === first.skill.name);
      // An intent-matched skill may also activate by its recognised intent, at `intentThreshold`.
      const byIntent = a?.reason === 'intent' && a.threshold === loader.activationThresholds().intentThreshold;
      if (fires) expect(a).toBeDefined();
      if (!fires && !byIntent) expect(a).toBeUndefined();
      if (a) expect(a.score).toBeGreaterThanOrEqual(a.threshold);
      if (fires && !byIntent) expect(a?.threshold).toBe(first.threshold);
    }
  });

  it('takes a fixed threshold instead of the rule, from the loader or the call', async () => {
    const loader = new SkillLoader({ builtin: memorySource(demoFiles()), routing: { threshold: 0.99 } });
    await loader.loadAll();
    expect(loader.activate('summarize this pdf')).toEqual([]);
    expect(loader.route('summarize this pdf')[0]?.threshold).toBe(0.99);
    const [a] = loader.activate('summarize this pdf', { threshold: 0 });
    expect(a).toMatchObject({ threshold: 0, reason: 'search' });
  });
});
