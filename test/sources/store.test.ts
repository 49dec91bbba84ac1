// storeSource: the shared contract over a LangGraph-style store, plus limits, document shapes and failures.
import { describe, expect, it } from 'vitest';
import { isSkillError, parseSkill, type Skill } from '../../src/index.js';
import { storeSource, type SkillStoreItem } from '../../src/sources/store.js';
import { describeSourceContract, type SourceFixture } from './source-contract.js';
import { rejectionOf } from '../support/errors.js';
import { searchStore } from '../support/search-store.js';
import { skillMd } from '../support/skill-md.js';

/** The fixture as store items: one per skill folder, in the document shapes a store may hold. */
function itemsOf(fixture: SourceFixture): SkillStoreItem[] {
  const dirs = Object.keys(fixture)
    .filter((k) => /(^|\/)skill\.md$/i.test(k))
    .map((k) => k.slice(0, k.lastIndexOf('/')));
  const owner = (key: string): string | undefined => dirs.filter((d) => key.startsWith(`${d}/`)).sort((a, b) => b.length - a.length)[0];
  return dirs.map((dir) => {
    const files: Record<string, string | Uint8Array> = {};
    for (const [key, content] of Object.entries(fixture)) if (owner(key) === dir) files[key.slice(dir.length + 1)] = content;
    const skillFile = Object.keys(files).find((f) => /^skill\.md$/i.test(f)) ?? 'SKILL.md';
    const text = files[skillFile] ?? '';
    if (skillFile !== 'SKILL.md') return { key: dir, value: { files } }; // the file name travels with the files
    delete files[skillFile];
    return { key: dir, value: Object.keys(files).length === 0 ? text : { text, files } };
  });
}

describeSourceContract('store', (fixture) => storeSource(searchStore({ 'org/skills': itemsOf(fixture) }), ['org', 'skills']), {
  entryPath: (dir, fileName) => `org/skills/${dir}/${fileName}`,
  folders: false,
});

const items = (n: number): SkillStoreItem[] => Array.from({ length: n }, (_, i) => ({ key: `s${i}`, value: skillMd(`s${i}`) }));

function parseEntry(entry: { text?: string | Uint8Array; path: string; files?: readonly { path: string }[] } | undefined) {
  return parseSkill(entry?.text ?? '', { path: entry?.path ?? '', ...(entry?.files ? { files: entry.files } : {}) });
}

describe('storeSource', () => {
  it('is named after its namespace and searches it with limit perNamespace + 1', async () => {
    const store = searchStore({ 'acme/u1/skills': items(2) });
    const source = storeSource(store, ['acme', 'u1', 'skills'], { perNamespace: 10 });
    expect(source.name).toBe('store:acme/u1/skills');
    await source.list();
    expect(store.calls).toEqual([{ namespace: ['acme', 'u1', 'skills'], options: { limit: 11 } }]);
  });

  it('reads at most perNamespace items and counts what a store returned past it', async () => {
    const { entries, diagnostics } = await storeSource(searchStore({ 'o/skills': items(7) }, { honourLimit: false }), ['o', 'skills'], {
      perNamespace: 5,
    }).list();
    expect(entries.map((e) => e.dir)).toEqual(['s0', 's1', 's2', 's3', 's4']);
    expect(diagnostics.map((d) => [d.code, d.severity])).toEqual([['namespace-limit', 'warning']]);
    expect(diagnostics[0]?.message).toContain('2 more items were not loaded');
    expect(diagnostics[0]?.message).toContain('5');
  });

  it('says "at least 1 more" when the store honours the limit', async () => {
    const { entries, diagnostics } = await storeSource(searchStore({ 'o/skills': items(60) }), ['o', 'skills']).list();
    expect(entries).toHaveLength(50);
    expect(diagnostics.map((d) => d.code)).toEqual(['namespace-limit']);
    expect(diagnostics[0]?.message).toContain('at least 1 more item was not loaded');
  });

  it('warns about nothing when the namespace holds exactly perNamespace items', async () => {
    const { entries, diagnostics } = await storeSource(searchStore({ o: items(3) }, { honourLimit: false }), ['o'], { perNamespace: 3 }).list();
    expect(entries).toHaveLength(3);
    expect(diagnostics).toEqual([]);
  });

  it('reads every document shape into SKILL.md text the parser accepts', async () => {
    const bytes = new TextEncoder().encode(skillMd('bytes'));
    const store = searchStore({
      'o/skills': [
        { key: 'plain', value: skillMd('plain') },
        { key: 'bytes', value: bytes },
        { key: 'doc', value: { text: skillMd('doc'), files: { 'references/a.md': 'A', 'assets/x.bin': new Uint8Array([0, 1]) } } },
        { key: 'filed', value: { files: { 'Skill.md': skillMd('filed'), 'notes.md': 'n' } } },
        {
          key: 'like',
          value: {
            name: 'like',
            description: 'A Skill-like document for store tests.',
            instructions: 'Follow these steps.',
            'allowed-tools': 'Read Bash(git:*)',
            intents: ['greet'],
            activation: 'manual',
            team: 'core',
          },
        },
        {
          key: 'camel',
          value: {
            name: 'camel',
            description: 'A camelCase Skill-like document for store tests.',
            content: 'Body.',
            allowedTools: ['Read'],
            disableModelInvocation: true,
            argumentHint: '[file]',
            tags: ['a', 'b'],
          },
        },
      ],
    });
    const { entries, diagnostics } = await storeSource(store, ['o', 'skills']).list();
    expect(diagnostics).toEqual([]);
    expect(entries.map((e) => [e.dir, e.fileName, e.files?.map((f) => f.path)])).toEqual([
      ['bytes', 'SKILL.md', []],
      ['camel', 'SKILL.md', []],
      ['doc', 'SKILL.md', ['assets/x.bin', 'references/a.md']],
      ['filed', 'Skill.md', ['notes.md']],
      ['like', 'SKILL.md', []],
      ['plain', 'SKILL.md', []],
    ]);
    const skills = entries.map((e) => parseEntry(e).skill);
    expect(skills.map((s) => s?.name)).toEqual(['bytes', 'camel', 'doc', 'filed', 'like', 'plain']);
    const [, camel, doc, , like] = skills;
    expect(doc?.files.map((f) => [f.path, f.isText])).toEqual([
      ['assets/x.bin', false],
      ['references/a.md', true],
    ]);
    expect(like).toMatchObject({
      content: 'Follow these steps.',
      allowedTools: ['Read', 'Bash(git:*)'],
      intents: ['greet'],
      activation: 'manual',
      extensions: { team: 'core' },
    });
    expect(camel).toMatchObject({ content: 'Body.', allowedTools: ['Read'], disableModelInvocation: true, argumentHint: '[file]', tags: ['a', 'b'] });
  });

  it('writes a stored Skill object back to text that parses into the same skill', async () => {
    const original = parseSkill(
      skillMd('round', { front: 'license: MIT\nintents: [pay]\nexamples: ["pay my bill"]\nmetadata:\n  tags: "x y"\ncustom-key: 1\n' }),
      { folder: 'round' },
    ).skill as Skill;
    const { entries } = await storeSource(searchStore({ o: [{ key: 'round', value: original }] }), ['o']).list();
    const again = parseSkill(entries[0]?.text ?? '', { folder: 'round' }).skill;
    expect(again?.digest).toBe(original.digest);
    expect(again).toMatchObject({
      name: 'round',
      license: 'MIT',
      intents: ['pay'],
      examples: ['pay my bill'],
      tags: ['x', 'y'],
      extensions: { 'custom-key': 1 },
    });
  });

  it('turns bad items into diagnostics and lists the good ones', async () => {
    const throwing = {
      get value(): unknown {
        throw new Error('boom');
      },
      key: 'getter',
    };
    const store = searchStore({
      'o/skills': [
        { key: 'ok', value: skillMd('ok') },
        { key: 'null', value: null },
        { key: 'number', value: 7 },
        { key: 'empty', value: { foo: 1 } },
        { key: 'badtext', value: { text: 5 } },
        { key: 'badfile', value: { text: skillMd('x'), files: { 'a.md': 5 } } },
        { key: '../escape', value: skillMd('escape') },
        { key: 'ok', value: skillMd('again') },
        throwing,
        'not an item' as unknown as SkillStoreItem,
      ],
    });
    const { entries, diagnostics } = await storeSource(store, ['o', 'skills']).list();
    expect(entries.map((e) => e.dir)).toEqual(['ok']);
    expect(diagnostics.map((d) => [d.code, d.path])).toEqual([
      ['source-error', 'o/skills/null'],
      ['source-error', 'o/skills/number'],
      ['source-error', 'o/skills/empty'],
      ['source-error', 'o/skills/badtext'],
      ['source-error', 'o/skills/badfile'],
      ['unsafe-path', 'o/skills/../escape'],
      ['source-error', 'o/skills/ok'],
      ['source-error', 'o/skills/getter'],
      ['source-error', 'o/skills/9'],
    ]);
    expect(diagnostics.every((d) => d.severity === 'error' && d.message.length > 0)).toBe(true);
  });

  it('refuses unsafe file paths inside a document with an unsafe-path error on the entry', async () => {
    const { entries } = await storeSource(searchStore({ o: [{ key: 'a', value: { text: skillMd('a'), files: { '../up.md': 'x', 'ok.md': 'y' } } }] }), [
      'o',
    ]).list();
    expect(entries[0]?.files?.map((f) => f.path)).toEqual(['ok.md']);
    expect(entries[0]?.diagnostics?.map((d) => [d.code, d.severity])).toEqual([['unsafe-path', 'error']]);
  });

  it('names keyless items after the skill, else their index', async () => {
    const { entries } = await storeSource(
      searchStore({
        o: [{ value: skillMd('by-index') }, { value: { name: 'named', description: 'A keyless named skill document.', content: 'x' } }] as SkillStoreItem[],
      }),
      ['o'],
    ).list();
    expect(entries.map((e) => e.dir)).toEqual(['0', 'named']);
  });

  it('rejects with SOURCE_FAILED, keeping the cause, when search fails or returns no list', async () => {
    const cause = new Error('connection reset');
    const failing = storeSource({ search: () => Promise.reject(cause) }, ['o', 'skills']);
    const error = await rejectionOf(failing.list());
    expect(isSkillError(error) && error.code).toBe('SOURCE_FAILED');
    expect((error as Error).cause).toBe(cause);
    expect((error as Error).message).toContain('connection reset');
    const odd = storeSource({ search: () => Promise.resolve({} as unknown as SkillStoreItem[]) }, ['o']);
    expect(isSkillError(await rejectionOf(odd.list())) && 'ok').toBe('ok');
  });

  it('serves reads from the documents of the last listing, listing first when needed', async () => {
    const docs: SkillStoreItem[] = [{ key: 'a', value: { text: skillMd('a'), files: { 'r.md': 'one' } } }];
    const store = searchStore({ o: docs });
    const source = storeSource(store, ['o']);
    expect(new TextDecoder().decode(await source.read('a/r.md'))).toBe('one');
    expect(store.calls).toHaveLength(1);
    docs[0] = { key: 'a', value: { text: skillMd('a'), files: { 'r.md': 'two' } } };
    expect(new TextDecoder().decode(await source.read('a/r.md'))).toBe('one');
    await source.list();
    expect(new TextDecoder().decode(await source.read('a/r.md'))).toBe('two');
  });

  it('keeps files of a nested key to that key', async () => {
    const source = storeSource(
      searchStore({
        o: [
          { key: 'outer', value: { text: skillMd('outer'), files: { 'x.md': 'o' } } },
          { key: 'outer/inner', value: { text: skillMd('inner'), files: { 'x.md': 'i' } } },
        ],
      }),
      ['o'],
    );
    expect(new TextDecoder().decode(await source.read('outer/inner/x.md'))).toBe('i');
    expect(new TextDecoder().decode(await source.read('outer/x.md'))).toBe('o');
  });
});
