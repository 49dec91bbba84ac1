// folderSandbox: loaded skills on disk under <dir>/skills/<name>/, byte for byte, read-only, never through a link.
import { link, lstat, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bundleSource,
  buildSkillBundle,
  directorySource,
  folderSandbox,
  pluginSource,
  SkillLoader,
  type LoadedSkill,
  type SkillSource,
  type SkillTool,
} from '../../src/node/index.js';
import { rejected } from '../support/errors.js';
import { skillMd } from '../support/skill-md.js';
import { tempTrees } from '../support/temp-trees.js';

const tempTree = tempTrees('satchel-sandbox-');

const png = new Uint8Array(Array.from({ length: 300 }, (_, i) => (i * 37) % 256));
const skills = {
  'pdf/SKILL.md': '---\nname: pdf\ndescription: Fill PDF forms.   \n---\n\n  Use scripts/fill.py.\r\n\n',
  'pdf/scripts/fill.py': '#!/usr/bin/env python3\nprint("filled")\n',
  'pdf/references/deep/forms.md': '# Forms\n',
  'pdf/assets/sample.png': png,
  'csv/SKILL.md': skillMd('csv', { description: 'Read CSV files.' }),
  'csv/references/dialects.md': 'Commas, mostly.',
};

async function loaderOver(source: SkillSource): Promise<{ loader: SkillLoader; load: (name: string) => Promise<LoadedSkill> }> {
  const loader = new SkillLoader({ builtin: source });
  await loader.loadAll();
  return { loader, load: (name) => (loader.tools[0] as SkillTool<LoadedSkill>).run({ name }) };
}

/** Every file under `root` (relative paths, sorted) with its bytes and mode bits; folders by their mode too. */
async function tree(root: string): Promise<Record<string, { bytes?: number[]; mode: string }>> {
  const out: Record<string, { bytes?: number[]; mode: string }> = {};
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const at = join(dir, entry.name);
      const mode = ((await lstat(at)).mode & 0o777).toString(8);
      if (entry.isDirectory()) {
        out[`${relative(root, at)}/`] = { mode };
        await walk(at);
      } else out[relative(root, at)] = { bytes: [...(await readFile(at))], mode };
    }
  };
  await walk(root);
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}

describe('folderSandbox', () => {
  it('writes a loaded skill folder byte for byte under <dir>/skills/<name>/, every file read-only (0o444)', async () => {
    const source = await tempTree(skills);
    const { loader, load } = await loaderOver(directorySource(source));
    const dir = join(await tempTree(), 'run', '42');
    await loader.attachSandbox(folderSandbox(dir));
    await load('pdf');
    const written = await tree(join(dir, 'skills', 'pdf'));
    const original = await tree(join(source, 'pdf'));
    expect(Object.keys(written)).toEqual(Object.keys(original));
    for (const [path, { bytes, mode }] of Object.entries(written)) {
      expect([path, bytes]).toEqual([path, original[path]?.bytes]);
      expect([path, mode]).toEqual([path, path.endsWith('/') ? (original[path]?.mode ?? '') : '444']);
    }
    expect(await readFile(join(dir, 'skills', 'pdf', 'SKILL.md'), 'utf8')).toBe(skills['pdf/SKILL.md']);
    expect(await readdir(join(dir, 'skills'))).toEqual(['pdf']);
  });

  it('replays the skills loaded before it was attached, then adds later loads; a changed skill replaces its read-only files', async () => {
    const source = await tempTree(skills);
    const { loader, load } = await loaderOver(directorySource(source));
    await load('csv');
    const dir = await tempTree();
    const sandbox = await loader.attachSandbox(folderSandbox(dir));
    expect(await readFile(join(dir, 'skills', 'csv', 'references', 'dialects.md'), 'utf8')).toBe('Commas, mostly.');
    await load('pdf');
    expect([...(await readFile(join(dir, 'skills', 'pdf', 'assets', 'sample.png')))]).toEqual([...png]);
    // The skill changes on disk and is loaded again: its file, read-only, is replaced with the new bytes.
    await writeFile(join(source, 'csv', 'references', 'dialects.md'), 'Semicolons in Europe.');
    await loader.loadAll();
    await load('csv');
    const file = join(dir, 'skills', 'csv', 'references', 'dialects.md');
    expect(await readFile(file, 'utf8')).toBe('Semicolons in Europe.');
    expect((await lstat(file)).mode & 0o777).toBe(0o444);
    expect(sandbox.written.map((s) => [s.name, s.digest])).toEqual([
      ['csv', loader.getByName('csv')?.digest],
      ['pdf', loader.getByName('pdf')?.digest],
    ]);
  });

  it('lays out plugin skills under their plugin, and projects pre-parsed bundle skills without a false digest mismatch', async () => {
    const plugins = await tempTree({
      'finance/plugin.json': JSON.stringify({ name: 'corporate-finance' }),
      'finance/skills/dcf/SKILL.md': skillMd('dcf', { body: 'Run ../../scripts/npv.py.' }),
      'finance/scripts/npv.py': 'print(1)\n',
    });
    const { loader, load } = await loaderOver(pluginSource(plugins));
    const dir = await tempTree();
    await loader.attachSandbox(folderSandbox(dir));
    await load('dcf');
    expect(await readFile(join(dir, 'skills', 'corporate-finance', 'scripts', 'npv.py'), 'utf8')).toBe('print(1)\n');
    expect(await readFile(join(dir, 'skills', 'corporate-finance', 'skills', 'dcf', 'SKILL.md'), 'utf8')).toBe(
      skillMd('dcf', { body: 'Run ../../scripts/npv.py.' }),
    );

    const bundled = await loaderOver(bundleSource(await buildSkillBundle(await tempTree(skills))));
    const other = await tempTree();
    await bundled.loader.attachSandbox(folderSandbox(other));
    await bundled.load('pdf');
    expect([...(await readFile(join(other, 'skills', 'pdf', 'assets', 'sample.png')))]).toEqual([...png]);
    expect(await readFile(join(other, 'skills', 'pdf', 'SKILL.md'), 'utf8')).toBe(skills['pdf/SKILL.md']);
  });

  it('refuses a symbolic link already inside the folder, as a folder or as a file, and writes nothing through it', async () => {
    const outside = await tempTree({ 'secret.txt': 'keep me' });
    const source = await tempTree(skills);
    const { loader, load } = await loaderOver(directorySource(source));
    await load('csv');

    const linkedSkills = await tempTree();
    await symlink(outside, join(linkedSkills, 'skills'));
    expect(await rejected(loader.attachSandbox(folderSandbox(linkedSkills)))).toMatchObject({ code: 'UNSAFE_PATH', path: '/skills' });

    const linkedFolder = await tempTree();
    await mkdir(join(linkedFolder, 'skills', 'csv'), { recursive: true });
    await symlink(outside, join(linkedFolder, 'skills', 'csv', 'references'));
    expect(await rejected(loader.attachSandbox(folderSandbox(linkedFolder)))).toMatchObject({ code: 'UNSAFE_PATH', path: '/skills/csv/references' });

    const linkedFile = await tempTree();
    await mkdir(join(linkedFile, 'skills', 'csv', 'references'), { recursive: true });
    await symlink(join(outside, 'secret.txt'), join(linkedFile, 'skills', 'csv', 'SKILL.md'));
    expect(await rejected(loader.attachSandbox(folderSandbox(linkedFile)))).toMatchObject({ code: 'UNSAFE_PATH', path: '/skills/csv/SKILL.md' });

    // A dangling link is refused the same way (it is never created through).
    const dangling = await tempTree();
    await mkdir(join(dangling, 'skills', 'csv', 'references'), { recursive: true });
    await symlink(join(outside, 'new.txt'), join(dangling, 'skills', 'csv', 'references', 'dialects.md'));
    expect((await rejected(loader.attachSandbox(folderSandbox(dangling)))).code).toBe('UNSAFE_PATH');

    expect(await readdir(outside)).toEqual(['secret.txt']);
    expect(await readFile(join(outside, 'secret.txt'), 'utf8')).toBe('keep me');
  });

  it('replaces a hard link in the way instead of writing through it', async () => {
    const outside = await tempTree({ 'shared.md': 'outside' });
    const dir = await tempTree();
    await mkdir(join(dir, 'skills', 'x'), { recursive: true });
    await link(join(outside, 'shared.md'), join(dir, 'skills', 'x', 'a.md'));
    await folderSandbox(dir).writeFile('/skills/x/a.md', new TextEncoder().encode('inside'));
    expect(await readFile(join(dir, 'skills', 'x', 'a.md'), 'utf8')).toBe('inside');
    expect(await readFile(join(outside, 'shared.md'), 'utf8')).toBe('outside');
  });

  it('cannot be given a path that climbs out: `..`, relative, backslash, NUL and doubled slashes are refused before the disk is touched', async () => {
    const parent = await tempTree();
    const dir = join(parent, 'sandbox');
    const target = folderSandbox(dir);
    const bytes = new TextEncoder().encode('x');
    for (const path of [
      '/../escape.txt',
      '/skills/../../escape.txt',
      'escape.txt',
      '/skills\\..\\..\\escape.txt',
      '/skills/x\0/a',
      '//escape.txt',
      '/skills/',
    ]) {
      expect([path, (await rejected(Promise.resolve().then(() => target.writeFile(path, bytes)))).code]).toEqual([path, 'UNSAFE_PATH']);
      expect([path, (await rejected(Promise.resolve().then(() => target.mkdir(path)))).code]).toEqual([path, 'UNSAFE_PATH']);
    }
    // Refused before anything was made: not even the sandbox folder exists.
    expect(await readdir(parent)).toEqual([]);
    expect((await rejected(Promise.resolve().then(() => target.writeFile('/a', 'text' as unknown as Uint8Array)))).code).toBe('INVALID_INPUT');
  });

  it('says SANDBOX_FAILED for a file where a folder should be, and accepts a sandbox folder reached through a link', async () => {
    const dir = await tempTree({ 'skills/pdf': 'a file' });
    const error = await rejected(Promise.resolve(folderSandbox(dir).mkdir('/skills/pdf')));
    expect([error.code, error.path]).toEqual(['SANDBOX_FAILED', '/skills/pdf']);

    const real = await tempTree();
    const via = join(await tempTree(), 'via');
    await symlink(real, via);
    await folderSandbox(via).writeFile('/a.md', new TextEncoder().encode('through the root link'));
    expect(await readFile(join(real, 'a.md'), 'utf8')).toBe('through the root link');
    expect(() => folderSandbox('')).toThrow(/needs the path of a folder/);
  });
});
