// The evolution history in Chromium: the contract on the memory store and on real IndexedDB, over the origin private
// file system (opfsGitFs); two mirrors of one repository (two tabs) commit one at a time under a Web Lock.
//
// isomorphic-git calls a global `Buffer`, which a browser has not: an app sets it from the `buffer` package
// (docs/evolution.md), which this repository does not install, so this page sets a small stand-in
// (test/support/buffer-shim.ts). Its ES build also imports `buffer` through sha.js, so the page loads the package's own
// browser build (the same version, with sha.js's part bundled) and hands it to gitMirror as `git`.
import type * as Git from 'isomorphic-git';
import { beforeAll, describe, expect, it } from 'vitest';
import umdUrl from '../../node_modules/isomorphic-git/index.umd.min.js?url';
import { createMemoryStore, gitMirror, opfsGitFs, openIndexedDbStore, readEvolutionLog, type OpfsDirectory } from '../../src/store/index.js';
import { installTestBuffer } from '../support/buffer-shim.js';
import { skillMd } from '../support/skill-md.js';
import { describeHistoryContract, treeFiles, type HistoryEnv } from './history-contract.js';

let loaded: typeof Git | undefined;
const git = (): typeof Git => {
  if (!loaded) throw new Error('isomorphic-git is not loaded yet');
  return loaded;
};

beforeAll(async () => {
  installTestBuffer();
  await new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = umdUrl;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${umdUrl}`));
    document.head.append(script);
  });
  loaded = (globalThis as { git?: typeof Git }).git;
});

let n = 0;
/** A folder of its own in the origin's OPFS for each test. */
const fresh: HistoryEnv['fresh'] = async () => ({ fs: opfsGitFs() as unknown as Git.PromiseFsClient, dir: `/history-${Date.now()}-${n++}/evolution` });
const env: HistoryEnv = { git, fresh };

describeHistoryContract('memory, over OPFS', async (options) => createMemoryStore(options), env);
describeHistoryContract('IndexedDB, over OPFS', (options) => openIndexedDbStore({ ...options, name: `history-${Date.now()}-${n++}`, persist: false }), env);

describe('opfsGitFs', () => {
  it('answers with the error codes isomorphic-git reads', async () => {
    const root = (await navigator.storage.getDirectory()) as unknown as OpfsDirectory;
    const base = await root.getDirectoryHandle(`codes-${Date.now()}`, { create: true });
    const { promises: fs } = opfsGitFs(base);
    const code = (p: Promise<unknown>): Promise<unknown> =>
      p.then(
        () => 'ok',
        (e: { code?: unknown }) => e.code,
      );
    expect(await code(fs.readFile('/missing'))).toBe('ENOENT');
    expect(await code(fs.writeFile('/no/such/folder/file', 'x'))).toBe('ENOENT');
    await fs.mkdir('/a');
    expect(await code(fs.mkdir('/a'))).toBe('EEXIST');
    await fs.writeFile('/a/b.txt', 'hello');
    await fs.writeFile('/a/c.bin', new Uint8Array([0, 1, 255]));
    expect(await fs.readFile('/a/b.txt', { encoding: 'utf8' })).toBe('hello');
    expect(await fs.readFile('/a/c.bin')).toEqual(new Uint8Array([0, 1, 255]));
    expect((await fs.readdir('/a')).sort()).toEqual(['b.txt', 'c.bin']);
    const file = await fs.stat('/a/b.txt');
    expect([file.isFile(), file.isDirectory(), file.size]).toEqual([true, false, 5]);
    expect((await fs.lstat('/a')).isDirectory()).toBe(true);
    expect(await code(fs.stat('/a/zzz'))).toBe('ENOENT');
    expect(await code(fs.readdir('/a/b.txt'))).toBe('ENOTDIR');
    expect(await code(fs.rmdir('/a'))).toBe('ENOTEMPTY');
    await fs.unlink('/a/b.txt');
    await fs.unlink('/a/c.bin');
    expect(await code(fs.unlink('/a/b.txt'))).toBe('ENOENT');
    await fs.rmdir('/a');
    expect(await code(fs.stat('/a'))).toBe('ENOENT');
  });
});

describe('two mirrors of one repository (two tabs)', () => {
  it('commit one at a time under the Web Lock: no change is lost to the other', async () => {
    // Each its own file system object, as two tabs have: only the lock keeps them apart.
    const fs = opfsGitFs();
    const dir = `/shared-${Date.now()}/evolution`;
    const [a, b] = [gitMirror({ fs: opfsGitFs(), dir, git: git() }), gitMirror({ fs: opfsGitFs(), dir, git: git() })];
    const [left, right] = [createMemoryStore({ evolution: a }), createMemoryStore({ evolution: b })];
    await Promise.all([
      ...Array.from({ length: 5 }, (_, i) => left.put(['acme', 'skills'], skillMd(`left-${i}`))),
      ...Array.from({ length: 5 }, (_, i) => right.put(['acme', 'skills'], skillMd(`right-${i}`))),
    ]);
    await Promise.all([a.settled(), b.settled()]);
    expect(await readEvolutionLog({ fs, dir, git: git() })).toHaveLength(10);
    const skills = [...(await treeFiles(git(), fs as unknown as Git.FsClient, dir)).keys()].map((p) => p.split('/')[2]);
    expect(skills.sort()).toEqual([...Array.from({ length: 5 }, (_, i) => `left-${i}`), ...Array.from({ length: 5 }, (_, i) => `right-${i}`)].sort());
  });
});
