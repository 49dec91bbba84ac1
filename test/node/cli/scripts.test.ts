// The built command in scripts (issue 22): list and route exit 0 when they did their job and keep stderr short,
// publish and catalog refuse a name used twice by one rule, catalog reports every problem in one run, the list table
// fits the terminal, and every summary says what hidden folders held. Each test runs the packed bin/satchel.js.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skillMd } from '../../support/skill-md.js';
import { tempTrees } from '../../support/temp-trees.js';
import { packSatchel, type PackedSatchel } from './packed.js';

const tree = tempTrees('satchel-cli-scripts-');
let packed: PackedSatchel;

beforeAll(async () => {
  packed = await packSatchel();
}, 120_000);

afterAll(async () => {
  await packed?.remove();
});

const broken = Object.fromEntries(['b1', 'b2', 'b3', 'b4', 'b5', 'b6'].map((n) => [`skills/${n}/SKILL.md`, skillMd(n, { description: '' })]));
const files = {
  ...broken,
  'skills/pdf/SKILL.md': skillMd('pdf', { description: 'Merge, split and fill PDF files.', front: { examples: ['merge these two pdf files'] } }),
  'skills/notes/SKILL.md': skillMd('notes', { front: { metadata: { keywords: ['pdf', 'forms'] } } }),
  'skills/mismatch/SKILL.md': skillMd('other-name'),
  'skills/.curated/gh/SKILL.md': skillMd('gh'),
  'skills/.curated/lint/SKILL.md': skillMd('lint'),
  'skills/.system/installer/SKILL.md': skillMd('installer'),
};
const hidden =
  '3 skills in 2 hidden folders (names that start with a dot) were not searched, first skills/.curated/gh/SKILL.md; pass --include-hidden to include them.';
const lines = (text: string): string[] => text.split('\n').filter((l) => l !== '');

describe('list and route in a script', () => {
  it('exit 0 when they did their job, and summarise the diagnostics on stderr by code in at most 10 lines', async () => {
    const root = await tree(files);
    const route = await packed.satchel(root, ['route', 'skills', 'merge these two pdf files']);
    expect(route.code).toBe(0);
    expect(route.out).toMatch(/\npdf\s+yes\s+search\s/);
    expect(lines(route.err)).toEqual([
      'satchel route: 6 skills could not be loaded; 8 diagnostics by code (--verbose prints each with its fix):',
      '  6 description-missing (error)',
      '  1 metadata-value-type (warning)',
      '  1 name-mismatch (warning)',
      `satchel route: ${hidden}`,
    ]);
    const list = await packed.satchel(root, ['list', 'skills']);
    expect(list.code).toBe(0);
    expect(lines(list.out).slice(-2)).toEqual(['3 skills loaded, 6 skipped', hidden]);
    expect(lines(list.err)).toEqual(
      lines(route.err)
        .slice(0, -1)
        .map((l) => l.replace('satchel route', 'satchel list')),
    );
  });

  it('--verbose prints every diagnostic with its fix; --strict exits 1 on a skill not loaded', async () => {
    const root = await tree(files);
    const verbose = await packed.satchel(root, ['list', '--verbose', 'skills']);
    expect(verbose.err.match(/ description-missing error: /g)).toHaveLength(6);
    expect(verbose.err.match(/\n {4}fix: /g)).toHaveLength(8);
    expect((await packed.satchel(root, ['list', '--strict', 'skills'])).code).toBe(1);
    expect((await packed.satchel(root, ['route', '--strict', 'skills', 'merge pdf files'])).code).toBe(1);
    expect((await packed.satchel(root, ['list', '--strict', 'skills/pdf'])).code).toBe(0);
  });

  it('route A B where B is a folder says the turn is missing and exits 2', async () => {
    const root = await tree(files);
    const run = await packed.satchel(root, ['route', 'skills/pdf', 'skills/notes']);
    expect([run.code, run.out]).toEqual([2, '']);
    expect(run.err).toBe(
      'satchel route: the last argument, "skills/notes", is a folder, so the turn is missing; give the turn last (after `--` to route a turn that is also a folder\'s name).\n' +
        'Run `satchel route --help` for usage.\n',
    );
  });

  it('the list table fits the terminal width, keeping the end of a long path', async () => {
    const deep = 'skills/a-group-with-a-rather-long-name/and-a-subgroup-named-at-length/pdf-forms';
    const root = await tree({ [`${deep}/SKILL.md`]: skillMd('pdf-forms-filling-merging-and-splitting'), 'skills/notes/SKILL.md': skillMd('notes') });
    const wide = await packed.satchel(root, ['list', 'skills']);
    expect(wide.out).toContain(`${deep}/SKILL.md`);
    const narrow = await packed.satchel(root, ['list', 'skills'], { COLUMNS: '72' });
    const table = lines(narrow.out).slice(0, 4);
    expect(Math.max(...table.map((l) => [...l].length))).toBe(72);
    expect(table[2]).toMatch(/^pdf-forms-fill[a-z-]*…\s+…[a-z-]*\/SKILL\.md {2}auto {2}/);
    expect(table[3]).toMatch(/^notes\s+…[a-z/]*\/SKILL\.md\s+auto\s+[0-9a-f]{12}$/);
  });
});

describe('names used twice', () => {
  const twice = { 'skills/a/pdf/SKILL.md': skillMd('pdf'), 'skills/b/pdf/SKILL.md': skillMd('PDF'), 'skills/notes/SKILL.md': skillMd('notes') };

  it('publish refuses them as catalog does, and writes nothing', async () => {
    const root = await tree(twice);
    const publish = await packed.satchel(root, ['publish', 'skills', 'out']);
    expect([publish.code, publish.out]).toEqual([1, '']);
    expect(publish.err).toMatch(
      /^satchel publish: CONFLICT: A skill name is used twice; 1 problem, each below with its fix\.\nskills\/b\/pdf\/SKILL\.md duplicate-skill error: Skill "PDF" has the name of the one at `skills\/a\/pdf\/SKILL\.md`/,
    );
    expect(existsSync(join(root, 'out'))).toBe(false);
    const catalog = await packed.satchel(root, ['catalog', 'skills']);
    expect(catalog.code).toBe(1);
    expect(catalog.err).toMatch(
      /^satchel catalog: CONFLICT: A skill name is used twice; 1 problem, each below with its fix\.\nskills\/b\/pdf\/SKILL\.md shadowed /,
    );
  });

  it('catalog reports every limit it exceeds and the conflict in one run, each problem once', async () => {
    const root = await tree({ ...twice, 'skills/bad/SKILL.md': skillMd('bad', { description: '' }) });
    const { code, out, err } = await packed.satchel(root, ['catalog', '--max-skills', '1', '--max-total-bytes', '100', '--max-catalog-bytes', '50', 'skills']);
    expect([code, out]).toEqual([1, '']);
    expect(lines(err).filter((l) => l.startsWith('satchel catalog: '))).toEqual([
      'satchel catalog: LIMIT_EXCEEDED: The set holds 2 skills, more than --max-skills (1).',
      expect.stringMatching(/^satchel catalog: LIMIT_EXCEEDED: The set holds \d+ bytes, more than --max-total-bytes \(100\)\.$/),
      'satchel catalog: CONFLICT: A skill name is used twice; 1 problem, each below with its fix.',
      'satchel catalog: INVALID_SKILL: A skill could not be loaded; 1 problem, each below with its fix.',
      expect.stringMatching(/^satchel catalog: LIMIT_EXCEEDED: The catalog of 2 skills is \d+ bytes, more than --max-catalog-bytes \(50\); it is refused/),
    ]);
    expect(err.split('skills/b/pdf/SKILL.md shadowed').length).toBe(2);
  });

  it('a folder given twice is read once', async () => {
    const root = await tree({ 'skills/pdf/SKILL.md': skillMd('pdf') });
    const { code, err } = await packed.satchel(root, ['catalog', 'skills', './skills/']);
    expect([code, err]).toEqual([0, expect.stringMatching(/^1 skill, \d+ of 16384 catalog bytes\n$/)]);
  });
});

describe('validate', () => {
  it('says what to do with a list in metadata, and how many skills hidden folders held', async () => {
    const root = await tree(files);
    const { out } = await packed.satchel(root, ['validate', 'skills']);
    expect(out).toContain(
      'skills/notes/SKILL.md:5:3 metadata-value-type warning: `metadata.keywords` is a list, not text.\n' +
        '    fix: Quote a number or a date, e.g. `version: "1.0"`; write a list as one text, its items separated by commas, e.g. `keywords: "pdf, forms"`',
    );
    expect(lines(out).slice(-2)).toEqual(['9 skills checked (runtime profile): 1 valid, 2 with warnings, 6 invalid', hidden]);
    const all = await packed.satchel(root, ['validate', '--include-hidden', 'skills']);
    expect(lines(all.out).at(-1)).toBe('12 skills checked (runtime profile): 4 valid, 2 with warnings, 6 invalid');
  });
});
