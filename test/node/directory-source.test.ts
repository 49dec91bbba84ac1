// directorySource: the shared contract on a temp folder, plus links, hidden folders, bounds, limits and hashing.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SkillSource, SourceListing } from '../../src/index.js';
import { directorySource, type DirectorySourceOptions } from '../../src/node/index.js';
import { describeSourceContract, type SourceFixture } from '../sources/source-contract.js';
import { codeOf } from '../support/errors.js';
import { tempTrees } from '../support/temp-trees.js';
import { skillMd } from '../support/skill-md.js';

/** A fresh temp folder holding `files` (paths from the root), removed after the run. */
const tempTree = tempTrees('satchel-dir-');

let contractRoot = '';
describeSourceContract(
  'directory',
  async (fixture) => {
    contractRoot = await tempTree(fixture);
    return directorySource(contractRoot);
  },
  { entryPath: (dir, fileName) => `${contractRoot}/${dir}/${fileName}` },
);

const text = (name: string): string => skillMd(name, { description: `The ${name} skill for directory source tests.`, body: `Do ${name}.` });

async function listed(files: SourceFixture, options?: DirectorySourceOptions): Promise<{ root: string; source: SkillSource; listing: SourceListing }> {
  const root = await tempTree(files);
  const source = directorySource(root, options);
  return { root, source, listing: await source.list() };
}

const codes = (l: SourceListing): string[] => l.diagnostics.map((d) => d.code);
const entryCodes = (l: SourceListing, dir: string): string[] => (l.entries.find((e) => e.dir === dir)?.diagnostics ?? []).map((d) => d.code);

describe('directorySource: symbolic links are refused, never followed', () => {
  it('refuses a skill holding a symlinked file or folder, and a symlinked SKILL.md', async () => {
    const outside = await tempTree({ 'secret.txt': 'secret', 'dir/x.md': 'x', 'real/SKILL.md': text('linked') });
    const root = await tempTree({
      'file-link/SKILL.md': text('file-link'),
      'folder-link/SKILL.md': text('folder-link'),
      'md-link/readme.md': 'r',
      'clean/SKILL.md': text('clean'),
    });
    await symlink(join(outside, 'secret.txt'), join(root, 'file-link/secret.txt'));
    await symlink(join(outside, 'dir'), join(root, 'folder-link/dir'));
    await symlink(join(outside, 'real/SKILL.md'), join(root, 'md-link/SKILL.md'));
    const listing = await directorySource(root).list();
    expect(listing.entries.map((e) => e.dir)).toEqual(['clean', 'file-link', 'folder-link', 'md-link']);
    for (const dir of ['file-link', 'folder-link', 'md-link']) {
      const entry = listing.entries.find((e) => e.dir === dir);
      expect(
        entry?.diagnostics?.map((d) => [d.code, d.severity]),
        dir,
      ).toEqual([['unsafe-path', 'error']]);
      expect(entry?.files, dir).toEqual(dir === 'md-link' ? [expect.objectContaining({ path: 'readme.md' })] : []);
    }
    expect(listing.entries.find((e) => e.dir === 'md-link')?.text).toBeUndefined();
    expect(entryCodes(listing, 'clean')).toEqual([]);
  });

  it('reports a symlinked folder outside any skill on the listing and does not walk into it', async () => {
    const outside = await tempTree({ 'elsewhere/SKILL.md': text('elsewhere') });
    const root = await tempTree({ 'a/SKILL.md': text('a') });
    await symlink(outside, join(root, 'linked'));
    const listing = await directorySource(root).list();
    expect(listing.entries.map((e) => e.dir)).toEqual(['a']);
    expect(listing.diagnostics.map((d) => [d.code, d.path])).toEqual([['unsafe-path', 'linked']]);
  });

  it('rejects reads through a link, of a link, and out of the root', async () => {
    const outside = await tempTree({ 'secret.txt': 'secret' });
    const root = await tempTree({ 'a/SKILL.md': text('a'), 'a/ok.md': 'ok' });
    await symlink(join(outside, 'secret.txt'), join(root, 'a/secret.txt'));
    await symlink(outside, join(root, 'out'));
    const source = directorySource(root);
    expect(await codeOf(source.read('a/secret.txt'))).toBe('UNSAFE_PATH');
    expect(await codeOf(source.read('out/secret.txt'))).toBe('UNSAFE_PATH');
    expect(await codeOf(source.read('../secret.txt'))).toBe('UNSAFE_PATH');
    expect(await codeOf(source.read('a/../../secret.txt'))).toBe('UNSAFE_PATH');
    expect(await codeOf(source.read(join(outside, 'secret.txt')))).toBe('UNSAFE_PATH');
    expect(new TextDecoder().decode(await source.read('a/ok.md'))).toBe('ok');
  });

  it('refuses special files such as FIFOs inside a skill without opening them', async () => {
    const root = await tempTree({ 'a/SKILL.md': text('a') });
    try {
      execFileSync('mkfifo', [join(root, 'a/pipe')]);
    } catch {
      return; // No mkfifo on this system.
    }
    const listing = await directorySource(root).list();
    expect(entryCodes(listing, 'a')).toEqual(['not-regular-file']);
    expect(listing.entries[0]?.diagnostics?.[0]?.message).toMatch(/`pipe` is a FIFO/);
    expect(await codeOf(directorySource(root).read('a/pipe'))).toBe('NOT_FOUND');
  });
});

describe('directorySource: what is skipped', () => {
  it('skips hidden folders with a hidden-skipped info, and searches them with includeHidden', async () => {
    const files = { '.curated/pdf/SKILL.md': text('pdf'), 'a/SKILL.md': text('a'), 'a/.cache/x.md': 'x', 'a/.env': 'KEY=1', '.git/SKILL.md': text('git') };
    const { root, listing } = await listed(files);
    expect(listing.entries.map((e) => e.dir)).toEqual(['a']);
    expect(listing.diagnostics.map((d) => [d.code, d.severity, d.path])).toEqual([['hidden-skipped', 'info', '.curated']]);
    expect(listing.entries[0]?.files).toEqual([]);
    expect(entryCodes(listing, 'a')).toEqual(['hidden-skipped']);
    expect(await codeOf(directorySource(root).read('a/.env'))).toBe('NOT_FOUND');
    const all = await directorySource(root, { includeHidden: true }).list();
    expect(all.entries.map((e) => [e.dir, e.files?.map((f) => f.path)])).toEqual([
      ['.curated/pdf', []],
      ['a', ['.cache/x.md', '.env']],
    ]);
    expect(all.diagnostics).toEqual([]);
    expect(new TextDecoder().decode(await directorySource(root, { includeHidden: true }).read('a/.env'))).toBe('KEY=1');
  });

  it('skips node_modules, __pycache__ and .DS_Store silently, even with includeHidden', async () => {
    const { root, listing } = await listed({
      'node_modules/pkg/SKILL.md': text('pkg'),
      'a/SKILL.md': text('a'),
      'a/__pycache__/m.pyc': 'x',
      'a/.DS_Store': 'x',
      'a/node_modules/x/y.js': 'y',
    });
    expect(listing.entries.map((e) => [e.dir, e.files])).toEqual([['a', []]]);
    expect(listing.diagnostics).toEqual([]);
    const all = await directorySource(root, { includeHidden: true }).list();
    expect(all.entries.map((e) => [e.dir, e.files])).toEqual([['a', []]]);
    expect(await codeOf(directorySource(root, { includeHidden: true }).read('node_modules/pkg/SKILL.md'))).toBe('NOT_FOUND');
  });
});

describe('directorySource: discovery bounds', () => {
  it('stops at maxDepth with one discovery-limit naming it', async () => {
    const { listing } = await listed({ 'a/SKILL.md': text('a'), 'x/y/deep/SKILL.md': text('deep'), 'x/z/deeper/SKILL.md': text('deeper') }, { maxDepth: 2 });
    expect(listing.entries.map((e) => e.dir)).toEqual(['a']);
    expect(codes(listing)).toEqual(['discovery-limit']);
    expect(listing.diagnostics[0]?.message).toMatch(/2 folders .*maxDepth \(2\)/);
    expect(listing.diagnostics[0]?.path).toBe('x/y/deep');
  });

  it('stops at maxFolders with one discovery-limit naming it', async () => {
    const { listing } = await listed({ 'a/SKILL.md': text('a'), 'b/SKILL.md': text('b'), 'c/SKILL.md': text('c'), 'd/SKILL.md': text('d') }, { maxFolders: 3 });
    // The root is not counted: three folders below it are searched, the fourth is not.
    expect(listing.entries.map((e) => e.dir)).toEqual(['a', 'b', 'c']);
    expect(codes(listing)).toEqual(['discovery-limit']);
    expect(listing.diagnostics[0]?.message).toMatch(/maxFolders \(3\): 1 more folder was/);
  });

  it('counts only discovery folders against maxFolders, not the folders inside a skill', async () => {
    const { listing } = await listed({ 'a/SKILL.md': text('a'), 'a/r/x.md': 'x', 'a/s/t/y.md': 'y' }, { maxFolders: 2 });
    expect(entryCodes(listing, 'a')).toEqual([]);
    expect(listing.entries[0]?.files?.map((f) => f.path)).toEqual(['r/x.md', 's/t/y.md']);
    expect(codes(listing)).toEqual([]);
  });

  it('refuses a skill with more folders than maxFilesPerSkill', async () => {
    const { listing } = await listed({ 'a/SKILL.md': text('a'), 'a/r/x.md': 'x', 'a/s/y.md': 'y', 'a/t/z.md': 'z' }, { maxFilesPerSkill: 2 });
    expect(entryCodes(listing, 'a')).toContain('limit-exceeded');
    expect(listing.entries[0]?.diagnostics?.some((d) => /more than 2 folders \(maxFilesPerSkill\)/.test(d.message))).toBe(true);
  });

  it('lists nothing, without throwing, for a missing directory', async () => {
    const source = directorySource(join(tmpdir(), 'satchel-no-such-dir', String(Date.now())));
    expect(await source.list()).toEqual({ entries: [], diagnostics: [] });
    expect(await codeOf(source.read('a/SKILL.md'))).toBe('NOT_FOUND');
  });

  it('fails with SOURCE_FAILED when the path is a file', async () => {
    const root = await tempTree({ 'file.txt': 'x' });
    expect(await codeOf(directorySource(join(root, 'file.txt')).list())).toBe('SOURCE_FAILED');
  });
});

describe('directorySource: per-skill limits', () => {
  it('marks a skill with more than maxFilesPerSkill files limit-exceeded', async () => {
    const { listing } = await listed({ 'a/SKILL.md': text('a'), 'a/1.md': '1', 'a/2.md': '2', 'a/3.md': '3' }, { maxFilesPerSkill: 2 });
    expect(entryCodes(listing, 'a')).toEqual(['limit-exceeded']);
    expect(listing.entries[0]?.diagnostics?.[0]?.message).toMatch(/3 files, more than maxFilesPerSkill \(2\)/);
    expect(listing.entries[0]?.files).toHaveLength(2);
  });

  it('marks a skill with a folder deeper than maxNesting limit-exceeded', async () => {
    const { listing } = await listed({ 'a/SKILL.md': text('a'), 'a/b/c/d.md': 'd' }, { maxNesting: 1 });
    expect(entryCodes(listing, 'a')).toEqual(['limit-exceeded']);
    expect(listing.entries[0]?.diagnostics?.[0]?.message).toContain('maxNesting (1)');
  });

  it('passes no text for a SKILL.md over maxFileBytes and says file-too-large, as the parser does', async () => {
    const { listing } = await listed({ 'big/SKILL.md': text('big') + 'x'.repeat(200), 'ok/SKILL.md': text('ok') }, { maxFileBytes: 150 });
    const big = listing.entries.find((e) => e.dir === 'big');
    expect(big?.text).toBeUndefined();
    expect(big?.diagnostics?.map((d) => [d.code, d.severity])).toEqual([['file-too-large', 'error']]);
    expect(listing.entries.find((e) => e.dir === 'ok')?.text).toBeInstanceOf(Uint8Array);
  });

  it('lists a resource over maxFileBytes by size only, unhashed, with limit-exceeded; read refuses it', async () => {
    const { source, listing } = await listed({ 'a/SKILL.md': text('a'), 'a/big.bin': new Uint8Array(300) }, { maxFileBytes: 200 });
    expect(listing.entries[0]?.files).toEqual([{ path: 'big.bin', size: 300 }]);
    expect(entryCodes(listing, 'a')).toEqual(['limit-exceeded']);
    expect(await codeOf(source.read('a/big.bin'))).toBe('LIMIT_EXCEEDED');
  });
});

describe('directorySource: entries and files', () => {
  it('keeps nested skills separate and out of the outer skill’s files', async () => {
    const { listing } = await listed({ 'o/SKILL.md': text('o'), 'o/a.md': 'a', 'o/refs/i/SKILL.md': text('i'), 'o/refs/i/b.md': 'b', 'o/refs/c.md': 'c' });
    expect(listing.entries.map((e) => [e.dir, e.folder, e.files?.map((f) => f.path)])).toEqual([
      ['o', 'o', ['a.md', 'refs/c.md']],
      ['o/refs/i', 'i', ['b.md']],
    ]);
  });

  it('lists a skill at the root with dir "" and the root folder name', async () => {
    const root = await tempTree({ 'SKILL.md': text('root'), 'r.md': 'r' });
    const listing = await directorySource(root).list();
    expect(listing.entries.map((e) => [e.dir, e.folder, e.path])).toEqual([['', root.slice(root.lastIndexOf('/') + 1), `${root}/SKILL.md`]]);
  });

  it('starts entry paths with the directory as given', async () => {
    const root = await tempTree({ 'skills/pdf/SKILL.md': text('pdf') });
    const listing = await directorySource(`${root}/skills/`, { name: 'builtin' }).list();
    expect(listing.entries[0]?.path).toBe(`${root}/skills/pdf/SKILL.md`);
    expect(directorySource(root, { name: 'builtin' }).name).toBe('builtin');
    expect(directorySource(root).name).toBe(`directory:${root}`);
  });

  it('detects binary the way isTextBytes does, across read chunks', async () => {
    // Past 256 KiB, so files are streamed in 64 KiB chunks rather than read whole.
    const multibyte = 'ä€😀'.repeat(30000); // 270 KB of 2-, 3- and 4-byte characters straddling 64 KiB chunks
    const lateNul = `${'a'.repeat(9000)}\0tail`;
    const lateInvalid = new Uint8Array(300_000).fill(0x61);
    lateInvalid[299_999] = 0xc3; // ends inside a UTF-8 sequence
    const smallInvalid = lateInvalid.slice(200_000); // the same, read whole
    const { listing } = await listed(
      {
        'a/SKILL.md': text('a'),
        'a/multi.txt': multibyte,
        'a/late-nul.txt': lateNul,
        'a/late-invalid.txt': lateInvalid,
        'a/small-invalid.txt': smallInvalid,
        'a/nul.bin': new Uint8Array([65, 0, 66]),
      },
      { maxFileBytes: 1 << 20 },
    );
    expect(listing.entries[0]?.files?.map((f) => [f.path, f.isText])).toEqual([
      ['late-invalid.txt', false],
      ['late-nul.txt', true],
      ['multi.txt', true],
      ['nul.bin', false],
      ['small-invalid.txt', false],
    ]);
  });

  it('hashes with SHA-256 equal to node:crypto over the whole file', async () => {
    const big = new Uint8Array(200_000).map((_, i) => (i * 31) & 0xff);
    const { listing } = await listed({ 'a/SKILL.md': text('a'), 'a/big.bin': big });
    expect(listing.entries[0]?.files?.[0]).toEqual({
      path: 'big.bin',
      size: 200_000,
      isText: false,
      digest: `sha256:${createHash('sha256').update(big).digest('hex')}`,
    });
  });

  it('passes SKILL.md as bytes so the parser checks its encoding', async () => {
    const { listing } = await listed({ 'a/SKILL.md': text('a') });
    expect(listing.entries[0]?.text).toBeInstanceOf(Uint8Array);
  });

  it('rejects a folder read with NOT_FOUND', async () => {
    const { source } = await listed({ 'a/SKILL.md': text('a'), 'a/refs/x.md': 'x' });
    expect(await codeOf(source.read('a/refs'))).toBe('NOT_FOUND');
  });

  it('stops with ABORTED when the signal fires during the walk', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++) files[`s${i}/SKILL.md`] = text(`s${i}`);
    const root = await tempTree(files);
    const controller = new AbortController();
    const listing = directorySource(root).list({ signal: controller.signal });
    queueMicrotask(() => controller.abort());
    expect(await codeOf(listing)).toBe('ABORTED');
  });
});
