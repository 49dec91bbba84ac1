// Lazy skills through the loader: known by their metadata until used, read once through `readSkill`, verified.
import { describe, expect, it } from 'vitest';
import { memorySource, SkillLoader, type SkillEntry, type SkillSource } from '../../src/index.js';
import { skillMd } from '../support/skill-md.js';
import { codeOf } from '../support/errors.js';

const FILES = {
  'pdf-tools/SKILL.md': skillMd('pdf-tools', {
    description: 'Merge, split and summarize PDF files.',
    front: { examples: ['summarize this pdf'] },
    body: 'Use pdftk to merge. Read [the guide](references/guide.md).',
  }),
  'pdf-tools/references/guide.md': '# Guide\n\nMerging in depth.\n',
  'spreadsheet/SKILL.md': skillMd('spreadsheet', { description: 'Build tables and spreadsheets from receipts.', body: 'Open a sheet; add columns.' }),
  'weather/SKILL.md': skillMd('weather', { description: 'Tell the weather forecast for a city.', body: 'Call the forecast API.' }),
};

/** A lazy memory source that counts its `readSkill` calls per folder. */
function countingSource(options: { fail?: () => boolean; delay?: number } = {}): { source: SkillSource; reads: Map<string, number> } {
  const inner = memorySource(FILES, { lazy: true });
  const reads = new Map<string, number>();
  const source: SkillSource = {
    ...inner,
    async readSkill(dir, call) {
      reads.set(dir, (reads.get(dir) ?? 0) + 1);
      if (options.delay) await new Promise((resolve) => setTimeout(resolve, options.delay));
      if (options.fail?.()) throw new Error('network down');
      return (inner.readSkill as NonNullable<SkillSource['readSkill']>)(dir, call);
    },
  };
  return { source, reads };
}

describe('lazy skills in the loader', () => {
  it('lists lazy skills by metadata: loaded false, no body, files listed; sync lookups answer from it', async () => {
    const { source, reads } = countingSource();
    const loader = new SkillLoader({ builtin: source });
    await loader.loadAll();
    const pdf = loader.getByName('pdf-tools');
    expect(pdf?.loaded).toBe(false);
    expect(pdf?.content).toBe('');
    expect(pdf?.files.map((f) => f.path)).toEqual(['references/guide.md']);
    expect(loader.route('summarize this pdf')[0]?.skill.name).toBe('pdf-tools');
    expect(loader.activate('summarize this pdf').map((a) => [a.skill.name, a.skill.loaded])).toEqual([['pdf-tools', false]]);
    expect(loader.catalog()).toContain('pdf-tools');
    expect(reads.size).toBe(0);
  });

  it('activateAsync reads the activated skill in full once, and it then equals the eager load', async () => {
    const { source, reads } = countingSource();
    const lazy = new SkillLoader({ builtin: source });
    const eager = new SkillLoader({ builtin: memorySource(FILES) });
    await Promise.all([lazy.loadAll(), eager.loadAll()]);
    const [first] = await lazy.activateAsync('summarize this pdf');
    expect(first?.skill.content).toBe(eager.getByName('pdf-tools')?.content);
    expect(first?.skill.loaded).toBeUndefined();
    expect(lazy.getByName('pdf-tools')).toEqual(eager.getByName('pdf-tools'));
    expect(lazy.loaded.map((r) => r.name)).toEqual(['pdf-tools']);
    await lazy.activateAsync('summarize this pdf');
    expect(reads.get('pdf-tools')).toBe(1);
    expect(reads.has('weather')).toBe(false);
  });

  it('ensureLoaded reads each skill once however many callers wait, and routes on the body afterwards', async () => {
    const { source, reads } = countingSource({ delay: 5 });
    const loader = new SkillLoader({ builtin: source });
    await loader.loadAll();
    expect(loader.route('pdftk')).toEqual([]); // a body word: not indexed yet
    const [a, b] = await Promise.all([loader.ensureLoaded(['pdf-tools', 'weather']), loader.ensureLoaded('pdf-tools')]);
    expect(a.map((s) => s.name)).toEqual(['pdf-tools', 'weather']);
    expect(b[0]).toBe(a[0]);
    expect(reads.get('pdf-tools')).toBe(1);
    expect(loader.route('pdftk')[0]?.skill.name).toBe('pdf-tools');
    expect(await codeOf(loader.ensureLoaded(['nope']))).toBe('NOT_FOUND');
  });

  it('after every skill is read, the digest and the routing equal an eager loader', async () => {
    const lazy = new SkillLoader({ builtin: memorySource(FILES, { lazy: true }) });
    const eager = new SkillLoader({ builtin: memorySource(FILES) });
    await Promise.all([lazy.loadAll(), eager.loadAll()]);
    await lazy.ensureLoaded(lazy.getAll().map((s) => s.name));
    expect(lazy.digest).toBe(eager.digest);
    for (const turn of ['summarize this pdf', 'receipts into a spreadsheet', 'forecast for Paris', 'merge with pdftk'])
      expect(lazy.route(turn).map((r) => [r.skill.name, r.score])).toEqual(eager.route(turn).map((r) => [r.skill.name, r.score]));
  });

  it('skills.load and skills.read serve a lazy skill in full', async () => {
    const { source, reads } = countingSource();
    const loader = new SkillLoader({ builtin: source });
    await loader.loadAll();
    const load = loader.tools.find((t) => t.id === 'skills.load');
    const read = loader.tools.find((t) => t.id === 'skills.read');
    const loaded = (await load?.run({ name: 'spreadsheet' })) as { instructions: string };
    expect(loaded.instructions).toContain('Open a sheet');
    const file = (await read?.run({ name: 'pdf-tools', path: 'references/guide.md' })) as { text: string };
    expect(file.text).toBe('# Guide\n\nMerging in depth.\n');
    expect(await loader.readFile('pdf-tools', 'references/guide.md')).toBe('# Guide\n\nMerging in depth.\n');
    expect([...reads.keys()].sort()).toEqual(['pdf-tools', 'spreadsheet']);
  });

  it('a source that fails while reading a body fails that call with the skill named, never the loader; the next use tries again', async () => {
    let down = true;
    const { source } = countingSource({ fail: () => down });
    const loader = new SkillLoader({ builtin: source });
    await loader.loadAll();
    const error = await loader.ensureLoaded('weather').catch((e: unknown) => e);
    expect((error as { code?: string }).code).toBe('SOURCE_FAILED');
    expect(String((error as Error).message)).toContain('"weather"');
    expect(loader.getByName('weather')?.loaded).toBe(false);
    expect(loader.activate('forecast for a city')[0]?.skill.name).toBe('weather');
    down = false;
    expect((await loader.ensureLoaded('weather'))[0]?.content).toBe('Call the forecast API.');
  });

  it('a body that does not match the promised digest is DIGEST_MISMATCH, the skill marked stale, the others untouched', async () => {
    const inner = memorySource(FILES, { lazy: true });
    const wrong = `sha256:${'0'.repeat(64)}`;
    let calls = 0;
    const source: SkillSource = {
      ...inner,
      list: async (o) => {
        const listing = await inner.list(o);
        return { ...listing, entries: listing.entries.map((e): SkillEntry => (e.dir === 'weather' ? { ...e, lazy: { digest: wrong } } : e)) };
      },
      readSkill: async (dir, o) => {
        calls++;
        return (inner.readSkill as NonNullable<SkillSource['readSkill']>)(dir, o);
      },
    };
    const loader = new SkillLoader({ builtin: source });
    await loader.loadAll();
    expect(loader.getByName('weather')?.digest).toBe(wrong);
    expect(await codeOf(loader.ensureLoaded('weather'))).toBe('DIGEST_MISMATCH');
    expect(loader.getByName('weather')?.stale).toBe(true);
    expect(await codeOf(loader.activateAsync('/weather'))).toBe('DIGEST_MISMATCH');
    expect(calls).toBe(1); // stale: refused without asking the source again
    expect((await loader.ensureLoaded('pdf-tools'))[0]?.loaded).toBeUndefined();
    await loader.loadAll();
    expect(loader.getByName('weather')?.stale).toBeUndefined();
  });

  it('a readSkill that gives another skill is refused as DIGEST_MISMATCH', async () => {
    const inner = memorySource(FILES, { lazy: true });
    const readSkill = inner.readSkill as NonNullable<SkillSource['readSkill']>;
    const loader = new SkillLoader({ builtin: { ...inner, readSkill: (_dir, o) => readSkill('weather', o) } });
    await loader.loadAll();
    expect(await codeOf(loader.ensureLoaded('spreadsheet'))).toBe('DIGEST_MISMATCH');
  });

  it('a source that lists lazily without readSkill, or with a malformed digest, lists nothing loadable', async () => {
    const inner = memorySource(FILES, { lazy: true });
    const { readSkill: _r, ...noReader } = inner;
    const loader = new SkillLoader({ builtin: noReader });
    await loader.loadAll();
    expect(loader.size).toBe(0);
    expect(loader.diagnostics.filter((d) => d.code === 'source-error')).toHaveLength(3);
    const bad: SkillSource = {
      ...inner,
      list: async () => ({ entries: [{ ...(await inner.list()).entries[0]!, lazy: { digest: 'md5:x' } }], diagnostics: [] }),
    };
    const other = new SkillLoader({ builtin: bad });
    await other.loadAll();
    expect(other.size).toBe(0);
    expect(other.diagnostics[0]?.message).toContain('malformed digest');
  });

  it('eager sources stay eager: no skill says loaded', async () => {
    const loader = new SkillLoader({ builtin: memorySource(FILES) });
    await loader.loadAll();
    expect(loader.getAll().every((s) => s.loaded === undefined && s.content !== '')).toBe(true);
  });
});
