// Paths given to the CLI: checked the same way by every command, printed relative to the working folder.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempTrees } from '../../support/temp-trees.js';
import { skillMd } from '../../support/skill-md.js';
import { cli } from './run.js';

const tree = tempTrees('satchel-cli-paths-');

describe('paths that cannot be used', () => {
  it('a missing path fails the same way in every command', async () => {
    const root = await tree({ 'skills/pdf/SKILL.md': skillMd('pdf') });
    for (const command of ['validate', 'list', 'catalog', 'route']) {
      const argv = command === 'route' ? [command, 'skills', 'nowhere', 'a turn'] : [command, 'skills', 'nowhere'];
      const { code, err } = await cli(root, ...argv);
      expect([command, code, err]).toEqual([command, 1, `satchel ${command}: nowhere: no such file or directory\n`]);
    }
  });

  it('list, catalog and route want folders; a SKILL.md file is named as such', async () => {
    const root = await tree({ 'skills/pdf/SKILL.md': skillMd('pdf') });
    const { code, out, err } = await cli(root, 'list', 'skills/pdf/SKILL.md');
    expect([code, out, err]).toEqual([1, '', 'satchel list: skills/pdf/SKILL.md: not a folder; give the folder that holds the skill\n']);
    expect((await cli(root, 'validate', 'skills/pdf/SKILL.md')).code).toBe(0);
  });
});

describe('paths print one way', () => {
  it('relative to the working folder, however they were given', async () => {
    const root = await tree({ 'skills/broken/SKILL.md': skillMd('broken', { description: '' }), 'work/.keep': '' });
    const cwd = join(root, 'work');
    for (const given of ['../skills', join(root, 'skills'), '../work/../skills/']) {
      const validate = await cli(cwd, 'validate', given);
      expect(validate.out).toMatch(/^\.\.\/skills\/broken\/SKILL\.md:\d+:\d+ description-missing error:/);
      const list = await cli(cwd, 'list', given);
      expect(list.err).toMatch(/^\.\.\/skills\/broken\/SKILL\.md:\d+:\d+ description-missing error:/);
      const catalog = await cli(cwd, 'catalog', given);
      expect(catalog.err).toMatch(/\n\.\.\/skills\/broken\/SKILL\.md:\d+:\d+ description-missing error:/);
      const json = JSON.parse((await cli(cwd, 'list', '--json', given)).out) as { diagnostics: { path: string }[] };
      expect(json.diagnostics.map((d) => d.path)).toEqual(['../skills/broken/SKILL.md']);
    }
  });

  it('a listing note (a hidden folder) is relative to the working folder too, not to the searched folder', async () => {
    const root = await tree({ 'proj/pdf/SKILL.md': skillMd('pdf'), 'proj/.claude/skills/notes/SKILL.md': skillMd('notes') });
    const { out } = await cli(root, 'list', '--json', 'proj');
    expect((JSON.parse(out) as { diagnostics: { code: string; path: string }[] }).diagnostics).toMatchObject([
      { code: 'hidden-skipped', path: 'proj/.claude' },
    ]);
    expect((await cli(root, 'validate', 'proj')).out).toContain(
      'proj/.claude hidden-skipped info: Hidden folder `.claude` was not searched (pass --include-hidden to search it).\n    fix: Pass --include-hidden to search hidden folders too.\n',
    );
  });
});

describe('a folder whose skills are all hidden', () => {
  const files = { 'proj/.claude/skills/pdf/SKILL.md': skillMd('pdf'), 'proj/.github/skills/notes/SKILL.md': skillMd('notes') };
  const note =
    '2 skills in 2 hidden folders (names that start with a dot) were not searched, first proj/.claude/skills/pdf/SKILL.md; pass --include-hidden to include them.\n';

  it('says so, and how to include them, in every command', async () => {
    const root = await tree(files);
    const validate = await cli(root, 'validate', 'proj');
    expect(validate.code).toBe(1);
    expect(validate.err).toBe(`satchel validate: no SKILL.md found under the given paths\nsatchel validate: ${note}`);
    const list = await cli(root, 'list', 'proj');
    expect([list.out, list.err]).toEqual([`0 skills loaded, 0 skipped\n${note}`, '']);
    expect((await cli(root, 'catalog', 'proj')).err).toContain(`satchel catalog: ${note}`);
    expect((await cli(root, 'route', 'proj', 'fill a pdf')).err).toBe(`satchel route: ${note}`);
  });

  it('--include-hidden includes them, and an empty folder gets no such note', async () => {
    const root = await tree({ ...files, 'empty/.keep/x.txt': 'x' });
    const list = await cli(root, 'list', '--include-hidden', 'proj');
    expect(list.out).toContain('2 skills loaded, 0 skipped');
    expect(list.err).toBe('');
    expect((await cli(root, 'validate', 'empty')).err).toBe('satchel validate: no SKILL.md found under the given paths\n');
  });
});
