import { describe, expect, it, vi } from 'vitest';
import { isSkillError } from '../../src/format/errors.js';
import { SkillLoader } from '../../src/loader/loader.js';
import { memorySource } from '../../src/sources/memory.js';
import { routingMd, skill } from '../support/routing-skills.js';

const files = {
  'pdf-tools/SKILL.md': routingMd('pdf-tools', { description: 'Merge, split and extract text from PDF files.', examples: ['merge these two pdfs'] }),
  'weather-report/SKILL.md': routingMd('weather-report', { description: 'Current weather and forecasts for a city.', examples: ['will it rain tomorrow'] }),
  'refunds/SKILL.md': routingMd('refunds', {
    description: 'Handle refund requests for orders.',
    intents: ['refund_request'],
    examples: ['i want my money back'],
  }),
  'researcher/SKILL.md': routingMd('researcher', { description: 'Fan out searches over the corpus.', activation: 'manual' }),
};

async function loaded(source = files) {
  const loader = new SkillLoader({ builtin: memorySource(source) });
  await loader.loadAll();
  return loader;
}

describe('loader routing', () => {
  it('routes and activates over the loaded skills', async () => {
    const loader = await loaded();
    const [top] = loader.route('please merge the PDFs');
    expect(top?.skill.name).toBe('pdf-tools');
    expect(top?.skill).toBe(loader.getByName('pdf-tools'));
    expect(loader.activate('will it rain tomorrow?').map((a) => [a.skill.name, a.reason])).toEqual([['weather-report', 'search']]);
    expect(loader.activate('I want my money back').map((a) => [a.skill.name, a.reason])).toEqual([['refunds', 'intent']]);
    expect(loader.activate('/researcher llamas').map((a) => [a.skill.name, a.reason, a.arguments])).toEqual([['researcher', 'mention', 'llamas']]);
  });

  it('throws NOT_LOADED before the first load', () => {
    const loader = new SkillLoader({ builtin: memorySource(files) });
    expect(() => loader.route('x')).toThrow(expect.objectContaining({ code: 'NOT_LOADED' }));
    expect(() => loader.activate('x')).toThrow(expect.objectContaining({ code: 'NOT_LOADED' }));
  });

  it('takes thresholds from its routing options and per call', async () => {
    const loader = new SkillLoader({ builtin: memorySource(files), routing: { threshold: 0.99 } });
    await loader.loadAll();
    expect(loader.activate('please merge the PDFs')).toEqual([]);
    expect(loader.activate('please merge the PDFs', { threshold: 0.1 })).toHaveLength(1);
  });

  it('a reload re-indexes only the skills that changed', async () => {
    let source: Record<string, string> = { ...files };
    const loader = new SkillLoader({ builtin: { name: 'live', list: () => memorySource(source).list(), read: (p) => memorySource(source).read(p) } });
    await loader.loadAll();
    const upsert = vi.spyOn(loader.router, 'upsert');
    const remove = vi.spyOn(loader.router, 'remove');
    await loader.loadAll();
    expect(upsert).not.toHaveBeenCalled();
    const { 'weather-report/SKILL.md': _gone, ...rest } = files;
    source = { ...rest, 'pdf-tools/SKILL.md': routingMd('pdf-tools', { description: 'Compress and convert PDF documents.' }) };
    await loader.loadAll();
    // The index catches up on first use.
    expect(loader.route('compress a pdf')[0]?.skill.name).toBe('pdf-tools');
    expect(upsert.mock.calls.map(([s]) => s.name)).toEqual(['pdf-tools']);
    expect(remove.mock.calls.map(([n]) => n)).toEqual(['pdf-tools', 'weather-report']);
    expect(loader.route('rain tomorrow')).toEqual([]);
  });

  it('upsert and remove change one skill in the cache and the index', async () => {
    const loader = await loaded();
    loader.upsert({ ...skill('translator', { description: 'Translate text between languages.' }), source: 'user' });
    expect(loader.getByName('translator')?.source).toBe('user');
    expect(loader.route('translate this to french')[0]?.skill.name).toBe('translator');
    expect(loader.remove('translator')).toBe(true);
    expect(loader.remove('translator')).toBe(false);
    expect(loader.getByName('translator')).toBeUndefined();
    expect(loader.route('translate this to french')).toEqual([]);
  });

  it('upsert refuses to let a later tier replace an earlier one', async () => {
    const loader = await loaded();
    try {
      loader.upsert({ ...skill('pdf-tools'), source: 'user' });
      expect.unreachable();
    } catch (e) {
      expect(isSkillError(e) && e.code).toBe('CONFLICT');
    }
    expect(loader.getByName('pdf-tools')?.description).toContain('Merge');
  });

  it('starts from a serialised index and keeps it in step', async () => {
    const first = await loaded();
    const index = JSON.parse(JSON.stringify(first.router.toJSON()));
    const loader = new SkillLoader({ builtin: memorySource(files), routing: { index } });
    expect(loader.router.size).toBe(3);
    const upsert = vi.spyOn(loader.router, 'upsert');
    await loader.loadAll();
    expect(upsert).not.toHaveBeenCalled();
    expect(loader.route('merge two pdfs')).toEqual(first.route('merge two pdfs'));
  });
});
