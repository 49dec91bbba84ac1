// The router options that are off by default (feedback, related, softFrequency, idfPower, bm25Power, termPrior)
// and the on-by-default exampleMatch and lengthNorm: each does what its TSDoc says, and each can be seen to fail.
import { describe, expect, it } from 'vitest';
import { SkillLoader } from '../../src/loader/loader.js';
import { DEFAULT_ROUTER_OPTIONS, type Router, type RouterOptions } from '../../src/routing/router.js';
import { createRouter, loadRouter } from '../../src/routing/create-router.js';
import { memorySource } from '../../src/sources/memory.js';
import type { Skill } from '../../src/format/types.js';
import { demoSkills, routingMd, skill } from '../support/routing-skills.js';

function built(skills: Skill[], options: RouterOptions = {}): Router {
  const router = createRouter(options);
  router.sync(skills);
  return router;
}

function scores(router: Router, text: string): Record<string, number> {
  return Object.fromEntries(router.route(text, { activation: 'any' }).map((h) => [h.name, h.score]));
}

/** The pipeline's term for one word ('purchase' → 'purchas'). */
function term(word: string): string {
  const [t] = createRouter().pipeline.queryTerms(word);
  if (!t) throw new Error(`no term for ${word}`);
  return t;
}

const QUERIES = [
  'please merge the PDFs I sent',
  'is it going to rain in Paris?',
  'how do I fix a merge conflict in git',
  'refund for my order',
  'merge pdf pages and check the weather',
  'what is the weather',
];

function rankings(router: Router): unknown[] {
  return QUERIES.map((q) => router.route(q, { activation: 'any' }));
}

describe('related (query expansion)', () => {
  const skills = [
    skill('property-deals', { description: 'Helps you buy property in a new city.' }),
    skill('pet-care', { description: 'Feed and groom your cat.' }),
  ];
  const synonyms: Record<string, string[]> = { [term('purchase')]: [term('buy')] };
  const of = (t: string): string[] => synonyms[t] ?? [];

  it('is off by default: "purchase a house" reaches nothing', () => {
    expect(DEFAULT_ROUTER_OPTIONS.related).toBe(false);
    expect(built(skills).route('purchase a house')).toEqual([]);
  });

  it("a related term lets the query reach a skill that only says 'buy'", () => {
    const [top, ...rest] = built(skills, { experimental: { related: { of, weight: 1 } } }).route('purchase a house');
    expect(top).toMatchObject({ name: 'property-deals', terms: [term('buy')] });
    expect(top!.score).toBeGreaterThan(0);
    expect(rest).toEqual([]);
  });

  it('counts a related term at its weight (lower weight, lower score; 0 leaves no evidence)', () => {
    const full = scores(built(skills, { experimental: { related: { of, weight: 1 } } }), 'purchase a house')['property-deals']!;
    const low = scores(built(skills, { experimental: { related: { of, weight: 0.2 } } }), 'purchase a house')['property-deals']!;
    expect(low).toBeGreaterThan(0);
    expect(low).toBeLessThan(full);
  });

  // Every hit reached only through zero-weight terms once gave 0/0 = NaN; such a skill is now no match at all.
  it('weight 0 leaves no evidence: the skill is not a match', () => {
    const hits = built(skills, { experimental: { related: { of, weight: 0 } } }).route('purchase a house');
    expect(hits.map((h) => h.name)).not.toContain('property-deals');
    expect(hits.every((h) => Number.isFinite(h.score) && h.score > 0)).toBe(true);
  });

  it('expands only full-weight query terms, never stop words', () => {
    const asked: string[] = [];
    built(skills, { experimental: { related: { of: (t) => (asked.push(t), []), weight: 1 } } }).route('the purchase of a house');
    expect(asked).toEqual([term('purchase'), term('house')]);
  });
});

describe('termPrior', () => {
  const skills = [skill('pdf-tools', { description: 'Merge PDF files.' }), skill('weather', { description: 'Weather forecasts.' })];

  it('is off by default', () => {
    expect(DEFAULT_ROUTER_OPTIONS.termPrior).toBe(false);
  });

  it('a prior of 0 removes a term’s influence: the other skills score as if the term were absent', () => {
    const plain = built(skills);
    expect(scores(plain, 'merge weather')['pdf-tools']).toBeGreaterThan(0);
    expect(scores(plain, 'merge weather').weather).toBeLessThan(scores(plain, 'weather').weather!);
    const damped = built(skills, { experimental: { termPrior: (t) => (t === term('merge') ? 0 : 1) } });
    expect(scores(damped, 'merge weather').weather).toBe(scores(plain, 'weather').weather);
    // Surprise worth knowing: the skill reached only through the zero-prior term is still listed, at score 0.
    expect(scores(damped, 'merge weather')['pdf-tools'] ?? 0).toBe(0);
  });

  it('a prior of 1 for every term equals no prior; a partial prior lowers that term’s evidence', () => {
    expect(rankings(built(demoSkills(), { experimental: { termPrior: () => 1 } }))).toEqual(rankings(built(demoSkills())));
    const half = built(skills, { experimental: { termPrior: (t) => (t === term('merge') ? 0.5 : 1) } });
    expect(scores(half, 'merge weather')['pdf-tools']).toBeLessThan(scores(built(skills), 'merge weather')['pdf-tools']!);
    expect(scores(half, 'merge weather')['pdf-tools']).toBeGreaterThan(0);
  });

  // The only hit comes through a zero-prior term while another term has weight: no match, never a NaN score.
  it('a prior of 0 on the only matching term leaves no match', () => {
    const hits = built(skills, { experimental: { termPrior: (t) => (t === term('merge') ? 0 : 1) } }).route('merge zzzz');
    expect(hits.map((h) => h.name)).not.toContain('pdf-tools');
    expect(hits.every((h) => Number.isFinite(h.score))).toBe(true);
  });

  it('is not asked about stop words (they weigh stopWordWeight)', () => {
    const asked: string[] = [];
    built(skills, { experimental: { termPrior: (t) => (asked.push(t), 1) } }).route('merge the weather');
    expect(asked).toEqual([term('merge'), term('weather')]);
  });
});

describe('feedback (pseudo-relevance feedback)', () => {
  // 'ghostscript-manual' shares no word with the query; only the top hit's profile links them.
  const skills = [
    skill('pdf-tools', { description: 'Merge pdf documents with ghostscript.' }),
    skill('ghostscript-manual', { description: 'Ghostscript reference.' }),
    skill('weather', { description: 'Weather forecasts for a city.' }),
  ];
  const fb = { docs: 1, terms: 5, weight: 0.3 };

  it('is off by default: the linked skill is not reached', () => {
    expect(DEFAULT_ROUTER_OPTIONS.feedback).toBe(false);
    expect(
      built(skills)
        .route('merge pdf')
        .map((h) => h.name),
    ).toEqual(['pdf-tools']);
  });

  it('adds the top hit’s characteristic terms, reaching a skill only through them, below the top hit', () => {
    const hits = built(skills, { experimental: { feedback: fb } }).route('merge pdf');
    expect(hits.map((h) => h.name)).toEqual(['pdf-tools', 'ghostscript-manual']);
    expect(hits[1]!.terms).toEqual([term('ghostscript')]);
    expect(hits[1]!.score).toBeGreaterThan(0);
    expect(hits[1]!.score).toBeLessThan(hits[0]!.score);
    expect(hits.map((h) => h.name)).not.toContain('weather');
  });

  it('a larger feedback weight scores the linked skill higher; terms: 0 adds nothing', () => {
    const low = scores(built(skills, { experimental: { feedback: { ...fb, weight: 0.1 } } }), 'merge pdf')['ghostscript-manual']!;
    const high = scores(built(skills, { experimental: { feedback: { ...fb, weight: 0.6 } } }), 'merge pdf')['ghostscript-manual']!;
    expect(low).toBeGreaterThan(0);
    expect(high).toBeGreaterThan(low);
    expect(built(skills, { experimental: { feedback: { ...fb, terms: 0 } } }).route('merge pdf')).toEqual(built(skills).route('merge pdf'));
  });

  it('never adds stop words, and changes nothing when the first pass finds nothing', () => {
    const withStop = [skill('pdf-tools', { description: 'Merge the pdf for them.' }), skill('pronouns', { description: 'them' })];
    expect(
      built(withStop, { experimental: { feedback: { docs: 1, terms: 20, weight: 1 } } })
        .route('merge pdf')
        .map((h) => h.name),
    ).toEqual(['pdf-tools']);
    expect(built(skills, { experimental: { feedback: fb } }).route('zzzz qqqq')).toEqual([]);
  });
});

describe('idfPower and bm25Power', () => {
  it('1 equals the defaults exactly', () => {
    const base = rankings(built(demoSkills()));
    expect(rankings(built(demoSkills(), { experimental: { idfPower: 1 } }))).toEqual(base);
    expect(rankings(built(demoSkills(), { experimental: { bm25Power: 1 } }))).toEqual(base);
    expect(rankings(built(demoSkills(), { experimental: { idfPower: 1, bm25Power: 1 } }))).toEqual(base);
  });

  it('other values change the scores', () => {
    const base = rankings(built(demoSkills()));
    for (const experimental of [{ idfPower: 0.5 }, { idfPower: 2 }, { bm25Power: 0 }, { bm25Power: 2 }]) {
      const options = { experimental };
      expect(rankings(built(demoSkills(), options)), JSON.stringify(options)).not.toEqual(base);
    }
  });

  it('bm25Power 0 leaves evidence alone: a name match and a description match of equal strength tie', () => {
    const skills = [skill('invoice', { description: 'Tools.' }), skill('billing', { description: 'Create an invoice.' })];
    const plain = scores(built(skills, { lengthNorm: 0, exampleMatch: false }), 'invoice');
    expect(plain.invoice).toBeGreaterThan(plain.billing!); // the name's boost, through BM25
    const flat = scores(built(skills, { lengthNorm: 0, exampleMatch: false, experimental: { bm25Power: 0 } }), 'invoice');
    expect(flat.invoice).toBeGreaterThan(0);
    expect(flat.invoice).toBe(flat.billing);
  });

  it('idfPower 0 weighs every term alike: a rare term no longer outweighs a common one', () => {
    // 'report' is in three skills, 'sale' in one.
    const skills = [
      skill('sales-report', { description: 'A report of sales.' }),
      skill('audit-report', { description: 'An audit report.' }),
      skill('status-report', { description: 'A status report.' }),
      skill('sale-alerts', { description: 'Alerts about sales.' }),
    ];
    const base = scores(built(skills, { exampleMatch: false, lengthNorm: 0 }), 'sales report');
    const flat = scores(built(skills, { exampleMatch: false, lengthNorm: 0, experimental: { idfPower: 0 } }), 'sales report');
    // By default the rare term carries sale-alerts above the skills that only share 'report'.
    expect(base['sale-alerts']).toBeGreaterThan(base['audit-report']!);
    expect(flat['sale-alerts']! / flat['sales-report']!).toBeLessThan(base['sale-alerts']! / base['sales-report']!);
  });
});

describe('softFrequency', () => {
  // 'redrobin' is in one example of ten of 'restaurants' (strength 0.3) and in the description of 'burgers' (1).
  const examples = [
    'book a table',
    'find sushi nearby',
    'dinner for two',
    'a quiet cafe',
    'lunch spots',
    'open late',
    'vegan places',
    'kids menu',
    'patio seating',
    'table at redrobin',
  ];
  const skills = [
    skill('restaurants', { description: 'Find restaurants.', examples }),
    skill('burgers', { description: 'Order from redrobin.' }),
    skill('weather', { description: 'Weather forecasts.' }),
  ];

  it('is off by default', () => {
    expect(DEFAULT_ROUTER_OPTIONS.softFrequency).toBe(false);
  });

  it('counts a weak profile term as a fraction of a document: the term is rarer, so it scores higher', () => {
    const hard = scores(built(skills), 'redrobin');
    const soft = scores(built(skills, { experimental: { softFrequency: true } }), 'redrobin');
    expect(soft.burgers).toBeGreaterThan(hard.burgers!);
  });

  it('changes nothing when every profile term is at full strength', () => {
    const plain = [
      skill('pdf-tools', { description: 'Merge PDF files.' }),
      skill('weather', { description: 'Weather forecasts.' }),
      skill('git', { description: 'Merge git branches.' }),
    ];
    for (const q of ['merge pdf', 'weather', 'merge git branches'])
      expect(built(plain, { experimental: { softFrequency: true } }).route(q)).toEqual(built(plain).route(q));
  });

  it('keeps removal exact: after a remove it ranks as a fresh build', () => {
    const r = built(skills, { experimental: { softFrequency: true } });
    r.remove('burgers');
    const fresh = built(
      skills.filter((s) => s.name !== 'burgers'),
      { experimental: { softFrequency: true } },
    );
    for (const q of ['redrobin', 'book a table at redrobin', 'weather']) expect(r.route(q)).toEqual(fresh.route(q));
  });
});

describe('exampleMatch (on by default)', () => {
  const skills = [
    skill('travel-desk', {
      description: 'Book flights and hotels.',
      examples: ['cancel my gym membership', 'book a flight to rome', 'find a cheap hotel', 'reserve a seat on the train', 'change my flight'],
    }),
    skill('memberships', { description: 'Manage gym memberships and cancel subscriptions.' }),
  ];

  it('a single matching example lifts its skill; false drops that evidence', () => {
    expect(DEFAULT_ROUTER_OPTIONS.exampleMatch).toEqual({ weight: 1, lengthPower: 0.5 });
    expect(built(skills).route('cancel my gym membership')[0]?.name).toBe('travel-desk');
    expect(built(skills, { exampleMatch: false }).route('cancel my gym membership')[0]?.name).toBe('memberships');
  });

  it('is fused by max: turning it off never raises a score, and leaves skills without examples alone', () => {
    for (const q of ['cancel my gym membership', 'book a flight', 'find a hotel in rome']) {
      const on = scores(built(skills), q);
      const off = scores(built(skills, { exampleMatch: false }), q);
      for (const [name, s] of Object.entries(off)) expect(s, `${q} ${name}`).toBeLessThanOrEqual(on[name]!);
      expect(off.memberships).toBe(on.memberships);
    }
  });

  it('a lower weight, or a length penalty on long examples, lowers the example evidence', () => {
    const q = 'cancel gym';
    const base = scores(built(skills), q)['travel-desk']!;
    expect(scores(built(skills, { exampleMatch: { weight: 0.5, lengthPower: 0.5 } }), q)['travel-desk']).toBeLessThan(base);
    expect(scores(built(skills, { exampleMatch: { weight: 1, lengthPower: 0 } }), q)['travel-desk']).toBeGreaterThan(base);
  });
});

describe('lengthNorm (on by default)', () => {
  const skills = [
    skill('report-builder', {
      description: 'Build a report with charts, tables, pivot summaries, exports to spreadsheets, slides, dashboards and scheduled emails.',
    }),
    skill('quick-notes', { description: 'Write a short report.' }),
    skill('weather', { description: 'Weather forecasts.' }),
  ];

  it('penalises a profile heavier than the mean and favours a lighter one; 0 turns it off', () => {
    expect(DEFAULT_ROUTER_OPTIONS.lengthNorm).toBe(0.25);
    const q = 'build a report';
    const base = scores(built(skills), q);
    const off = scores(built(skills, { lengthNorm: 0 }), q);
    const strong = scores(built(skills, { lengthNorm: 1 }), q);
    expect(off['report-builder']).toBeGreaterThan(base['report-builder']!);
    expect(strong['report-builder']).toBeLessThan(base['report-builder']!);
    expect(off['quick-notes']).toBeLessThan(base['quick-notes']!);
    expect(strong['quick-notes']).toBeGreaterThan(base['quick-notes']!);
  });

  it('changes nothing among skills of equal profile mass', () => {
    const even = [skill('pdf-tools', { description: 'Merge PDF files.' }), skill('git-tools', { description: 'Merge git branches.' })];
    expect(built(even, { lengthNorm: 0 }).route('merge pdf')).toEqual(built(even, { lengthNorm: 0.25 }).route('merge pdf'));
  });
});

describe('options and serialisation', () => {
  const of = (t: string): string[] => (t === term('purchase') ? [term('buy')] : []);
  const cases: [string, RouterOptions][] = [
    ['feedback', { experimental: { feedback: { docs: 2, terms: 5, weight: 0.3 } } }],
    ['related', { experimental: { related: { of, weight: 0.5 } } }],
    ['softFrequency', { experimental: { softFrequency: true } }],
    ['idfPower', { experimental: { idfPower: 1.5 } }],
    ['bm25Power', { experimental: { bm25Power: 2 } }],
    ['termPrior', { experimental: { termPrior: (t) => (t === term('merge') ? 0.3 : 1) } }],
    ['exampleMatch', { exampleMatch: false }],
    ['lengthNorm', { lengthNorm: 0 }],
  ];
  const skills = (): Skill[] => [
    ...demoSkills(),
    skill('property-deals', { description: 'Helps you buy property.' }),
    skill('cancel-desk', { description: 'Cancel things.', examples: ['cancel my order', 'cancel the merge'] }),
    // 'redrobin' in one example of six (a weak profile term, for softFrequency) and in another skill's description.
    skill('restaurants', {
      description: 'Find restaurants.',
      examples: ['book a table', 'find sushi nearby', 'dinner for two', 'lunch spots', 'open late', 'table at redrobin'],
    }),
    skill('burgers', { description: 'Order from redrobin.' }),
  ];
  const queries = [...QUERIES, 'purchase a house', 'cancel my order and merge pdf', 'redrobin'];
  const ranked = (r: Router): unknown[] => queries.map((q) => r.route(q, { activation: 'any' }));

  it.each(cases)('%s: the JSON holds no options; loaded with the same options it ranks the same', (_, options) => {
    const router = built(skills(), options);
    const text = JSON.stringify(router.toJSON());
    expect(text).toBe(JSON.stringify(built(skills()).toJSON())); // options (functions included) are not stored
    const json = JSON.parse(text);
    expect(ranked(loadRouter(json, options))).toEqual(ranked(router));
    // Loaded without them, it is a default router: the options must be passed again.
    expect(ranked(loadRouter(json))).toEqual(ranked(built(skills())));
  });

  it('each case differs from the defaults on these queries (so the round-trip above can fail)', () => {
    const base = ranked(built(skills()));
    for (const [name, options] of cases) expect(ranked(built(skills(), options)), name).not.toEqual(base);
  });

  it('a loader passes its routing options to the router, and to one it loads from an index', async () => {
    const files = {
      'property-deals/SKILL.md': routingMd('property-deals', { description: 'Helps you buy property.' }),
      'weather/SKILL.md': routingMd('weather', { description: 'Weather forecasts.' }),
    };
    const plain = new SkillLoader({ builtin: memorySource(files) });
    await plain.loadAll();
    expect(plain.route('purchase a house')).toEqual([]);
    const related = { of, weight: 1 };
    const loader = new SkillLoader({ builtin: memorySource(files), routing: { experimental: { related } } });
    await loader.loadAll();
    expect(loader.route('purchase a house').map((h) => h.skill.name)).toEqual(['property-deals']);
    const index = JSON.parse(JSON.stringify(loader.router.toJSON()));
    const again = new SkillLoader({ builtin: memorySource(files), routing: { index, experimental: { related } } });
    await again.loadAll();
    expect(again.route('purchase a house').map((h) => [h.skill.name, h.score])).toEqual(loader.route('purchase a house').map((h) => [h.skill.name, h.score]));
  });
});
