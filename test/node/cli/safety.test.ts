// Hostile input: what the CLI reads is bounded, nothing blocks, no stack trace, and terminal output is escaped.
import { execFileSync } from 'node:child_process';
import { truncate, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../src/node/cli/index.js';
import { SkillError } from '../../../src/format/errors.js';
import { tempTrees } from '../../support/temp-trees.js';
import { skillMd } from '../../support/skill-md.js';
import { cli } from './run.js';

const tree = tempTrees('satchel-cli-safety-');
const big = skillMd('big', { body: 'x'.repeat(300 * 1024) });

describe('an oversized SKILL.md', () => {
  it('gives one file-too-large error and no second missing-frontmatter, in a folder', async () => {
    const root = await tree({ 'skills/big/SKILL.md': big });
    const { code, out } = await cli(root, 'validate', 'skills');
    expect(code).toBe(1);
    expect(out).toContain('skills/big/SKILL.md file-too-large error:');
    expect(out).not.toContain('missing-frontmatter');
    expect(out.match(/ error: /g)).toHaveLength(1);
    expect(out).toContain('1 skill checked (runtime profile): 0 valid, 0 with warnings, 1 invalid');
  });

  it('gives one file-too-large error when named directly, without reading it', async () => {
    const root = await tree({ 'big/SKILL.md': big });
    const { code, out } = await cli(root, 'validate', '--json', 'big/SKILL.md');
    expect(code).toBe(1);
    const report = (JSON.parse(out) as { reports: { diagnostics: { code: string }[] }[] }).reports[0];
    expect(report?.diagnostics.map((d) => d.code)).toEqual(['file-too-large']);
  });

  it('a 3 GB (sparse) SKILL.md is refused by its size, in one line', async () => {
    const root = await tree({ 'huge/SKILL.md': '' });
    await truncate(join(root, 'huge/SKILL.md'), 3 * 1024 ** 3);
    for (const path of ['huge/SKILL.md', 'huge']) {
      const { code, out, err } = await cli(root, 'validate', path);
      expect(code).toBe(1);
      expect(err).toBe('');
      expect(out).toMatch(
        /^huge\/SKILL\.md file-too-large error: .*\n {4}fix: Shrink the file or move material into reference files, or raise --max-file-bytes\.\n/,
      );
    }
  });
});

describe('paths that are not regular files or folders', () => {
  it('a FIFO is refused before it is opened, so nothing blocks', async () => {
    const root = await tree();
    execFileSync('mkfifo', [join(root, 'pipe')]);
    for (const command of ['validate', 'list', 'catalog']) {
      const { code, err } = await cli(root, command, 'pipe');
      expect([command, code, err]).toEqual([command, 1, `satchel ${command}: pipe: not a regular file or folder\n`]);
    }
  });

  it('a FIFO inside a folder is never opened: as a resource or as SKILL.md it refuses its skill, named', async () => {
    const root = await tree({ 'skills/pdf/SKILL.md': skillMd('pdf'), 'skills/other/.keep': '' });
    execFileSync('mkfifo', [join(root, 'skills/pdf/pipe'), join(root, 'skills/other/SKILL.md')]);
    const { code, out } = await cli(root, 'validate', 'skills');
    expect(code).toBe(1);
    expect(out).toContain(
      'skills/pdf/SKILL.md not-regular-file error: `pipe` is a FIFO, not a regular file or folder; it is never opened, and the skill is refused.',
    );
    expect(out).toContain('skills/other/SKILL.md not-regular-file error: The skill file `SKILL.md` is a FIFO, not a regular file; the skill is refused.');
    expect(out).toContain('2 skills checked');
  });

  it('/dev/null is refused in one line, shown as given rather than climbing up from the working folder', async () => {
    const root = await tree();
    const { code, err } = await cli(root, 'validate', '/dev/null');
    expect(code).toBe(1);
    expect(err).toBe('satchel validate: /dev/null: not a regular file or folder\n');
  });
});

describe('unexpected exceptions', () => {
  it('become one line `satchel: <message>` and exit 1, never a stack trace', async () => {
    const root = await tree({ 'skills/pdf/SKILL.md': skillMd('pdf') });
    let err = '';
    const broken = {
      write: (): never => {
        throw new Error('write EPIPE\n    at Socket.write (node:net:1:1)');
      },
    };
    const code = await runCli(['list', 'skills'], { out: broken, err: { write: (t: string) => (err += t) }, cwd: root });
    expect(code).toBe(1);
    expect(err).toBe('satchel: write EPIPE\n');
  });

  it('a SkillError a command did not handle is one line with its code, paths relative', async () => {
    const root = await tree({ 'skills/pdf/SKILL.md': skillMd('pdf') });
    let err = '';
    const failing = {
      write: (): never => {
        throw new SkillError('SOURCE_FAILED', `Source skills: \`${join(root, 'skills')}\` could not be opened.`);
      },
    };
    const code = await runCli(['validate', 'skills'], { out: failing, err: { write: (t: string) => (err += t) }, cwd: root });
    expect([code, err]).toEqual([1, 'satchel validate: SOURCE_FAILED: Source skills: `skills` could not be opened.\n']);
  });
});

describe('control characters in terminal output', () => {
  it('are escaped in names, descriptions and paths; JSON keeps the exact text', async () => {
    const evil = 'Fill PDF forms.\u001b[2K\u001b[1A Forged line \u202e';
    const root = await tree({ 'skills/pdf/SKILL.md': skillMd('pdf', { description: evil }) });
    await mkdir(join(root, 'skills', 'odd\u001b[31m'), { recursive: true });
    await writeFile(join(root, 'skills', 'odd\u001b[31m', 'SKILL.md'), skillMd(JSON.stringify('odd\nskills/x/SKILL.md:1:1 name-missing error: forged')));
    const catalog = await cli(root, 'catalog', 'skills/pdf');
    expect(catalog.out).toContain('- pdf: Fill PDF forms.\\x1b[2K\\x1b[1A Forged line \\u202e');
    const validate = await cli(root, 'validate', 'skills');
    const list = await cli(root, 'list', 'skills');
    for (const text of [catalog.out, catalog.err, validate.out, validate.err, list.out, list.err]) {
      expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/);
    }
    expect(validate.out).toContain('skills/odd\\x1b[31m/SKILL.md:2:1 name-format warning: `name` "odd\\nskills/x/SKILL.md:1:1 name-missing error: forged"');
    expect(list.out).toContain('odd\\nskills/x/SKILL.md:1:1 name-missing error: forged');
    expect(validate.out.split('\n').filter((l) => l.startsWith('skills/x/'))).toEqual([]);
    const json = JSON.parse((await cli(root, 'catalog', '--json', 'skills/pdf')).out) as { catalog: string };
    expect(json.catalog).toContain(evil.replace(/\s+/g, ' ').trim());
  });
});
