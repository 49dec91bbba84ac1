// memorySource: the shared contract, plus unsafe keys, nesting, Skill[] input and snapshots.
import { describe, expect, it } from 'vitest';
import { parseSkill, serializeSkill, type Skill } from '../../src/index.js';
import { memorySource } from '../../src/sources/memory.js';
import { describeSourceContract } from './source-contract.js';
import { codeOf } from '../support/errors.js';
import { skillMd } from '../support/skill-md.js';

describeSourceContract('memory', (fixture) => memorySource(fixture));
describeSourceContract('memory, lazy', (fixture) => memorySource(fixture, { lazy: true }), { lazy: true });

const text = (name: string): string => skillMd(name, { description: `The ${name} skill for memory source tests.`, body: `Do ${name}.` });

describe('memorySource', () => {
  it('is named memory unless told otherwise', () => {
    expect(memorySource({}).name).toBe('memory');
    expect(memorySource({}, { name: 'fixtures' }).name).toBe('fixtures');
  });

  it('turns unsafe keys into unsafe-path diagnostics, never entries or files', async () => {
    const source = memorySource({
      'ok/SKILL.md': text('ok'),
      '/abs/SKILL.md': text('abs'),
      'ok/../evil/SKILL.md': text('evil'),
      'ok\\win.md': 'x',
      'ok//double.md': 'x',
      'ok/./dot.md': 'x',
    });
    const { entries, diagnostics } = await source.list();
    expect(entries.map((e) => e.dir)).toEqual(['ok']);
    expect(entries[0]?.files).toEqual([]);
    expect(diagnostics.map((d) => [d.code, d.severity, d.path])).toEqual([
      ['unsafe-path', 'error', '/abs/SKILL.md'],
      ['unsafe-path', 'error', 'ok/../evil/SKILL.md'],
      ['unsafe-path', 'error', 'ok\\win.md'],
      ['unsafe-path', 'error', 'ok//double.md'],
      ['unsafe-path', 'error', 'ok/./dot.md'],
    ]);
    expect(await codeOf(source.read('ok/../evil/SKILL.md'))).toBe('UNSAFE_PATH');
  });

  it('refuses files nested deeper than maxNesting with an unsafe-path error on the entry', async () => {
    const source = memorySource({ 'pdf/SKILL.md': text('pdf'), 'pdf/a/b.md': 'ok', 'pdf/a/b/c.md': 'deep' }, { maxNesting: 1 });
    const [entry] = (await source.list()).entries;
    expect(entry?.files?.map((f) => f.path)).toEqual(['a/b.md']);
    expect(entry?.diagnostics?.map((d) => [d.code, d.severity])).toEqual([['unsafe-path', 'error']]);
    expect(entry?.diagnostics?.[0]?.message).toContain('a/b/c.md');
    expect(await codeOf(source.read('pdf/a/b/c.md'))).toBe('NOT_FOUND');
    expect(await codeOf(source.read('pdf/a/b.md'))).toBeUndefined();
  });

  it('leaves out values that are neither text nor bytes, with a source-error', async () => {
    const source = memorySource({ 'a/SKILL.md': text('a'), 'a/n.json': 42 as unknown as string });
    const { entries, diagnostics } = await source.list();
    expect(entries[0]?.files).toEqual([]);
    expect(diagnostics.map((d) => d.code)).toEqual(['source-error']);
  });

  it('prefers SKILL.md over a case variant in the same folder, listing the variant as a file', async () => {
    const { entries } = await memorySource({ 'a/SKILL.md': text('a'), 'a/skill.md': 'old copy' }).list();
    expect(entries.map((e) => [e.fileName, e.files?.map((f) => f.path)])).toEqual([['SKILL.md', ['skill.md']]]);
  });

  it('lists a skill at the root with dir "" and no folder, owning files outside nested skills', async () => {
    const { entries } = await memorySource({ 'SKILL.md': text('root'), 'notes.md': 'n', 'sub/SKILL.md': text('sub'), 'sub/x.md': 'x' }).list();
    expect(entries.map((e) => ({ dir: e.dir, path: e.path, folder: e.folder, files: e.files?.map((f) => f.path) }))).toEqual([
      { dir: '', path: 'SKILL.md', folder: undefined, files: ['notes.md'] },
      { dir: 'sub', path: 'sub/SKILL.md', folder: 'sub', files: ['x.md'] },
    ]);
  });

  it('ignores files outside every skill folder and does not serve them', async () => {
    const source = memorySource({ 'README.md': 'hi', 'a/SKILL.md': text('a') });
    expect((await source.list()).entries).toHaveLength(1);
    expect(await codeOf(source.read('README.md'))).toBe('NOT_FOUND');
  });

  it('takes a snapshot: later edits to the record are not seen, and reads return copies', async () => {
    const files: Record<string, string | Uint8Array> = { 'a/SKILL.md': text('a'), 'a/b.bin': new Uint8Array([1, 2, 3]) };
    const source = memorySource(files);
    files['b/SKILL.md'] = text('b');
    expect((await source.list()).entries.map((e) => e.dir)).toEqual(['a']);
    const first = await source.read('a/b.bin');
    first[0] = 9;
    expect(await source.read('a/b.bin')).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('accepts bytes for SKILL.md and keeps them as bytes for the parser', async () => {
    const bytes = new TextEncoder().encode(text('b'));
    const [entry] = (await memorySource({ 'b/SKILL.md': bytes }).list()).entries;
    expect(entry?.text).toBeInstanceOf(Uint8Array);
    expect(parseSkill(entry?.text ?? '', { folder: 'b' }).skill?.name).toBe('b');
  });

  describe('with Skill objects', () => {
    const skillOf = (name: string): Skill => {
      const parsed = parseSkill(text(name), { folder: name, files: [{ path: 'references/a.md', content: 'A' }] }).skill;
      if (!parsed) throw new Error('fixture does not parse');
      return parsed;
    };

    it('lists one entry per skill carrying the skill and its inventory', async () => {
      const a = skillOf('alpha');
      const b = skillOf('beta');
      const { entries, diagnostics } = await memorySource([b, a]).list();
      expect(diagnostics).toEqual([]);
      expect(entries.map((e) => ({ dir: e.dir, path: e.path, folder: e.folder, fileName: e.fileName }))).toEqual([
        { dir: 'alpha', path: 'alpha/SKILL.md', folder: 'alpha', fileName: 'SKILL.md' },
        { dir: 'beta', path: 'beta/SKILL.md', folder: 'beta', fileName: 'SKILL.md' },
      ]);
      expect(entries[0]?.skill).toBe(a);
      expect(entries[0]?.files).toEqual(a.files);
      expect(entries[0]?.text).toBeUndefined();
    });

    it('serves the serialized SKILL.md; resources hold no contents and are NOT_FOUND', async () => {
      const a = skillOf('alpha');
      const source = memorySource([a]);
      expect(new TextDecoder().decode(await source.read('alpha/SKILL.md'))).toBe(serializeSkill(a));
      expect(await codeOf(source.read('alpha/references/a.md'))).toBe('NOT_FOUND');
    });

    it('reports items that are not skills as source-error diagnostics', async () => {
      const { entries, diagnostics } = await memorySource([skillOf('alpha'), { name: 'x' } as unknown as Skill, null as unknown as Skill]).list();
      expect(entries).toHaveLength(1);
      expect(diagnostics.map((d) => [d.code, d.path])).toEqual([
        ['source-error', '1'],
        ['source-error', '2'],
      ]);
    });

    it('uses the index as the folder when a name is not a safe path', async () => {
      const odd = { ...skillOf('alpha'), name: '../odd' };
      const { entries } = await memorySource([odd]).list();
      expect(entries.map((e) => e.dir)).toEqual(['0']);
    });
  });
});
