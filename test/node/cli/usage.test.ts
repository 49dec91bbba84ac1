// Help, version, and usage errors (exit 2) of the satchel command line.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tempTrees } from '../../support/temp-trees.js';
import { skillMd } from '../../support/skill-md.js';
import { cli } from './run.js';

const tree = tempTrees('satchel-cli-usage-');
const version = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

describe('help and version', () => {
  it('--help lists every command and exits 0', async () => {
    for (const argv of [['--help'], ['-h'], ['help']]) {
      const { code, out, err } = await cli('/', ...argv);
      expect(code).toBe(0);
      expect(err).toBe('');
      for (const command of ['validate <path…>', 'list <path…>', 'catalog <path…>', 'route <path…> "<turn>"']) expect(out).toContain(command);
      expect(out).toContain('Exit codes: 0 clean, 1 findings or failure, 2 usage error.');
    }
  });

  it('<command> --help shows that command with its flags and limit defaults', async () => {
    const { code, out } = await cli('/', 'validate', '--help');
    expect(code).toBe(0);
    expect(out).toMatch(/^Usage: satchel validate \[options\] <path…>/);
    expect(out).toContain('--strict');
    expect(out).toMatch(/--max-file-bytes <n> +Largest file in bytes, SKILL\.md included\. Default 262144\./);
    expect(out).not.toContain('--max-catalog-bytes');
    const catalog = await cli('/', 'help', 'catalog');
    expect(catalog.out).toMatch(/--max-catalog-bytes <n> +Largest catalog in bytes\. Default 16384\./);
    expect(catalog.out).toMatch(/--max-skills <n> +Most skills loaded\. Default 64\./);
    expect((await cli('/', 'list', 'x', '--bogus', '-h')).code).toBe(0);
    expect((await cli('/', 'route', '--help')).out).toMatch(
      /--threshold <n> +Activate a search hit at this score or more \(0 to 1\), instead of the decision rule\./,
    );
    expect(out).not.toContain('--threshold');
  });

  it('--version prints the version from package.json', async () => {
    expect(await cli('/', '--version')).toEqual({ code: 0, out: `${version}\n`, err: '' });
    expect((await cli('/', '-v')).out).toBe(`${version}\n`);
  });
});

describe('usage errors exit 2 and say what was wrong', () => {
  it('no command prints the help on stderr', async () => {
    const { code, out, err } = await cli('/');
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toContain('Commands:');
  });

  it('an unknown command says so', async () => {
    const { code, err } = await cli('/', 'frobnicate', 'x');
    expect(code).toBe(2);
    expect(err).toBe(
      'satchel: unknown command "frobnicate"; the commands are validate, list, catalog, route, eval, publish, lock, mcp, vectors, history, scan.\nRun `satchel --help` for usage.\n',
    );
    expect((await cli('/', 'help', 'frobnicate')).code).toBe(2);
  });

  it('an unknown option, a flag of another command, or a missing path is a usage error in every command', async () => {
    const root = await tree({ 'skills/pdf/SKILL.md': skillMd('pdf') });
    for (const command of ['validate', 'list', 'catalog', 'route']) {
      const unknown = await cli(root, command, '--bogus', 'skills', 'turn');
      expect([unknown.code, unknown.err.split('\n')[0]]).toEqual([2, `satchel ${command}: unknown option "--bogus".`]);
      expect((await cli(root, command)).code).toBe(2);
    }
    expect((await cli(root, 'list', '--xml', 'skills')).err).toContain('satchel list: --xml does not apply to satchel list.');
    expect((await cli(root, 'validate', '--max-catalog-bytes', '9', 'skills')).err).toContain('--max-catalog-bytes does not apply to satchel validate.');
    expect((await cli(root, 'validate', '--json=yes', 'skills')).code).toBe(2);
  });

  it('route needs a path and a turn', async () => {
    const { code, err } = await cli('/', 'route', 'skills');
    expect(code).toBe(2);
    expect(err).toContain('satchel route: give at least one path, then the turn.');
  });

  it('a limit value that is not a whole number from 0 up is a usage error', async () => {
    const root = await tree({ 'skills/pdf/SKILL.md': skillMd('pdf') });
    for (const value of ['abc', 'NaN', '-1', '1.5', '1e3', '', 'Infinity', '99999999999999999999']) {
      const { code, err, out } = await cli(root, 'validate', `--max-file-bytes=${value}`, 'skills');
      expect([value, code, out]).toEqual([value, 2, '']);
      expect(err).toContain(`--max-file-bytes takes a whole number from 0 up, not "${value}".`);
    }
    expect((await cli(root, 'list', 'skills', '--max-skills', '-3')).code).toBe(2);
    const missing = await cli(root, 'list', 'skills', '--max-skills');
    expect([missing.code, missing.err.split('\n')[0]]).toEqual([2, 'satchel list: --max-skills needs a value: a whole number from 0 up.']);
  });

  it('a control character in an unknown option is escaped in the complaint', async () => {
    const { err } = await cli('/', 'validate', '--\u001b[2Jx', 'skills');
    expect(err).toContain('unknown option "--\\x1b[2Jx"');
    expect(err).not.toContain('\u001b');
  });
});
