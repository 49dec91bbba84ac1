// Limits that are NaN, negative, fractional or not numbers are refused where they are given (they used to switch a limit off).
import { describe, expect, it } from 'vitest';
import { createSkillSet, LIMITS, memorySource, SkillLoader, storeSource } from '../../src/index.js';
import { assertLimit, resolveLimits } from '../../src/format/types.js';
import { directorySource, loadSkills } from '../../src/node/index.js';
import { rejected, thrown } from '../support/errors.js';
import { skillMd } from '../support/skill-md.js';

const BAD: readonly unknown[] = [Number.NaN, -1, 1.5, '5', null, Number.NEGATIVE_INFINITY];
const shown = (v: unknown): string => (typeof v === 'number' ? String(v) : JSON.stringify(v));
const noStore = { search: async () => [] };

describe('assertLimit', () => {
  it('accepts non-negative integers and Infinity', () => {
    for (const ok of [0, 1, 5000, Number.POSITIVE_INFINITY]) expect(() => assertLimit('maxSkills', ok, 'test')).not.toThrow();
  });
  it.each(BAD.map((v) => [shown(v), v]))('refuses %s with INVALID_INPUT naming the limit and the caller', (_label, value) => {
    const error = thrown(() => assertLimit('maxSkills', value, 'SkillLoader'));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toMatch(/^SkillLoader: `maxSkills`/);
  });
  it('resolveLimits refuses a limits value that is not an object', () => {
    expect(thrown(() => resolveLimits(5 as never, LIMITS.skillSet)).code).toBe('INVALID_INPUT');
  });
});

describe('each place that takes limits refuses invalid ones', () => {
  const calls: readonly (readonly [string, (bad: never) => unknown])[] = [
    ['SkillLoader limits', (bad) => new SkillLoader({ limits: { maxSkills: bad } })],
    ['SkillLoader perNamespace', (bad) => new SkillLoader({ limits: { perNamespace: bad } })],
    ['SkillLoader sourceTimeoutMs', (bad) => new SkillLoader({ sourceTimeoutMs: bad })],
    ['createSkillSet', (bad) => createSkillSet([], { maxTotalBytes: bad })],
    ['storeSource perNamespace', (bad) => storeSource(noStore, ['acme', 'skills'], { perNamespace: bad })],
    ['storeSource maxNesting', (bad) => storeSource(noStore, ['acme', 'skills'], { maxNesting: bad })],
    ['memorySource maxNesting', (bad) => memorySource({}, { maxNesting: bad })],
    ['directorySource maxFolders', (bad) => directorySource('.', { maxFolders: bad })],
  ];
  it.each(calls.flatMap(([label, call]) => BAD.map((bad) => [label, shown(bad), call, bad] as const)))('%s: %s', (_label, _shown, call, bad) => {
    expect(thrown(() => call(bad as never)).code).toBe('INVALID_INPUT');
  });

  it.each(BAD.map((v) => [shown(v), v]))('loadSkills refuses %s before reading the disk', async (_label, bad) => {
    expect((await rejected(loadSkills('/no/such/folder', { maxFileBytes: bad as never }))).code).toBe('INVALID_INPUT');
  });

  it.each(BAD.map((v) => [shown(v), v]))('loadAll refuses sourceTimeoutMs %s and keeps the cache', async (_label, bad) => {
    const loader = new SkillLoader({ builtin: memorySource({ 'a/SKILL.md': skillMd('a') }) });
    await loader.loadAll();
    expect((await rejected(loader.loadAll(undefined, undefined, { sourceTimeoutMs: bad as never }))).code).toBe('INVALID_INPUT');
    expect(loader.getByName('a')).toBeDefined();
  });

  it.each(BAD.map((v) => [shown(v), v]))('route refuses limit %s', async (_label, bad) => {
    const loader = new SkillLoader({ builtin: memorySource({ 'a/SKILL.md': skillMd('a') }) });
    await loader.loadAll();
    expect(thrown(() => loader.route('a', { limit: bad as never })).code).toBe('INVALID_INPUT');
  });

  it('a maxSkills of NaN no longer switches the limit off; 0 and Infinity are limits', async () => {
    const files = { 'a/SKILL.md': skillMd('a'), 'b/SKILL.md': skillMd('b') };
    expect((await rejected(new SkillLoader({ builtin: memorySource(files), limits: { maxSkills: 0 } }).loadAll())).code).toBe('LIMIT_EXCEEDED');
    expect(await new SkillLoader({ builtin: memorySource(files), limits: { maxSkills: Number.POSITIVE_INFINITY } }).loadAll()).toHaveLength(2);
  });

  it('storeSource with perNamespace Infinity reads every item and asks the store for no limit', async () => {
    const asked: unknown[] = [];
    const store = {
      search: async (_ns: string[], options?: { limit?: number }) => {
        asked.push(options);
        return Array.from({ length: 60 }, (_, i) => ({ key: `s${i}`, value: skillMd(`s${i}`) }));
      },
    };
    expect((await storeSource(store, ['acme', 'skills'], { perNamespace: Number.POSITIVE_INFINITY }).list()).entries).toHaveLength(60);
    expect(asked).toEqual([{}]);
  });
});
