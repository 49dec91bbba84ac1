// Skills whose declared needs (`metadata.dependencies`) the app's `availableTools` does not meet stay out of the way:
// out of routing, activation, the catalog, `skills.search` and `skills.load`, and listed in the diagnostics.
import { describe, expect, it } from 'vitest';
import { memorySource, SkillLoader, type LoadedSkill, type SkillSearchResult, type SkillTool } from '../../src/index.js';
import { createSkillRuntime } from '../../src/worker/runtime.js';
import { rejected, thrown } from '../support/errors.js';
import { skillMd } from '../support/skill-md.js';

const files = {
  'pdf-merge/SKILL.md': skillMd('pdf-merge', {
    description: 'Merge PDF files into one PDF document.',
    front: {
      intents: ['pdf_merge'],
      examples: ['merge these pdf files', 'combine two pdfs into one'],
      metadata: { dependencies: { all: ['read_pdf', 'write_file'] } },
    },
  }),
  'web-research/SKILL.md': skillMd('web-research', {
    description: 'Research a topic on the web and cite sources.',
    front: { examples: ['research the history of tea on the web'], metadata: { dependencies: { any: ['web_search', 'browse'] } } },
  }),
  'refunds/SKILL.md': skillMd('refunds', {
    description: 'Decide refunds and money back under the store policy.',
    front: 'allowed-tools: Read Bash(git:*) mcp__crm__*\n',
  }),
};

async function loaded(availableTools?: Iterable<string>): Promise<SkillLoader> {
  const loader = new SkillLoader({ builtin: memorySource(files), ...(availableTools === undefined ? {} : { availableTools }) });
  await loader.loadAll();
  return loader;
}

const APP_TOOLS = ['write_file', 'browse', 'mcp__crm__lookup', 'Read'];
const names = (list: readonly { readonly skill: { readonly name: string } }[]): string[] => list.map((a) => a.skill.name);

describe('availableTools: skills whose needs are unmet', () => {
  it('are listed in the diagnostics with what is missing, and by unmetNeeds', async () => {
    const loader = await loaded(APP_TOOLS);
    const needs = loader.diagnostics.filter((d) => d.code === 'needs-unmet');
    expect(needs).toHaveLength(1);
    expect(needs[0]).toMatchObject({ severity: 'warning', path: 'pdf-merge/SKILL.md' });
    expect(needs[0]?.message).toContain('`read_pdf`');
    expect(needs[0]?.message).not.toContain('write_file');
    expect(loader.unmetNeeds('pdf-merge')).toEqual({ missing: ['read_pdf'], anyOf: [] });
    expect(loader.unmetNeeds('web-research')).toBeUndefined();
    expect(loader.unmetNeeds('refunds')).toBeUndefined();
    expect(thrown(() => loader.unmetNeeds('nope')).code).toBe('NOT_FOUND');
    // Still held: the app may look it up by name, and lists it (with what it lacks).
    expect(loader.getByName('pdf-merge')?.name).toBe('pdf-merge');
    expect(loader.getAll().map((s) => s.name)).toEqual(['pdf-merge', 'refunds', 'web-research']);
  });

  it('an `any` list is met by one of its tools, and unmet by none', async () => {
    expect((await loaded(['browse'])).unmetNeeds('web-research')).toBeUndefined();
    expect((await loaded(['web_search'])).unmetNeeds('web-research')).toBeUndefined();
    const none = await loaded([]);
    expect(none.unmetNeeds('web-research')).toEqual({ missing: [], anyOf: ['web_search', 'browse'] });
    expect(none.diagnostics.find((d) => d.code === 'needs-unmet' && d.path === 'web-research/SKILL.md')?.message).toContain('one of `web_search`, `browse`');
    // `all` needs every tool: one of the two is not enough.
    expect(none.unmetNeeds('pdf-merge')).toEqual({ missing: ['read_pdf', 'write_file'], anyOf: [] });
    expect((await loaded(['read_pdf', 'write_file', 'browse'])).diagnostics.filter((d) => d.code === 'needs-unmet')).toEqual([]);
  });

  it('are kept out of the catalog', async () => {
    const catalog = (await loaded(APP_TOOLS)).catalog();
    expect(catalog).not.toContain('pdf-merge');
    expect(catalog).toContain('- web-research: Research a topic');
    expect(catalog).toContain('- refunds: Decide refunds');
    expect((await loaded()).catalog()).toContain('- pdf-merge: Merge PDF files');
    const fitted = (await loaded(APP_TOOLS)).catalogFit({ turn: 'merge these pdf files', maxBytes: 700 });
    expect(fitted.text).not.toContain('pdf-merge');
  });

  it('are kept out of routing and activation: search, intents and /name mentions', async () => {
    const without = await loaded();
    expect(names(without.activate('merge these pdf files'))).toContain('pdf-merge');
    expect(names(without.activate('/pdf-merge a.pdf b.pdf'))).toEqual(['pdf-merge']);
    expect(names(without.activate({ text: '', intents: ['pdf_merge'] }))).toEqual(['pdf-merge']);

    const loader = await loaded(APP_TOOLS);
    expect(names(loader.activate('merge these pdf files'))).not.toContain('pdf-merge');
    expect(loader.activate('/pdf-merge a.pdf b.pdf')).toEqual([]);
    expect(loader.activate({ text: '', intents: ['pdf_merge'] })).toEqual([]);
    expect(loader.getByIntent('pdf_merge')).toEqual([]);
    expect(names(loader.route('merge these pdf files'))).not.toContain('pdf-merge');
    expect(names(await loader.activateAsync('merge these pdf files'))).not.toContain('pdf-merge');
    // Skills whose needs are met still route.
    expect(names(loader.activate('research the history of tea on the web'))).toContain('web-research');
    expect(loader.router.size).toBe(2);
  });

  it('skills.load answers what is missing instead of loading; the name list and skills.search leave it out', async () => {
    const loader = await loaded(APP_TOOLS);
    const [load, , search] = loader.tools as [SkillTool<LoadedSkill>, SkillTool, SkillTool<SkillSearchResult>];
    expect(load.inputSchema).toMatchObject({ properties: { name: { enum: ['refunds', 'web-research'] } } });
    const refused = await rejected(load.run({ name: 'pdf-merge' }));
    expect(refused.code).toBe('NEEDS_UNMET');
    expect(refused.message).toContain('Skill "pdf-merge" needs tools this app does not have: `read_pdf`.');
    expect(refused.path).toBe('pdf-merge/SKILL.md');
    expect(loader.loaded).toEqual([]);
    expect((await load.run({ name: 'web-research' })).name).toBe('web-research');
    const found = await search.run({ query: 'merge pdf files' });
    expect(found.skills.map((h) => h.name)).not.toContain('pdf-merge');
    // Met once the tool is there.
    const full = await loaded([...APP_TOOLS, 'read_pdf']);
    const [fullLoad] = full.tools as [SkillTool<LoadedSkill>];
    expect((await fullLoad.run({ name: 'pdf-merge' })).instructions).toBe('Instructions for pdf-merge.');
  });

  it('an upserted skill whose needs are unmet is held but never routed', async () => {
    const loader = await loaded(APP_TOOLS);
    const text = skillMd('ocr', { description: 'Read scanned text with OCR.', front: { metadata: { dependencies: { all: ['ocr_engine'] } } } });
    const probe = new SkillLoader({ builtin: memorySource({ 'ocr/SKILL.md': text }) });
    await probe.loadAll();
    loader.upsert({ ...probe.getByName('ocr')!, source: 'user' });
    expect(loader.getByName('ocr')).toBeDefined();
    expect(loader.unmetNeeds('ocr')).toEqual({ missing: ['ocr_engine'], anyOf: [] });
    expect(loader.activate('/ocr scan.png')).toEqual([]);
    expect(loader.catalog()).not.toContain('ocr');
    expect(loader.router.size).toBe(2);
  });
});

describe('availableTools: allowed-tools stays informational', () => {
  it('a tool it names that the app lacks is a warning; the skill stays in sight', async () => {
    const loader = await loaded(APP_TOOLS);
    const warned = loader.diagnostics.filter((d) => d.code === 'allowed-tool-missing');
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({ severity: 'warning', path: 'refunds/SKILL.md' });
    // `Bash(git:*)` names Bash, which the app lacks; `Read` it has; `mcp__crm__*` matches `mcp__crm__lookup`.
    expect(warned[0]?.message).toContain('`Bash(git:*)`');
    expect(warned[0]?.message).not.toContain('`Read`');
    expect(warned[0]?.message).not.toContain('mcp__crm__');
    expect(loader.catalog()).toContain('refunds');
    expect(names(loader.activate('/refunds order 12'))).toEqual(['refunds']);
    expect(loader.unmetNeeds('refunds')).toBeUndefined();
  });
});

describe('without availableTools', () => {
  it('nothing is checked: no diagnostic, every skill routed and loadable', async () => {
    const loader = await loaded();
    expect(loader.diagnostics.filter((d) => d.code === 'needs-unmet' || d.code === 'allowed-tool-missing')).toEqual([]);
    expect(loader.unmetNeeds('pdf-merge')).toBeUndefined();
    expect(loader.router.size).toBe(3);
    const [load] = loader.tools as [SkillTool<LoadedSkill>];
    expect((await load.run({ name: 'pdf-merge' })).name).toBe('pdf-merge');
  });

  it('availableTools takes any iterable of names, and refuses anything else', async () => {
    expect((await loaded(new Set(['read_pdf', 'write_file']))).unmetNeeds('pdf-merge')).toBeUndefined();
    expect(thrown(() => new SkillLoader({ availableTools: 'read_pdf' })).code).toBe('INVALID_INPUT');
    expect(thrown(() => new SkillLoader({ availableTools: [1] as unknown as string[] })).code).toBe('INVALID_INPUT');
    expect(thrown(() => new SkillLoader({ availableTools: 3 as unknown as string[] })).code).toBe('INVALID_INPUT');
  });
});

describe('the worker runtime', () => {
  it('passes availableTools to its loader', async () => {
    const runtime = createSkillRuntime({ builtin: memorySource(files), availableTools: APP_TOOLS });
    await runtime.loader.loadAll();
    expect(runtime.loader.unmetNeeds('pdf-merge')).toEqual({ missing: ['read_pdf'], anyOf: [] });
    expect(runtime.loader.catalog()).not.toContain('pdf-merge');
  });
});
