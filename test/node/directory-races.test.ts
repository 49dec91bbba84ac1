// directorySource under a racer: the disk changes between the listing and the open (through the beforeOpen hook,
// so each race is won every time), and files that are not regular files. Nothing hangs, nothing outside is served.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fstatSync } from 'node:fs';
import { mkdir, rename, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SkillLoader, type SourceListing } from '../../src/index.js';
import { directorySource } from '../../src/node/index.js';
import { closeFile, isAtByPath, openFile } from '../../src/node/directory/opened-file.js';
import { codeOf, rejected } from '../support/errors.js';
import { skillMd } from '../support/skill-md.js';
import { tempTrees } from '../support/temp-trees.js';

const tempTree = tempTrees('satchel-race-');
const SECRET = 'outside secret text';

/** Makes a FIFO at `path`; false where there is no mkfifo (the FIFO tests then have nothing to check). */
function mkfifo(path: string): boolean {
  try {
    execFileSync('mkfifo', [path]);
    return true;
  } catch {
    return false;
  }
}

const hasFifo = mkfifo(join(await tempTree(), 'probe'));
const entryOf = (l: SourceListing, dir: string) => l.entries.find((e) => e.dir === dir);
const codesOf = (l: SourceListing, dir: string): string[] => (entryOf(l, dir)?.diagnostics ?? []).map((d) => d.code);
const served = (l: SourceListing): string =>
  l.entries.map((e) => (typeof e.text === 'string' ? e.text : new TextDecoder().decode(e.text ?? new Uint8Array()))).join('\n');

/** Swaps the folder `dir` for a symbolic link to `target`, as a racer would. */
async function swapForLink(dir: string, target: string): Promise<void> {
  await rename(dir, `${dir}-moved`);
  await symlink(target, dir);
}

describe.runIf(hasFifo)('directorySource: a FIFO swapped in after the listing never hangs the load', () => {
  it('refuses a SKILL.md that became a FIFO with not-regular-file, and lists the rest', async () => {
    const root = await tempTree({ 'a/SKILL.md': skillMd('a'), 'b/SKILL.md': skillMd('b') });
    const beforeOpen = async (abs: string): Promise<void> => {
      if (abs !== join(root, 'a/SKILL.md')) return;
      await rm(abs);
      mkfifo(abs);
    };
    const listing = await directorySource(root, { beforeOpen }).list();
    expect(entryOf(listing, 'a')?.text).toBeUndefined();
    expect(codesOf(listing, 'a')).toEqual(['not-regular-file']);
    expect(entryOf(listing, 'a')?.diagnostics?.[0]?.message).toMatch(/`SKILL\.md` is a FIFO/);
    expect(entryOf(listing, 'b')?.text).toBeInstanceOf(Uint8Array);
  });

  it('refuses a resource that became a FIFO, and read() of one', async () => {
    const root = await tempTree({ 'a/SKILL.md': skillMd('a'), 'a/notes.md': 'notes' });
    const toFifo = async (abs: string): Promise<void> => {
      if (!abs.endsWith('notes.md')) return;
      await rm(abs);
      mkfifo(abs);
    };
    const listing = await directorySource(root, { beforeOpen: toFifo }).list();
    expect(codesOf(listing, 'a')).toEqual(['not-regular-file']);
    expect(entryOf(listing, 'a')?.files).toEqual([]);
    const fresh = await tempTree({ 'a/SKILL.md': skillMd('a'), 'a/notes.md': 'notes' });
    const reader = directorySource(fresh, { beforeOpen: (abs) => toFifo(abs) });
    expect(await codeOf(reader.read('a/notes.md'))).toBe('UNSAFE_PATH');
  });
});

describe('directorySource: what bears the name SKILL.md but is no file is reported', () => {
  it.runIf(hasFifo)('a FIFO named SKILL.md: a not-regular-file error naming the path and the kind', async () => {
    const root = await tempTree({ 'ok/SKILL.md': skillMd('ok'), 'p/notes.md': 'n' });
    mkfifo(join(root, 'p/SKILL.md'));
    const listing = await directorySource(root).list();
    const entry = entryOf(listing, 'p');
    expect(entry?.text).toBeUndefined();
    expect(entry?.diagnostics?.map((d) => [d.code, d.severity, d.path])).toEqual([['not-regular-file', 'error', `${root}/p/SKILL.md`]]);
    expect(entry?.diagnostics?.[0]?.message).toContain('is a FIFO');
    expect(entry?.files?.map((f) => f.path)).toEqual(['notes.md']);
  });

  it('a folder named SKILL.md: the loader skips the skill with not-regular-file, not silently', async () => {
    const root = await tempTree({ 'ok/SKILL.md': skillMd('ok'), 'd/SKILL.md/inner.md': 'x', 'd/ref.md': 'r' });
    const listing = await directorySource(root).list();
    expect(entryOf(listing, 'd')?.files?.map((f) => f.path)).toEqual(['ref.md']);
    expect(entryOf(listing, 'd')?.diagnostics?.[0]?.message).toContain('is a folder');
    const loader = new SkillLoader({ builtin: directorySource(root) });
    expect((await loader.loadAll()).map((s) => s.name)).toEqual(['ok']);
    expect(loader.diagnostics.map((d) => [d.code, d.path])).toContainEqual(['not-regular-file', `${root}/d/SKILL.md`]);
  });

  it('fstat, not the name, decides: a character device opened is refused before any read', async () => {
    const opened = await openFile('/dev/null').catch(() => undefined);
    if (opened === undefined) return; // No /dev/null on this system.
    expect(opened).toEqual({ refused: 'not-regular', what: 'a character device' });
  });
});

describe('directorySource: a folder swapped for a link after the listing never serves outside text', () => {
  it('refuses SKILL.md opened through a link to an outside folder', async () => {
    const outside = await tempTree({ 'SKILL.md': skillMd('a', { body: SECRET }) });
    const root = await tempTree({ 'a/SKILL.md': skillMd('a'), 'b/SKILL.md': skillMd('b') });
    const beforeOpen = async (abs: string): Promise<void> => {
      if (abs === join(root, 'a/SKILL.md')) await swapForLink(join(root, 'a'), outside);
    };
    const listing = await directorySource(root, { beforeOpen }).list();
    expect(served(listing)).not.toContain(SECRET);
    expect(entryOf(listing, 'a')?.text).toBeUndefined();
    expect(codesOf(listing, 'a')).toEqual(['unsafe-path']);
    expect(entryOf(listing, 'a')?.diagnostics?.[0]?.message).toMatch(/did not open inside the source root/);
    expect(codesOf(listing, 'b')).toEqual([]);
  });

  it('refuses a resource opened through a link to an outside folder, and hashes nothing of it', async () => {
    const outside = await tempTree({ 'guide.md': SECRET });
    const root = await tempTree({ 'a/SKILL.md': skillMd('a'), 'a/refs/guide.md': 'inside guide' });
    const beforeOpen = async (abs: string): Promise<void> => {
      if (abs === join(root, 'a/refs/guide.md')) await swapForLink(join(root, 'a/refs'), outside);
    };
    const listing = await directorySource(root, { beforeOpen }).list();
    expect(entryOf(listing, 'a')?.files).toEqual([]);
    expect(codesOf(listing, 'a')).toEqual(['unsafe-path']);
  });

  it('read() refuses a file whose folder was swapped for a link after the path check', async () => {
    const outside = await tempTree({ 'SKILL.md': SECRET });
    const root = await tempTree({ 'a/SKILL.md': skillMd('a') });
    const beforeOpen = async (abs: string): Promise<void> => {
      if (abs === join(root, 'a/SKILL.md')) await swapForLink(join(root, 'a'), outside);
    };
    const source = directorySource(root, { beforeOpen });
    const error = await rejected(source.read('a/SKILL.md')); // a rejection: the outside text is not returned
    expect([error.code, error.message]).toEqual(['UNSAFE_PATH', expect.stringMatching(/did not open inside the source root/)]);
    expect(await codeOf(source.read('a/SKILL.md'))).toBe('UNSAFE_PATH'); // now a plain link: refused before any open
  });

  it('the portable check (no /proc) tells the opened file from what the path now names', async () => {
    const outside = await tempTree({ 'f.md': 'outside' });
    const root = await tempTree({ 'a/f.md': 'inside', 'b/f.md': 'other' });
    const abs = join(root, 'a/f.md');
    const opened = await openFile(abs);
    if (!('fd' in opened)) throw new Error('expected an open file');
    try {
      const info = fstatSync(opened.fd);
      expect(await isAtByPath(abs, info)).toBe(true);
      await swapForLink(join(root, 'a'), outside);
      expect(await isAtByPath(abs, info)).toBe(false); // a link on the way
      await rm(join(root, 'a'));
      await rename(join(root, 'b'), join(root, 'a'));
      expect(await isAtByPath(abs, info)).toBe(false); // no link, but another file
    } finally {
      closeFile(opened.fd);
    }
  });
});

describe('directorySource: digests do not depend on how a file is read', () => {
  it('hashes files around the one-read and chunk sizes exactly as node:crypto does', async () => {
    const sizes = [0, 1, 8191, 65_535, 65_536, 65_537, 262_143, 262_144, 262_145, 1_048_579];
    const files: Record<string, Uint8Array> = { 'a/SKILL.md': new TextEncoder().encode(skillMd('a')) };
    for (const size of sizes) files[`a/f${size}.bin`] = new Uint8Array(size).map((_, i) => (i * 7 + (i >> 9)) & 0xff);
    const root = await tempTree(files);
    await mkdir(join(root, 'a/empty-folder'));
    const listing = await directorySource(root, { maxFileBytes: 2 << 20 }).list();
    const expected = sizes.map((size) => {
      const bytes = files[`a/f${size}.bin`] ?? new Uint8Array();
      return { path: `f${size}.bin`, size, digest: `sha256:${createHash('sha256').update(bytes).digest('hex')}` };
    });
    expect(entryOf(listing, 'a')?.files?.map(({ path, size, digest }) => ({ path, size, digest }))).toEqual(
      expected.sort((x, y) => (x.path < y.path ? -1 : 1)),
    );
  });
});
