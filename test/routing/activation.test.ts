import { describe, expect, it } from 'vitest';
import { activateTurn, findMentions, decideSearch, DEFAULT_ACTIVATION_OPTIONS } from '../../src/routing/activation.js';
import { createRouter } from '../../src/routing/create-router.js';
import type { Skill } from '../../src/format/types.js';
import { demoSkills, skill } from '../support/routing-skills.js';

function context(skills: Skill[]) {
  const router = createRouter();
  router.sync(skills);
  const byName = new Map(skills.map((s) => [s.name, s]));
  return {
    router,
    getByName: (n: string) => byName.get(n),
    getByIntent: (i: string) => skills.filter((s) => s.activation !== 'manual' && (s.intents ?? []).some((x) => x.toLowerCase() === i.toLowerCase())),
  };
}

const ctx = context([...demoSkills(), skill('hidden-helper', { 'user-invocable': false, activation: 'manual' })]);
const summary = (turn: Parameters<typeof activateTurn>[0], o = {}) => activateTurn(turn, ctx, o).map((a) => [a.skill.name, a.reason, a.arguments ?? null]);

describe('mentions', () => {
  it('finds /name and $name with the rest of the line as arguments', () => {
    const known = (n: string) => ['pdf-tools', 'researcher'].includes(n);
    expect(findMentions('/pdf-tools merge a.pdf b.pdf\nthanks', known)).toEqual([{ name: 'pdf-tools', arguments: 'merge a.pdf b.pdf', start: 0, end: 28 }]);
    expect(findMentions('please ask $researcher about llamas', known)).toMatchObject([{ name: 'researcher', arguments: 'about llamas' }]);
    expect(findMentions('use /pdf-tools.', known)).toMatchObject([{ name: 'pdf-tools', arguments: '' }]);
  });

  it('stops arguments at the next mention and lists each skill once', () => {
    const known = (n: string) => ['a1', 'b2'].includes(n);
    expect(findMentions('/a1 x y /b2 z /a1 again', known)).toMatchObject([
      { name: 'a1', arguments: 'x y' },
      { name: 'b2', arguments: 'z' },
    ]);
  });

  it('ignores paths, URLs, unknown names and other cases', () => {
    const known = (n: string) => n === 'pdf-tools';
    expect(findMentions('see docs/pdf-tools and https://x.io/pdf-tools or /PDF-TOOLS or /nope', known)).toEqual([]);
  });

  it('activate any skill by mention, manual included, but not one the user may not call', () => {
    expect(summary('/researcher llamas in Peru')).toEqual([['researcher', 'mention', 'llamas in Peru']]);
    // Not a mention: the text is routed like any other (and may find a skill by its words), never the hidden one.
    expect(summary('/hidden-helper now').map(([name]) => name)).not.toContain('hidden-helper');
  });
});

describe('activation', () => {
  it('activates given intents for auto and intent-matched skills', () => {
    expect(summary({ intents: ['REFUND_REQUEST'] })).toEqual([['refunds', 'intent', null]]);
  });

  it('recognises an intent in the text for intent-matched skills', () => {
    const [a] = activateTurn('I want my money back for this order', ctx);
    expect(a).toMatchObject({ reason: 'intent', terms: expect.arrayContaining(['monei', 'back']) });
    expect(a!.skill.name).toBe('refunds');
    expect(a!.score).toBeGreaterThanOrEqual(DEFAULT_ACTIVATION_OPTIONS.intentThreshold);
  });

  it('activates auto skills whose score passes the threshold', () => {
    const out = activateTurn('merge these two pdfs please', ctx);
    expect(out.map((a) => [a.skill.name, a.reason])).toEqual([['pdf-tools', 'search']]);
    expect(activateTurn('merge these two pdfs please', ctx, { threshold: 0.99 })).toEqual([]);
    expect(activateTurn('tell me a joke about cats', ctx)).toEqual([]);
  });

  it('orders mentions, intents, search and never returns a skill twice', () => {
    const out = summary({ text: '/pdf-tools merge the pdf files\nand will it rain tomorrow', intents: ['refund_request'] });
    expect(out).toEqual([
      ['pdf-tools', 'mention', 'merge the pdf files'],
      ['refunds', 'intent', null],
      ['weather-report', 'search', null],
    ]);
  });

  it('keeps hits near the best one, at most maxSearch', () => {
    const hits = [
      { name: 'a', score: 0.8, terms: [], words: [], coverage: 1 },
      { name: 'b', score: 0.5, terms: [], words: [], coverage: 1 },
      { name: 'c', score: 0.3, terms: [], words: [], coverage: 1 },
    ];
    const o = { ...DEFAULT_ACTIVATION_OPTIONS, threshold: 0.5, relative: 0.5 };
    const input = { skills: 3, contentTerms: 1, isStopTerm: () => false };
    const names = (options: typeof o): string[] => decideSearch(hits, options, input).activated.map((h) => h.name);
    expect(names(o)).toEqual(['a', 'b']);
    expect(names({ ...o, relative: 0.3 })).toEqual(['a', 'b', 'c']);
    expect(names({ ...o, relative: 0, maxSearch: 1 })).toEqual(['a']);
    expect(decideSearch(hits, { ...o, threshold: 0.9 }, input)).toEqual({ threshold: 0.9, activated: [] });
  });
});

describe('intent-matched skills in the search stage', () => {
  it('are ranked by the text like auto skills when the turn names no intent, and activate with reason intent', () => {
    const out = activateTurn('handle the refund requests for these orders', ctx);
    expect(out.map((a) => [a.skill.name, a.reason])).toContainEqual(['refunds', 'intent']);
  });

  it('are gated by the intents a turn gives: the text alone no longer reaches them', () => {
    const gated = activateTurn({ text: 'handle the refund requests for these orders', intents: ['weather_report'] }, ctx);
    expect(gated.map((a) => a.skill.name)).not.toContain('refunds');
    const named = activateTurn({ text: 'handle the refund requests for these orders', intents: ['refund_request'] }, ctx);
    expect(named.filter((a) => a.skill.name === 'refunds')).toMatchObject([{ reason: 'intent', score: 1, matched: ['refund_request'] }]);
  });

  it('say what decided each activation', () => {
    const [mention] = activateTurn('/pdf-tools merge them', ctx);
    expect(mention).toMatchObject({ reason: 'mention', threshold: 0, margin: 1, matched: ['/pdf-tools'] });
    const [search] = activateTurn('merge these two pdfs please', ctx);
    expect(search).toMatchObject({ reason: 'search', matched: ['merge', 'two', 'pdfs'] });
    expect(search!.score).toBeGreaterThanOrEqual(search!.threshold);
    expect(search!.margin).toBeGreaterThan(0);
  });
});
