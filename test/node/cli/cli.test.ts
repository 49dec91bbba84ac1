// The satchel command line, run in-process with captured output over real folders.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/node/cli/index.js';

let root: string;

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: { write: (t: string) => (out += t) }, err: { write: (t: string) => (err += t) }, cwd: root });
  return { code, out, err };
}

async function put(path: string, text: string): Promise<void> {
  await mkdir(join(root, path, '..'), { recursive: true });
  await writeFile(join(root, path), text);
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'satchel-cli-'));
  await put('good/pdf/SKILL.md', '---\nname: pdf\ndescription: Extract text from PDF files. Use when handling PDFs.\n---\n# PDF\n');
  await put('good/notes/SKILL.md', '---\nname: notes\ndescription: Take notes.\nintents: [note_taking]\n---\nBody\n');
  await put('mixed/colon/SKILL.md', '---\nname: colon\ndescription: Use when: the user asks\n---\nBody\n');
  await put('mixed/broken/SKILL.md', '---\nname: broken\ndescription: [oops\n---\nBody\n');
  await put('mixed/pdf/SKILL.md', '---\nname: pdf\ndescription: A second pdf skill that the first path shadows.\n---\nBody\n');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('satchel validate', () => {
  it('passes valid folders with a one-line summary and exit 0', async () => {
    const { code, out } = await run('validate', 'good');
    expect(code).toBe(0);
    expect(out.trim().split('\n').at(-1)).toBe('2 skills checked (runtime profile): 2 valid, 0 with warnings, 0 invalid');
  });

  it('prints path:line:column code message with a fix, and exits 1 on an invalid skill', async () => {
    const { code, out } = await run('validate', 'mixed');
    expect(code).toBe(1);
    expect(out).toContain('mixed/colon/SKILL.md:3:14 yaml-unquoted-colon warning:');
    expect(out).toMatch(/mixed\/broken\/SKILL\.md:[34]:\d+ invalid-yaml error: /);
    expect(out).toMatch(/\n {4}fix: Quote the value/);
    expect(out.trim().split('\n').at(-1)).toBe('3 skills checked (runtime profile): 1 valid, 1 with warnings, 1 invalid');
  });

  it('--strict applies the spec profile: an extension field or a recovered colon is invalid', async () => {
    const good = await run('validate', '--strict', 'good');
    expect(good.code).toBe(1);
    expect(good.out).toContain('good/notes/SKILL.md:4:1 extension-field error:');
    const single = await run('validate', '--strict', 'good/pdf/SKILL.md');
    expect(single.code).toBe(0);
    expect(single.out).toContain('1 skill checked (spec profile): 1 valid');
  });

  it('--json prints reports with verdicts and diagnostics', async () => {
    const { code, out } = await run('validate', '--json', 'mixed');
    expect(code).toBe(1);
    const parsed = JSON.parse(out) as { profile: string; reports: { path: string; verdict: string; diagnostics: { code: string }[] }[] };
    expect(parsed.profile).toBe('runtime');
    expect(parsed.reports.map((r) => [r.path, r.verdict])).toEqual([
      ['mixed/broken/SKILL.md', 'invalid'],
      ['mixed/colon/SKILL.md', 'warnings'],
      ['mixed/pdf/SKILL.md', 'valid'],
    ]);
  });

  it('exits 1 for a missing path and 2 for bad usage', async () => {
    expect((await run('validate', 'nowhere')).code).toBe(1);
    expect((await run('validate')).code).toBe(2);
    expect((await run('validate', '--bogus', 'good')).code).toBe(2);
    expect((await run('frobnicate', 'good')).code).toBe(2);
  });
});

describe('satchel list', () => {
  it('prints a table of name, source, activation, intents and short digest on stdout, the diagnostics on stderr', async () => {
    const { code, out, err } = await run('list', 'good', 'mixed');
    expect(code).toBe(0);
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^name\s+source\s+activation\s+intents\s+digest$/);
    expect(out).toMatch(/\nnotes\s+good\/notes\/SKILL\.md\s+intent-matched\s+note_taking\s+[0-9a-f]{12}\n/);
    expect(out).toMatch(/\npdf\s+good\/pdf\/SKILL\.md\s+auto\s+[0-9a-f]{12}\n/);
    expect(out.trim().split('\n').at(-1)).toBe('3 skills loaded, 1 skipped');
    expect(out).not.toContain('invalid-yaml');
    expect(err).toContain('shadowed info: Skill "pdf" from mixed');
    expect(err).toMatch(/mixed\/broken\/SKILL\.md:[34]:\d+ invalid-yaml/);
  });

  it('--strict exits 1 when a skill could not be loaded', async () => {
    expect((await run('list', '--strict', 'good', 'mixed')).code).toBe(1);
    expect((await run('list', '--strict', 'good')).code).toBe(0);
  });
});
