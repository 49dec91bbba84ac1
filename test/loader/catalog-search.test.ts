// A loader's catalog for any budget, its skills.search tool for the long tail, and the record of what it handed out.
import { describe, expect, it } from 'vitest';
import {
  createSkillSet,
  findTool,
  memorySource,
  toAnthropicTool,
  toOpenAITool,
  SkillLoader,
  type LoadedSkill,
  type Skill,
  type SkillSearchResult,
  type SkillTool,
} from '../../src/index.js';
import { rejected, thrown } from '../support/errors.js';
import { skillMd } from '../support/skill-md.js';

const files: Record<string, string> = {
  'refunds/SKILL.md': skillMd('refunds', { description: 'Decide refunds and money back under the store policy.' }),
  'shipping/SKILL.md': skillMd('shipping', { description: 'Track parcels and delivery delays.' }),
  'deploy/SKILL.md': skillMd('deploy', { description: 'Deploy the store.', front: 'disable-model-invocation: true\n' }),
  'researcher/SKILL.md': skillMd('researcher', { description: 'Research a topic in depth.', front: 'activation: manual\n' }),
};
for (let i = 0; i < 80; i++) {
  const name = `garden-${String(i).padStart(2, '0')}`;
  files[`${name}/SKILL.md`] = skillMd(name, { description: `Garden care number ${i}: watering, pruning and soil for plant kind ${i}.` });
}

async function loaded(limits = {}): Promise<SkillLoader> {
  const loader = new SkillLoader({ builtin: memorySource(files), limits });
  await loader.loadAll();
  return loader;
}

const tool = <T>(loader: SkillLoader, id: string): SkillTool<T> => loader.tools.find((t) => t.id === id) as SkillTool<T>;

describe('catalog({ maxBytes, turn, loaded })', () => {
  it('fits any budget it is given, and the loader limit by default', async () => {
    const loader = await loaded({ maxCatalogBytes: 2048 });
    expect(loader.catalogFit().bytes).toBeLessThanOrEqual(2048);
    for (const maxBytes of [0, 50, 700, 1500, 4096, 100_000]) {
      const fit = loader.catalogFit({ maxBytes, turn: 'my parcel is late' });
      expect(fit.bytes).toBeLessThanOrEqual(maxBytes);
      expect(fit.maxBytes).toBe(maxBytes);
    }
    expect(loader.catalogFit({ maxBytes: 100_000 }).unlisted).toEqual([]);
    expect(thrown(() => loader.catalog({ maxBytes: -1 })).code).toBe('INVALID_INPUT');
    expect(thrown(() => loader.catalog({ maxBytes: 1.5 })).code).toBe('INVALID_INPUT');
  });

  it('puts what the turn activates first, whole, then the skills ranked for it', async () => {
    const loader = await loaded({ maxCatalogBytes: 1200 });
    const fit = loader.catalogFit({ turn: '/researcher the history of parcels' });
    expect(fit.entries[0]).toEqual({ name: 'researcher', form: 'whole' });
    expect(fit.entries[1]?.name).toBe('shipping');
    expect(fit.entries.map((e) => e.name)).not.toContain('deploy');
    expect(fit.unlisted.length + fit.entries.length).toBe(83);
  });

  it('lists loaded skills as loaded, once, by digest, marking one that changed', async () => {
    const loader = await loaded({ maxCatalogBytes: 100_000 });
    const refunds = loader.getByName('refunds')?.digest as string;
    const text = loader.catalog({ loaded: ['refunds', { name: 'shipping', digest: 'sha256:old' }, 'refunds', 'nope'] });
    expect(text).toContain(`- refunds: loaded (${refunds.slice(0, 19)})\n`);
    expect(text).toMatch(/^- shipping: loaded \(sha256:[0-9a-f]{12}\), changed since: load it again$/m);
    expect(text.match(/- refunds/g)).toHaveLength(1);
    expect(text).not.toContain('nope');
    expect(text).not.toContain('Decide refunds'); // not repeated
    expect(thrown(() => loader.catalog({ loaded: [42 as unknown as string] })).code).toBe('INVALID_INPUT');
  });
});

describe('skills.search', () => {
  it('is a loader tool with its own grant, and a set has none', async () => {
    const loader = await loaded();
    const search = tool<SkillSearchResult>(loader, 'skills.search');
    expect(search.grants).toEqual(['tool:skills.search', 'skills:read']);
    expect(search.version).toBe(loader.digest);
    expect(search.effects).toBe('none');
    expect(loader.permissions).toContain('tool:skills.search');
    // The provider adapters shape it like the others: `skills_search`, found again by that name.
    expect(toAnthropicTool(search)).toMatchObject({ name: 'skills_search', input_schema: { required: ['query'] } });
    expect(toOpenAITool(search).function.name).toBe('skills_search');
    expect(findTool(loader.tools, 'skills_search')).toBe(search);
    const set = createSkillSet(loader.getAll().slice(0, 3));
    expect(set.tools.map((t) => t.id)).toEqual(['skills.load', 'skills.read']);
    expect(set.permissions).toEqual(['tool:skills.load', 'tool:skills.read', 'skills:read']);
  });

  it('finds skills the catalog leaves out, best first, with names, descriptions and scores', async () => {
    const loader = await loaded({ maxCatalogBytes: 1000 });
    const fit = loader.catalogFit();
    expect(fit.unlisted).toContain('garden-77');
    const result = await tool<SkillSearchResult>(loader, 'skills.search').run({ query: 'plant kind 77 soil', limit: 3 });
    expect(result.query).toBe('plant kind 77 soil');
    expect(result.skills).toHaveLength(3);
    expect(result.skills[0]).toMatchObject({ name: 'garden-77', description: expect.stringContaining('plant kind 77') });
    expect(result.skills[0]?.score).toBeGreaterThan(result.skills[1]?.score as number);
  });

  it('finds a manual skill by its name, never a hidden one, and checks its input', async () => {
    const loader = await loaded();
    const search = tool<SkillSearchResult>(loader, 'skills.search');
    expect((await search.run({ query: 'the researcher skill' })).skills[0]).toMatchObject({ name: 'researcher', score: 1 });
    expect((await search.run({ query: 'deploy the store' })).skills.map((s) => s.name)).not.toContain('deploy');
    expect((await search.run({ query: 'zzzz qqqq' })).skills).toEqual([]);
    for (const input of [{}, { query: '' }, { query: 'x', limit: 0 }, { query: 'x', limit: 21 }, { query: 'x', limit: 2.5 }, 'text']) {
      expect((await rejected(search.run(input))).code).toBe('INVALID_INPUT');
    }
  });
});

describe('loader.loaded', () => {
  it('records what skills.load and activateAsync returned, in order, once per name, until clearLoaded', async () => {
    const loader = await loaded();
    expect(loader.loaded).toEqual([]);
    await tool<LoadedSkill>(loader, 'skills.load').run({ name: 'shipping' });
    await loader.activateAsync('/refunds order 12');
    await tool<LoadedSkill>(loader, 'skills.load').run({ name: 'shipping' });
    loader.activate('/researcher sync activation is not a hand-out');
    await loader.activateAsync('/researcher an evaluation hands nothing out', { record: false });
    expect(loader.loaded.map((l) => l.name)).toEqual(['shipping', 'refunds']);
    expect(loader.loaded[0]?.digest).toBe(loader.getByName('shipping')?.digest);
    expect(loader.catalog({ loaded: loader.loaded })).toContain('- shipping: loaded (');
    loader.clearLoaded();
    expect(loader.loaded).toEqual([]);
    expect(loader.isLoaded).toBe(true);
  });
});

describe('one search per turn', () => {
  it('activate then catalog({ turn }) search once, and a change of the skills is seen at once', async () => {
    const loader = await loaded({ maxCatalogBytes: 1200 });
    const route = loader.router.route.bind(loader.router);
    let searches = 0;
    loader.router.route = (...args) => (searches++, route(...args));
    const turn = 'my parcel delivery is late';
    const first = loader.activate(turn);
    loader.catalog({ turn });
    expect(searches).toBe(1);
    expect(loader.activate(turn)).toEqual(first);
    expect(searches).toBe(1);
    loader.upsert({ ...(loader.getByName('shipping') as Skill), name: 'parcel-delays', description: 'Parcel delivery late: delays and late parcels.' });
    expect(loader.activate(turn).map((a) => a.skill.name)).toContain('parcel-delays');
    expect(searches).toBe(2);
    expect(loader.catalogFit({ turn }).entries[0]?.name).toBe('parcel-delays');
  });
});
