// Every limit has a flag, reaches the command, and is named as a flag in messages and fixes.
import { describe, expect, it } from 'vitest';
import { tempTrees } from '../../support/temp-trees.js';
import { skillMd } from '../../support/skill-md.js';
import { cli } from './run.js';

const tree = tempTrees('satchel-cli-limits-');

const files = {
  'skills/pdf/SKILL.md': skillMd('pdf'),
  'skills/pdf/references/a.md': 'A',
  'skills/pdf/references/b.md': 'B',
  'skills/pdf/references/deep/er/c.md': 'C',
  'skills/notes/SKILL.md': skillMd('notes'),
  'skills/group/inner/mail/SKILL.md': skillMd('mail'),
};

// Each flag, a command it applies to, and the value that the tree above breaks (list and route fail on a skipped skill under --strict).
const cases: readonly [flag: string, command: string, value: string][] = [
  ['--max-file-bytes', 'validate', '60'],
  ['--max-depth', 'validate', '1'],
  ['--max-folders', 'validate', '2'],
  ['--max-files-per-skill', 'list', '2'],
  ['--max-nesting', 'list', '1'],
  ['--max-skills', 'list', '2'],
  ['--max-total-bytes', 'route', '100'],
  ['--max-catalog-bytes', 'catalog', '100'],
  ['--max-instructions-bytes', 'catalog', '300'],
];

describe('limit flags', () => {
  it.each(cases)('%s reaches %s, which fails naming the flag, never the option name', async (flag, command, value) => {
    const root = await tree(files);
    const strict = command === 'list' || command === 'route' ? ['--strict'] : [];
    const argv = command === 'route' ? [command, ...strict, flag, value, 'skills', 'merge pdf files'] : [command, ...strict, flag, value, 'skills'];
    const { code, out, err } = await cli(root, ...argv);
    const text = out + err;
    expect(code).toBe(1);
    expect(text).toContain(flag);
    expect(text).toMatch(new RegExp(`fix: .*raise ${flag}`));
    expect(text).not.toMatch(/\bmax[A-Z]/);
    const clean = await cli(root, ...argv.filter((a) => a !== flag && a !== value));
    expect(clean.out + clean.err).not.toContain(flag);
  });

  it('the help of every command that loads lists a flag for each limit it uses, the whole set across them', async () => {
    const flags = new Set<string>();
    for (const command of ['validate', 'list', 'catalog', 'route']) {
      for (const m of (await cli('/', command, '--help')).out.matchAll(/--max-[a-z-]+/g)) flags.add(m[0]);
    }
    expect([...flags].sort()).toEqual([
      '--max-catalog-bytes',
      '--max-depth',
      '--max-file-bytes',
      '--max-files-per-skill',
      '--max-folders',
      '--max-instructions-bytes',
      '--max-nesting',
      '--max-skills',
      '--max-total-bytes',
    ]);
  });

  it('a raised limit lets the load through', async () => {
    const root = await tree({ ...files, 'big/huge/SKILL.md': skillMd('huge', { body: 'x'.repeat(300 * 1024) }) });
    expect((await cli(root, 'validate', 'big')).code).toBe(1);
    expect((await cli(root, 'validate', '--max-file-bytes', String(400 * 1024), 'big')).code).toBe(0);
  });

  it('catalog over its byte limit says how many skills it found and which flag to raise', async () => {
    const root = await tree(files);
    const { code, out, err } = await cli(root, 'catalog', '--max-catalog-bytes=100', 'skills');
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toMatch(
      /^satchel catalog: LIMIT_EXCEEDED: The catalog of 3 skills is \d+ bytes, more than --max-catalog-bytes \(100\); it is refused, never cut\.\n {4}fix: raise --max-catalog-bytes, or give fewer or narrower paths\.\n$/,
    );
  });
});

describe('a refused skill set', () => {
  it('is one line naming what was refused, then every problem with its path and fix', async () => {
    const root = await tree({ ...files, 'skills/pdf/references/big.md': 'x'.repeat(2000) });
    const { code, err } = await cli(root, 'catalog', '--max-depth', '2', '--max-file-bytes', '1500', 'skills');
    expect(code).toBe(1);
    expect(err).toBe(
      'satchel catalog: LIMIT_EXCEEDED: A limit was reached; 2 problems, each below with its fix.\n' +
        'skills/group/inner/mail discovery-limit warning: 1 folder is deeper than --max-depth (2) and was not searched for skills, first `group/inner/mail`.\n' +
        '    fix: Point satchel at a narrower folder, or raise --max-depth.\n' +
        'skills/pdf/SKILL.md limit-exceeded error: `references/big.md` is 2000 bytes, more than --max-file-bytes (1500); the skill is skipped.\n' +
        '    fix: Shrink the skill, or raise --max-file-bytes.\n',
    );
  });
});
