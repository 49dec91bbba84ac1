// Lookups, activation filtering, subagent specs, bad skills, aborts and limits.
import { describe, expect, it } from 'vitest';
import { SkillLoader, isSkillError, memorySource, type SkillSource } from '../../src/index.js';
import { skillMd } from '../support/skill-md.js';
import { searchStore, storeItems } from '../support/search-store.js';

const files = {
  'vendor-evaluation/SKILL.md': skillMd('vendor-evaluation', { front: 'intents:\n  - Vendor_Evaluation\n  - rfp_scoring\n' }),
  'auto-one/SKILL.md': skillMd('auto-one', { front: 'intents: [vendor_evaluation]\nactivation: auto\n' }),
  'hidden-manual/SKILL.md': skillMd('hidden-manual', { front: 'intents: [vendor_evaluation]\nactivation: manual\n' }),
  'plain/SKILL.md': skillMd('plain'),
  'broken/SKILL.md': '---\nname: broken\n---\nno description\n',
  'colon/SKILL.md': '---\nname: colon\ndescription: Use when: the user asks\n---\nBody\n',
};

async function loaded(): Promise<SkillLoader> {
  const loader = new SkillLoader({
    builtin: memorySource(files),
    subagentSpecs: [
      {
        name: 'researcher',
        description: 'Fan out searches.',
        tools: ['search_corpus', 'search_news'],
        maxSteps: 5,
        timeout: 120_000,
        systemPromptSuffix: 'You are a research subagent.',
      },
      { name: 'plain', description: 'Clashes with a builtin skill.', tools: [], maxSteps: 1, timeout: 1, systemPromptSuffix: '' },
    ],
  });
  await loader.loadAll();
  return loader;
}

describe('lookups', () => {
  it('throw NOT_LOADED before the first load', () => {
    const loader = new SkillLoader();
    for (const call of [() => loader.getByName('x'), () => loader.getByIntent('x'), () => loader.getAll(), () => loader.size, () => loader.diagnostics]) {
      let error: unknown;
      try {
        call();
      } catch (e) {
        error = e;
      }
      expect(isSkillError(error) && error.code).toBe('NOT_LOADED');
    }
  });

  it('getByIntent returns auto and intent-matched skills, case-insensitively, never manual', async () => {
    const loader = await loaded();
    // Sources list folders sorted by path, so the order is stable.
    expect(loader.getByIntent('VENDOR_EVALUATION').map((s) => s.name)).toEqual(['auto-one', 'vendor-evaluation']);
    expect(loader.getByIntent('rfp_scoring').map((s) => s.name)).toEqual(['vendor-evaluation']);
    expect(loader.getByIntent('nothing')).toEqual([]);
  });

  it('getByName is the only lookup that returns a manual skill', async () => {
    const loader = await loaded();
    expect(loader.getByName('hidden-manual')?.activation).toBe('manual');
    expect(loader.getByName('researcher')?.activation).toBe('manual');
    expect(loader.getByName('missing')).toBeUndefined();
    expect(loader.getAll().map((s) => s.name)).toContain('hidden-manual');
  });

  it('turns subagent specs into builtin manual skills', async () => {
    const researcher = (await loaded()).getByName('researcher');
    expect(researcher).toMatchObject({
      source: 'builtin',
      activation: 'manual',
      allowedTools: ['search_corpus', 'search_news'],
      execution: { maxSteps: 5, timeout: 120_000 },
      content: 'You are a research subagent.',
    });
    expect(researcher?.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('skips a subagent spec whose name exists, with a shadowed diagnostic', async () => {
    const loader = await loaded();
    expect(loader.getByName('plain')?.description).toBe('The plain skill. Use when testing plain.');
    expect(loader.diagnostics.some((d) => d.code === 'shadowed' && d.message.includes('subagentSpecs'))).toBe(true);
  });

  it('keeps loading past a bad skill, which becomes a located diagnostic', async () => {
    const loader = await loaded();
    expect(loader.getByName('broken')).toBeUndefined();
    const error = loader.diagnostics.find((d) => d.code === 'description-missing');
    expect(error).toMatchObject({ severity: 'error', path: 'broken/SKILL.md', line: 2 });
    expect(loader.getByName('colon')?.description).toBe('Use when: the user asks');
    expect(loader.size).toBe(6);
  });
});

describe('loading', () => {
  it('replaces the cache on each load and reports progress per source', async () => {
    const store = searchStore({ 'acme/skills': storeItems(skillMd('org-only')) });
    const loader = new SkillLoader({ builtin: memorySource({ 'a/SKILL.md': skillMd('a') }), store });
    const progress: string[] = [];
    await loader.loadAll('acme', undefined, { onProgress: (p) => progress.push(`${p.tier}:${p.loaded}`) });
    expect(progress).toEqual(['builtin:1', 'org:2']);
    await loader.loadAll();
    expect(loader.getAll().map((s) => s.name)).toEqual(['a']);
  });

  it('an aborted load rejects with ABORTED and leaves the previous cache', async () => {
    const loader = new SkillLoader({ builtin: memorySource({ 'a/SKILL.md': skillMd('a') }) });
    await loader.loadAll();
    const controller = new AbortController();
    const slow: SkillSource = {
      name: 'slow',
      list: ({ signal } = {}) => new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason))),
      read: async () => new Uint8Array(),
    };
    const other = new SkillLoader({ builtin: [memorySource({ 'b/SKILL.md': skillMd('b') }), slow] });
    const pending = other.loadAll(undefined, undefined, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toSatisfy((e) => (isSkillError(e) ? e.code === 'ABORTED' : (e as Error).name === 'AbortError'));
    expect(other.isLoaded).toBe(false);
    const again = new AbortController();
    again.abort();
    await expect(loader.loadAll(undefined, undefined, { signal: again.signal })).rejects.toMatchObject({ code: 'ABORTED' });
    expect(loader.getAll().map((s) => s.name)).toEqual(['a']);
  });

  it('a failing source becomes a source-error diagnostic and the others load', async () => {
    const failing: SkillSource = {
      name: 'broken-source',
      list: async () => {
        throw new Error('disk on fire');
      },
      read: async () => new Uint8Array(),
    };
    const loader = new SkillLoader({ builtin: [failing, memorySource({ 'a/SKILL.md': skillMd('a') })] });
    await loader.loadAll();
    expect(loader.size).toBe(1);
    expect(loader.diagnostics.find((d) => d.code === 'source-error')?.message).toContain('disk on fire');
  });
});

describe('limits', () => {
  const many = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`s${i}/SKILL.md`, skillMd(`s${i}`)]));

  it('a load over maxSkills throws LIMIT_EXCEEDED naming the limit and keeps the old cache', async () => {
    const loader = new SkillLoader({ builtin: memorySource(many), limits: { maxSkills: 4 } });
    await expect(loader.loadAll()).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED', message: expect.stringContaining('maxSkills') });
    expect(loader.isLoaded).toBe(false);
  });

  it('a load over maxTotalBytes throws LIMIT_EXCEEDED naming the limit', async () => {
    const loader = new SkillLoader({ builtin: memorySource(many), limits: { maxTotalBytes: 300 } });
    await expect(loader.loadAll()).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED', message: expect.stringContaining('maxTotalBytes') });
  });

  it('maxTotalBytes counts UTF-8 bytes exactly, however far below it the cheap bound of a load stays', async () => {
    // Three bytes a UTF-16 unit bound each skill; past the limit the bound gives way to the exact count, byte for byte.
    const texts = Array.from({ length: 5 }, (_, i) => skillMd(`u${i}`, { body: `Résumé — “naïve” café ✓ ${'x'.repeat(40 * i)}` }));
    const bytes = texts.reduce((sum, text) => sum + new TextEncoder().encode(text).length, 0);
    const source = memorySource(Object.fromEntries(texts.map((text, i) => [`u${i}/SKILL.md`, text])));
    const at = new SkillLoader({ builtin: source, limits: { maxTotalBytes: bytes } });
    expect(await at.loadAll()).toHaveLength(5);
    const over = new SkillLoader({ builtin: source, limits: { maxTotalBytes: bytes - 1 } });
    await expect(over.loadAll()).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED', message: expect.stringContaining('maxTotalBytes') });
    // Far above the bound, nothing is counted exactly and the load is the same.
    expect((await new SkillLoader({ builtin: source, limits: { maxTotalBytes: 3 * bytes } }).loadAll()).map((s) => s.digest)).toEqual(
      (await at.loadAll()).map((s) => s.digest),
    );
  });

  it('a skill over a per-skill limit is skipped with a diagnostic naming it', async () => {
    const source = memorySource({
      'big/SKILL.md': skillMd('big', { body: 'x'.repeat(2000) }),
      'many/SKILL.md': skillMd('many'),
      'many/references/a.md': 'a',
      'many/references/b.md': 'b',
      'many/references/c.md': 'c',
      'large-file/SKILL.md': skillMd('large-file'),
      'large-file/references/huge.md': 'y'.repeat(1500),
      'ok/SKILL.md': skillMd('ok'),
    });
    const loader = new SkillLoader({ builtin: source, limits: { maxFileBytes: 1024, maxFilesPerSkill: 2 } });
    await loader.loadAll();
    expect(loader.getAll().map((s) => s.name)).toEqual(['ok']);
    const messages = loader.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.path} ${d.code} ${d.message}`);
    expect(messages.find((m) => m.startsWith('big/SKILL.md'))).toMatch(/file-too-large.*maxFileBytes/);
    expect(messages.find((m) => m.startsWith('many/SKILL.md'))).toMatch(/limit-exceeded.*maxFilesPerSkill/);
    expect(messages.find((m) => m.startsWith('large-file/SKILL.md'))).toMatch(/limit-exceeded.*maxFileBytes/);
  });
});
