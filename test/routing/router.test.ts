import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSkillError } from '../../src/format/errors.js';
import { ROUTER_SCHEMA_VERSION, type Router, type RouterJSON } from '../../src/routing/router.js';
import { createRouter, loadRouter } from '../../src/routing/create-router.js';
import { profileOfText, profileText } from '../../src/routing/score.js';
import type { Skill } from '../../src/format/types.js';
import { demoSkills, skill } from '../support/routing-skills.js';

function names(router: Router, text: string): string[] {
  return router.route(text).map((h) => h.name);
}

describe('router', () => {
  const router = createRouter();
  router.sync(demoSkills());

  it('indexes auto and intent-matched skills, never manual ones', () => {
    expect(router.size).toBe(4);
    expect(router.digestOf('researcher')).toBeUndefined();
  });

  it('ranks the skill whose words the query uses first', () => {
    expect(names(router, 'please merge the PDFs I sent')[0]).toBe('pdf-tools');
    expect(names(router, 'is it going to rain in Paris?')[0]).toBe('weather-report');
    expect(names(router, 'how do I fix a merge conflict in git')[0]).toBe('git-helper');
  });

  it('matches a plural acronym on its singular, never on its split halves', () => {
    const acronyms = createRouter();
    acronyms.sync([
      skill('pdf-tools', { description: 'Merge, split and extract text from PDF files.' }),
      skill('node-fs', { description: 'Read and write files with the fs module of Node.' }),
      skill('ap-style', { description: 'Edit copy to AP style.' }),
    ]);
    const [first, ...rest] = acronyms.route('merge these two PDFs');
    expect(first?.name).toBe('pdf-tools');
    expect(first?.terms).toEqual(expect.arrayContaining(['merg', 'pdf']));
    expect(rest.flatMap((h) => h.terms)).not.toContain('fs');
    expect(acronyms.route('list the APIs').map((h) => h.name)).not.toContain('ap-style');
  });

  it('route covers auto skills only unless asked for any activation', () => {
    expect(names(router, 'refund for my order')).not.toContain('refunds');
    expect(router.route('refund for my order', { activation: 'any' })[0]?.name).toBe('refunds');
  });

  it('scores lie in 0–1, best first, with the matched terms', () => {
    const hits = router.route('merge pdf pages and check the weather');
    expect(hits.length).toBeGreaterThan(1);
    for (const h of hits) (expect(h.score).toBeGreaterThan(0), expect(h.score).toBeLessThanOrEqual(1));
    expect(hits.map((h) => h.score)).toEqual([...hits.map((h) => h.score)].sort((a, b) => b - a));
    expect(hits[0]?.terms).toEqual(expect.arrayContaining(['merg', 'pdf']));
  });

  it('scores a query on the skill far above one sharing only a common word', () => {
    const [on] = router.route('extract the text of this pdf');
    const [off] = router.route('extract the juice of this orange');
    expect(on!.score).toBeGreaterThan(0.5);
    expect(off?.score ?? 0).toBeLessThan(on!.score / 1.5);
  });

  it('returns nothing for text with no known words, and respects limit', () => {
    expect(router.route('zzzz qqqq')).toEqual([]);
    expect(router.route('')).toEqual([]);
    expect(router.route('merge pdf weather git', { limit: 1 })).toHaveLength(1);
  });

  it('recognises intent labels of the skills that list them', () => {
    expect(router.recognizeIntents('I want my money back for this order')[0]).toMatchObject({ intent: 'refund_request' });
    expect(router.recognizeIntents('merge two pdfs')).toEqual([]);
  });

  it('sync adds, replaces and removes only what changed', () => {
    const r = createRouter();
    const skills = demoSkills();
    expect(r.sync(skills)).toEqual({ added: 4, replaced: 0, removed: 0 });
    expect(r.sync(skills)).toEqual({ added: 0, replaced: 0, removed: 0 });
    const changed = skill('pdf-tools', { description: 'Compress and convert PDF documents.' });
    expect(r.sync([changed, ...skills.slice(1, 3)])).toEqual({ added: 0, replaced: 1, removed: 1 });
    expect(names(r, 'compress a pdf')[0]).toBe('pdf-tools');
    expect(r.route('refund for my order', { activation: 'any' })).toEqual([]);
  });

  it('drops a skill that stops being routable', () => {
    const r = createRouter();
    r.sync(demoSkills());
    r.upsert(skill('pdf-tools', { activation: 'manual' }));
    expect(r.digestOf('pdf-tools')).toBeUndefined();
    expect(r.remove('pdf-tools')).toBe(false);
  });
});

describe('router serialisation', () => {
  it('round-trips through JSON with the same rankings', () => {
    const router = createRouter();
    router.sync(demoSkills());
    const json = JSON.parse(JSON.stringify(router.toJSON())) as RouterJSON;
    expect(json.version).toBe(ROUTER_SCHEMA_VERSION);
    const back = loadRouter(json);
    for (const q of ['merge pdfs', 'rain tomorrow', 'git history rewrite', 'money back']) {
      expect(back.route(q, { activation: 'any' })).toEqual(router.route(q, { activation: 'any' }));
    }
    // The loaded router keeps updating incrementally.
    expect(back.sync(demoSkills())).toEqual({ added: 0, replaced: 0, removed: 0 });
    back.remove('pdf-tools');
    expect(names(back, 'merge pdfs')).not.toContain('pdf-tools');
  });

  it('refuses another schema version or language', () => {
    const json = createRouter().toJSON();
    const refused = (f: () => unknown): boolean => {
      try {
        f();
        return false;
      } catch (e) {
        return isSkillError(e) && e.code === 'INVALID_INDEX';
      }
    };
    expect(refused(() => loadRouter({ ...json, version: 99 }))).toBe(true);
    expect(refused(() => loadRouter({ ...json, index: { nonsense: true } }))).toBe(true);
    expect(refused(() => loadRouter(null as unknown as RouterJSON))).toBe(true);
    expect(refused(() => loadRouter(json, { pipeline: { language: { name: 'de', stopWords: [], stem: (w) => w } } }))).toBe(true);
  });

  it('refuses an index whose entries are damaged or do not match its search index', () => {
    const router = createRouter();
    router.sync(demoSkills());
    const json = JSON.parse(JSON.stringify(router.toJSON())) as RouterJSON;
    const refused = (bad: unknown): boolean => {
      try {
        loadRouter(bad as RouterJSON);
        return false;
      } catch (e) {
        return isSkillError(e) && e.code === 'INVALID_INDEX';
      }
    };
    expect(refused({ ...json, entries: 'damaged' })).toBe(true);
    expect(refused({ ...json, entries: [['pdf-tools', 'sha256:x']] })).toBe(true);
    // One entry short: the search index names a skill the entries do not.
    expect(refused({ ...json, entries: json.entries.slice(1) })).toBe(true);
    expect(refused({ ...json, index: createRouter().toJSON().index })).toBe(true);
    const [first, ...rest] = json.entries;
    if (!first) throw new Error('no entries');
    expect(refused({ ...json, entries: [[first[0], first[1], first[2], first[3], {}, first[5]], ...rest] })).toBe(true);
    expect(refused({ ...json, entries: [[first[0], first[1], first[2], [7], first[4], first[5]], ...rest] })).toBe(true);
    expect(refused({ ...json, entries: [[first[0], first[1], first[2], first[3], first[4], [['t', 1]]], ...rest] })).toBe(true);
    for (const damaged of ['t~x', 't~', '~1', 't~Infinity'])
      expect(refused({ ...json, entries: [[first[0], first[1], first[2], first[3], first[4], damaged], ...rest] })).toBe(true);
    expect(refused(json)).toBe(false);
  });

  it('writes each term profile as one line of text that reads back to the same weights', () => {
    const router = createRouter();
    router.sync(demoSkills());
    const [, , , , , profile] = router.toJSON().entries.find((e) => e[0] === 'pdf-tools') ?? [];
    expect(typeof profile).toBe('string');
    expect(profileOfText(profile ?? '').get('pdf')).toBeGreaterThan(0);
    // Any terms without spaces, `~` and weights of every kind included, round-trip exactly.
    const term = fc.string({ minLength: 1, maxLength: 8 }).filter((t) => !t.includes(' '));
    const weight = fc.oneof(fc.constant(1), fc.double({ noNaN: true, noDefaultInfinity: true }));
    fc.assert(
      fc.property(fc.dictionary(term, weight), (entries) => {
        const map = new Map(Object.entries(entries));
        expect([...profileOfText(profileText(map))]).toEqual([...map]);
      }),
      { numRuns: 300 },
    );
    expect(profileOfText('')).toEqual(new Map());
    expect(() => profileText(new Map([['two words', 1]]))).toThrow(/space/);
  });
});

describe('incremental updates', () => {
  const words = ['merge', 'pdf', 'weather', 'rain', 'git', 'commit', 'refund', 'order', 'invoice', 'calendar', 'meeting', 'translate'];
  const text = fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 6 }).map((w) => w.join(' '));
  const skillArb = fc.record({
    name: fc.constantFrom('alpha', 'beta', 'gamma', 'delta', 'epsilon'),
    description: text,
    examples: fc.array(text, { maxLength: 3 }),
    activation: fc.constantFrom('auto' as const, 'intent-matched' as const, 'manual' as const),
  });
  const op = fc.oneof(
    skillArb.map((s) => ({ upsert: s })),
    fc.constantFrom('alpha', 'beta', 'gamma').map((name) => ({ remove: name })),
  );

  it('leave the index as a full rebuild would', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 25 }), text, (ops, query) => {
        const live = createRouter();
        const state = new Map<string, Skill>();
        for (const o of ops) {
          if ('remove' in o) {
            live.remove(o.remove);
            state.delete(o.remove);
          } else {
            const s = skill(o.upsert.name, {
              description: `Does ${o.upsert.description}.`,
              examples: o.upsert.examples,
              activation: o.upsert.activation,
              ...(o.upsert.activation === 'intent-matched' ? { intents: [o.upsert.name] } : {}),
            });
            live.upsert(s);
            state.set(s.name, s);
          }
        }
        const rebuilt = createRouter();
        rebuilt.sync(state.values());
        expect(live.size).toBe(rebuilt.size);
        const a = live.route(query, { activation: 'any', limit: 10 });
        const b = rebuilt.route(query, { activation: 'any', limit: 10 });
        expect(a.map((h) => h.name).sort()).toEqual(b.map((h) => h.name).sort());
        for (const h of a) expect(h.score).toBeCloseTo(b.find((x) => x.name === h.name)!.score, 5);
      }),
      { numRuns: 200 },
    );
  });
});
