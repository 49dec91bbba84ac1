// A source that never answers cannot hold a load or a read: calls are raced against the signal and a timeout.
import { describe, expect, it } from 'vitest';
import { memorySource, SkillLoader, type SkillSource } from '../../src/index.js';
import { rejected } from '../support/errors.js';
import { skillMd } from '../support/skill-md.js';

const never = <T>(): Promise<T> => new Promise<T>(() => undefined);
const good = memorySource({ 'good/SKILL.md': skillMd('good') }, { name: 'good' });

/** A source whose list() (or read()) never settles; it records the signals it was handed. */
function silent(name: string, what: 'list' | 'read' = 'list', extra: Partial<SkillSource> = {}): SkillSource & { signals: AbortSignal[] } {
  const signals: AbortSignal[] = [];
  const inner = memorySource({ [`${name}/SKILL.md`]: skillMd(name), [`${name}/references/a.md`]: 'A' });
  return {
    name,
    signals,
    list: (o) => (what === 'list' ? (o?.signal && signals.push(o.signal), never()) : inner.list(o)),
    read: (path, o) => (what === 'read' ? (o?.signal && signals.push(o.signal), never()) : inner.read(path, o)),
    ...extra,
  };
}

describe('loadAll with a source that never answers', () => {
  it('settles with ABORTED when the signal fires, keeps the previous cache, and tells the source', async () => {
    const hanging = silent('hanging');
    let builtin: SkillSource[] = [good];
    const loader = new SkillLoader({
      builtin: { name: 'switch', list: (o) => (builtin[0] as SkillSource).list(o), read: (p, o) => (builtin[0] as SkillSource).read(p, o) },
      sourceTimeoutMs: Number.POSITIVE_INFINITY,
    });
    await loader.loadAll();
    builtin = [hanging];
    const controller = new AbortController();
    const load = loader.loadAll(undefined, undefined, { signal: controller.signal });
    setTimeout(() => controller.abort(), 5);
    expect((await rejected(load)).code).toBe('ABORTED');
    expect(loader.getAll().map((s) => s.name)).toEqual(['good']);
    expect(hanging.signals.length).toBe(1);
    expect(hanging.signals[0]?.aborted).toBe(true);
  });

  it('reports a source past sourceTimeoutMs as a source-error while the others load', async () => {
    const loader = new SkillLoader({ builtin: [silent('hanging'), good], sourceTimeoutMs: 10 });
    expect((await loader.loadAll()).map((s) => s.name)).toEqual(['good']);
    const error = loader.diagnostics.find((d) => d.code === 'source-error');
    expect(error?.message).toMatch(/hanging did not answer list\(\) within 10 ms/);
  });

  it('takes the timeout per call of loadAll', async () => {
    const loader = new SkillLoader({ builtin: [silent('hanging'), good], sourceTimeoutMs: Number.POSITIVE_INFINITY });
    await loader.loadAll(undefined, undefined, { sourceTimeoutMs: 10 });
    expect(loader.diagnostics.map((d) => d.code)).toEqual(['source-error']);
  });

  it("takes a source's own timeoutMs over the loader's", async () => {
    const hanging = silent('hanging', 'list', { timeoutMs: 10 } as Partial<SkillSource>);
    const loader = new SkillLoader({ builtin: [hanging, good], sourceTimeoutMs: Number.POSITIVE_INFINITY });
    await loader.loadAll();
    expect(loader.diagnostics.map((d) => d.code)).toEqual(['source-error']);
  });

  it("reports a source's invalid timeoutMs as a source-error, without waiting for it", async () => {
    const hanging = silent('hanging', 'list', { timeoutMs: Number.NaN } as Partial<SkillSource>);
    const loader = new SkillLoader({ builtin: [hanging, good], sourceTimeoutMs: Number.POSITIVE_INFINITY });
    await loader.loadAll();
    expect(loader.diagnostics.map((d) => [d.code, /timeoutMs/.test(d.message)])).toEqual([['source-error', true]]);
  });
});

describe('readFile with a source whose read() never answers', () => {
  it('rejects with ABORTED when the signal fires', async () => {
    const loader = new SkillLoader({ builtin: silent('slow', 'read'), sourceTimeoutMs: Number.POSITIVE_INFINITY });
    await loader.loadAll();
    const controller = new AbortController();
    const read = loader.readFile('slow', 'references/a.md', { signal: controller.signal });
    setTimeout(() => controller.abort(), 5);
    expect((await rejected(read)).code).toBe('ABORTED');
  });

  it('rejects with ABORTED at once when the signal has already fired, without asking the source', async () => {
    const slow = silent('slow', 'read');
    const loader = new SkillLoader({ builtin: slow, sourceTimeoutMs: Number.POSITIVE_INFINITY });
    await loader.loadAll();
    expect((await rejected(loader.readFile('slow', 'references/a.md', { signal: AbortSignal.abort() }))).code).toBe('ABORTED');
    expect(slow.signals).toEqual([]);
  });

  it('rejects with SOURCE_FAILED past the timeout, for readFile and the skills.read tool', async () => {
    const loader = new SkillLoader({ builtin: silent('slow', 'read'), sourceTimeoutMs: 10 });
    await loader.loadAll();
    expect((await rejected(loader.readFile('slow', 'references/a.md'))).code).toBe('SOURCE_FAILED');
    const tool = loader.tools.find((t) => t.id === 'skills.read');
    expect((await rejected(Promise.resolve(tool?.run({ name: 'slow', path: 'references/a.md' })))).code).toBe('SOURCE_FAILED');
  });

  it('refuses a read() that resolves with something other than bytes', async () => {
    const odd = {
      ...silent('odd', 'list'),
      list: memorySource({ 'odd/SKILL.md': skillMd('odd'), 'odd/a.md': 'A' }).list,
      read: async () => 'A' as unknown as Uint8Array,
    };
    const loader = new SkillLoader({ builtin: odd });
    await loader.loadAll();
    expect((await rejected(loader.readFile('odd', 'a.md'))).code).toBe('SOURCE_FAILED');
  });
});
