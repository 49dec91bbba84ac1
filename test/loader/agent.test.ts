// A SkillLoader's catalog and tools over its cache: files read through the source, checked against their digests.
import { describe, expect, it } from 'vitest';
import { memorySource, SkillLoader, withSkills, type LoadedSkill, type ReadFileResult, type SkillSource, type SkillTool } from '../../src/index.js';
import { rejected, thrown } from '../support/errors.js';
import { skillMd } from '../support/skill-md.js';

const files = {
  'refunds/SKILL.md': skillMd('refunds', { description: 'Decide refunds and money back under the store policy.' }),
  'refunds/references/guide.md': 'Refunds up to 50 EUR are automatic.',
  'refunds/assets/logo.png': new Uint8Array([0x89, 0x50, 0]),
  'shipping/SKILL.md': skillMd('shipping', { description: 'Track parcels and delivery delays.' }),
  'deploy/SKILL.md': skillMd('deploy', { description: 'Deploy the store.', front: 'disable-model-invocation: true\n' }),
  'researcher/SKILL.md': skillMd('researcher', { description: 'Research a topic.', front: 'activation: manual\n' }),
};

async function loaded(source: SkillSource = memorySource(files), limits = {}): Promise<SkillLoader> {
  const loader = new SkillLoader({ builtin: source, limits });
  await loader.loadAll();
  return loader;
}

describe('loader catalog and tools', () => {
  it('give the same catalog and tools as a set over the cache', async () => {
    const loader = await loaded();
    const catalog = loader.catalog();
    expect(catalog).toContain('- refunds: Decide refunds');
    expect(catalog).toContain('- researcher: Research a topic.');
    expect(catalog).not.toContain('deploy');
    expect(loader.permissions).toEqual(['tool:skills.load', 'tool:skills.read', 'skills:read', 'tool:skills.search']);
    expect(loader.tools.map((t) => t.id)).toEqual(['skills.load', 'skills.read', 'skills.search']);
    const [load, read] = loader.tools as [SkillTool<LoadedSkill>, SkillTool<ReadFileResult>];
    expect(load.version).toBe(loader.digest);
    expect(load.inputSchema).toMatchObject({ properties: { name: { enum: ['refunds', 'researcher', 'shipping'] } } });
    expect((await load.run({ name: 'refunds' })).files).toEqual([
      { path: 'assets/logo.png', size: 3, isText: false, contentType: 'image/png' },
      { path: 'references/guide.md', size: 35, isText: true, contentType: 'text/markdown' },
    ]);
    expect(await read.run({ name: 'refunds', path: 'references/guide.md' })).toEqual({
      name: 'refunds',
      path: 'references/guide.md',
      text: 'Refunds up to 50 EUR are automatic.',
    });
    expect(await loader.readFile('refunds', 'references/guide.md')).toBe('Refunds up to 50 EUR are automatic.');
    expect((await rejected(read.run({ name: 'refunds', path: 'assets/logo.png' }))).code).toBe('INVALID_INPUT');
    expect((await rejected(loader.readFile('nope', 'a.md'))).code).toBe('NOT_FOUND');
    expect(withSkills(loader, { instructions: 'Hi.' }).tools).toEqual(loader.tools);
  });

  it('throw NOT_LOADED before the first load', async () => {
    const loader = new SkillLoader({ builtin: memorySource(files) });
    expect(thrown(() => loader.catalog()).code).toBe('NOT_LOADED');
    expect(thrown(() => loader.tools).code).toBe('NOT_LOADED');
    expect((await rejected(loader.readFile('refunds', 'references/guide.md'))).code).toBe('NOT_LOADED');
  });

  it('keep tools per cache: the same objects until a load changes the skills', async () => {
    const loader = await loaded();
    const tools = loader.tools;
    expect(loader.tools).toBe(tools);
    await loader.loadAll();
    expect(loader.tools).not.toBe(tools);
    expect(loader.tools[0]?.version).toBe(tools[0]?.version);
  });

  it('refuse a file changed in the source since the load with DIGEST_MISMATCH', async () => {
    const inner = memorySource(files);
    let tampered = false;
    const source: SkillSource = {
      name: 'tampered',
      list: (o) => inner.list(o),
      read: async (path, o) => (tampered && path.endsWith('guide.md') ? new TextEncoder().encode('Refunds are always automatic.') : inner.read(path, o)),
    };
    const loader = await loaded(source);
    expect(await loader.readFile('refunds', 'references/guide.md')).toContain('50 EUR');
    tampered = true;
    const error = await rejected((loader.tools[1] as SkillTool).run({ name: 'refunds', path: 'references/guide.md' }));
    expect(error.code).toBe('DIGEST_MISMATCH');
  });

  it('cannot read the files of a skill put in the cache without a source', async () => {
    const loader = await loaded();
    const skill = loader.getByName('refunds');
    if (!skill) throw new Error('missing');
    loader.upsert({ ...skill });
    expect((await rejected(loader.readFile('refunds', 'references/guide.md'))).code).toBe('NOT_FOUND');
  });
});

describe('a loader larger than one catalog', () => {
  const many: Record<string, string | Uint8Array> = { ...files };
  for (let i = 0; i < 60; i++)
    many[`filler-${String(i).padStart(2, '0')}/SKILL.md`] = skillMd(`filler-${String(i).padStart(2, '0')}`, {
      description: `Filler skill number ${i} about gardening and plants.`,
    });
  const limits = { maxCatalogBytes: 1500 };

  it("fits catalog() without a turn, in the loader's order, and never throws for size", async () => {
    const loader = await loaded(memorySource(many), { maxCatalogBytes: 1100 });
    const catalog = loader.catalog();
    expect(new TextEncoder().encode(catalog).byteLength).toBeLessThanOrEqual(1100);
    expect(catalog).toBe(loader.catalog()); // the same skills give the same bytes
    const fit = loader.catalogFit();
    expect(fit.entries.map((e) => e.name)).toEqual(
      loader
        .getAll()
        .filter((s) => s.name !== 'deploy')
        .map((s) => s.name)
        .slice(0, fit.entries.length),
    );
    expect(fit.unlisted.length).toBeGreaterThan(0);
    expect(catalog.split('\n').at(-1)).toBe(`${fit.unlisted.length} more skills are not listed; the \`skills.search\` tool finds them.`);
    expect(catalog).toContain('call the `skills.search` tool');
  });

  it('lists the skills routing ranks highest for the turn, within the limit', async () => {
    const loader = await loaded(memorySource(many), limits);
    const catalog = loader.catalog({ turn: 'I want my money back: a refund for my order' });
    expect(new TextEncoder().encode(catalog).byteLength).toBeLessThanOrEqual(1500);
    const names = [...catalog.matchAll(/^- ([a-z0-9-]+)/gm)].map((m) => m[1]);
    expect(names[0]).toBe('refunds');
    expect(names).not.toContain('deploy');
    const xml = loader.catalog({ turn: { text: 'where is my parcel delivery' }, format: 'xml' });
    expect(xml).toContain('<name>shipping</name>');
    expect(new TextEncoder().encode(xml).byteLength).toBeLessThanOrEqual(1500);
  });

  it('ranks no intent-matched skill that the intents a turn names gate', async () => {
    const gatedFiles = {
      ...many,
      'returns/SKILL.md': skillMd('returns', { description: 'Refund money back for returned orders.', front: 'intents: [return_request]\n' }),
    };
    const loader = await loaded(memorySource(gatedFiles), limits);
    const names = (turn: { text: string; intents?: string[] }): string[] =>
      [...loader.catalog({ turn }).matchAll(/^- ([a-z0-9-]+)/gm)].map((m) => m[1] as string);
    expect(names({ text: 'money back for my returned order' }).slice(0, 3)).toContain('returns');
    // Gated, it is not ranked for the turn: it comes after every skill the text matched, in the loader's order.
    expect(names({ text: 'money back for my returned order', intents: ['shipping_delay'] }).slice(0, 3)).not.toContain('returns');
    expect(names({ text: 'money back for my returned order', intents: ['return_request'] })[0]).toBe('returns');
  });

  it('puts a mentioned skill first, even a manual one', async () => {
    const loader = await loaded(memorySource(many), limits);
    const catalog = loader.catalog({ turn: '/researcher climate policy' });
    expect([...catalog.matchAll(/^- ([a-z0-9-]+)/gm)].map((m) => m[1])[0]).toBe('researcher');
  });

  it('ignores the turn when the whole catalog fits', async () => {
    const loader = await loaded();
    expect(loader.catalog({ turn: 'refund' })).toBe(loader.catalog());
  });

  it('gives skills.load a plain string name once the names no longer fit an enum', async () => {
    const loader = await loaded(memorySource(many), { maxCatalogBytes: 200 });
    const schema = loader.tools[0]?.inputSchema as { properties: { name: Record<string, unknown> } };
    expect(schema.properties.name).toEqual({ type: 'string', description: expect.any(String) });
    expect((await (loader.tools[0] as SkillTool<LoadedSkill>).run({ name: 'filler-07' })).name).toBe('filler-07');
  });
});
