// The demo's notes on a turn: the bar each near miss missed (the threshold in force, or a share of the best hit, or
// the count limit), and the manual skills a turn matches although they never activate by themselves.
import { describe, expect, it } from 'vitest';
import { SkillLoader, memorySource, type ActivationThresholds, type RoutedSkill } from '../../src/index.js';
import { nearMisses, thresholdsText } from '../../demo/lib/near-misses.js';
import { ManualMatcher } from '../../demo/lib/manual-matches.js';
import { routingMd } from '../support/routing-skills.js';

const files = {
  'pdf-tools/SKILL.md': routingMd('pdf-tools', { description: 'Merge, split and extract text from PDF files.', examples: ['merge these two pdfs'] }),
  'pdf-forms/SKILL.md': routingMd('pdf-forms', { description: 'Fill in PDF forms field by field.' }),
  'weather-report/SKILL.md': routingMd('weather-report', { description: 'Current weather and forecasts for a city.', examples: ['will it rain tomorrow'] }),
  'code-review/SKILL.md': routingMd('code-review', { description: 'Review a pull request diff for bugs and style.', activation: 'manual' }),
  'hidden-review/SKILL.md': routingMd('hidden-review', {
    description: 'Review a pull request diff for security.',
    activation: 'manual',
    'user-invocable': false,
  }),
};

async function loaded(routing: { threshold?: number; relative?: number; maxSearch?: number } = {}) {
  const loader = new SkillLoader({ builtin: memorySource(files), routing });
  await loader.loadAll();
  return loader;
}

describe('near misses', () => {
  it('missed the threshold in force while nothing activated by search', async () => {
    const loader = await loaded({ threshold: 0.99 });
    const turn = 'merge two pdf files';
    const activations = loader.activate(turn);
    expect(activations).toEqual([]);
    const near = nearMisses(loader.route(turn), activations, loader.activationThresholds());
    expect(near[0]).toMatchObject({ bar: 0.99, why: 'the threshold in force' });
    expect(near[0]?.hit.skill.name).toBe('pdf-tools');
  });

  it('missed a share of the best hit once one activated, and the count limit cuts the rest', async () => {
    const loader = await loaded({ threshold: 0.1, relative: 0.99 });
    // Both PDF skills score for it, close to each other.
    const turn = 'pdf';
    const activations = loader.activate(turn);
    const [best] = activations;
    expect(best?.reason).toBe('search');
    const near = nearMisses(loader.route(turn), activations, loader.activationThresholds());
    const forms = near.find((n) => n.hit.skill.name === 'pdf-forms');
    expect(forms?.bar).toBeCloseTo((best?.score ?? 0) * 0.99, 10);
    expect(forms?.why).toBe(`99 % of the best search hit's ${best?.score.toFixed(2)}`);
    // Every hit within the share would activate but for maxSearch: the limit is what it missed.
    const capped = await loaded({ threshold: 0.1, relative: 0.01, maxSearch: 1 });
    const one = capped.activate(turn);
    expect(one).toHaveLength(1);
    const cut = nearMisses(capped.route(turn), one, capped.activationThresholds());
    expect(cut.find((n) => n.hit.skill.name === 'pdf-forms')).toMatchObject({ bar: undefined, why: 'over the limit of 1 search activation a turn' });
  });

  it('says the thresholds in force in one line', () => {
    const t: ActivationThresholds = {
      threshold: 0.6,
      asyncThreshold: 0.55,
      blending: true,
      rule: true,
      intentThreshold: 0.51,
      relative: 0.5,
      asyncRelative: 0.5,
      maxSearch: 3,
      skills: 400,
    };
    expect(thresholdsText(t)).toBe(
      'In force (routing by meaning): the best search hit needs about 0.55 (the decision rule, less for a clear lead, among 400 routable skills); ' +
        'the others 50 % of its score, at most 3. A recognised intent needs 0.51.',
    );
    // With the turn's first place, the threshold it carries and its lead; with a fixed threshold, that one.
    const first = { threshold: 0.42, margin: 0.2 } as RoutedSkill;
    expect(thresholdsText(t, first)).toContain(
      'the best search hit needed 0.42 this turn (the decision rule, for its lead of 0.20 over the runner-up among 400 routable skills)',
    );
    expect(thresholdsText({ ...t, rule: false }, first)).toContain('the best search hit needs 0.42 (a fixed threshold)');
  });
});

describe('manual matches', () => {
  it('names the mentionable manual skills a turn matches, never one it activated by a mention', async () => {
    const loader = await loaded();
    const matcher = new ManualMatcher();
    matcher.follow(loader.getAll());
    const turn = 'review this pull request diff';
    const activations = loader.activate(turn);
    expect(activations.map((a) => a.skill.name)).not.toContain('code-review');
    const matches = matcher.matches(turn, activations, 0.3);
    expect(matches.map((m) => m.name)).toEqual(['code-review']);
    expect(matcher.matches(turn, activations, 1.01)).toEqual([]);
    expect(matcher.matches(`/code-review ${turn}`, loader.activate(`/code-review ${turn}`), 0.3)).toEqual([]);
    expect(matcher.matches('will it rain tomorrow', loader.activate('will it rain tomorrow'), 0.3)).toEqual([]);
  });
});
