// The directory source's speed work (synchronous file reads in slices, lazy digests) must not move a result:
// test/fixtures/digests/directory-pins.json holds, for the sample tree of directory-pins.ts and for the corpus subset,
// the listing, every loaded skill's digest and file facts, the loader's diagnostics and routing answers, as the
// code before that work computed them. `SATCHEL_WRITE_PINS=1` rewrites it (only ever from that code).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SkillLoader } from '../../src/index.js';
import { directorySource } from '../../src/node/index.js';
import type { SkillSource } from '../../src/sources/source.js';
import { tempTrees } from '../support/temp-trees.js';
import { pinsOf, writePinTree } from './directory-pins.js';

const PINS = join(import.meta.dirname, '../fixtures/digests/directory-pins.json');
const tempTree = tempTrees('satchel-pins-');

/** `source` with its entries' `lazyDigest` taken off: the loader digests them while parsing, as before. */
function eagerCopy(source: SkillSource): SkillSource {
  return {
    name: source.name,
    read: (path, call) => source.read(path, call),
    async list(call) {
      const listing = await source.list(call);
      return { ...listing, entries: listing.entries.map(({ lazyDigest: _lazy, ...e }) => e) };
    },
  };
}

async function current(): Promise<{ sample: unknown; corpus: unknown }> {
  const root = await tempTree();
  await writePinTree(root);
  return { sample: await pinsOf(root, '<sample>'), corpus: await pinsOf('test/fixtures/corpus', 'test/fixtures/corpus') };
}

describe('directorySource results pinned before the speed work', () => {
  it('lists, digests, loads and routes the sample tree and the corpus subset exactly as before', async () => {
    const now = await current();
    if (process.env['SATCHEL_WRITE_PINS'] === '1') writeFileSync(PINS, `${JSON.stringify(now, null, 1)}\n`);
    expect(existsSync(PINS)).toBe(true);
    const pinned = JSON.parse(readFileSync(PINS, 'utf8')) as typeof now;
    expect(JSON.parse(JSON.stringify(now.sample))).toEqual(pinned.sample);
    expect(JSON.parse(JSON.stringify(now.corpus))).toEqual(pinned.corpus);
  });

  it('marks every entry for a lazy digest, and the digests read later are the eager ones', async () => {
    const root = await tempTree();
    await writePinTree(root);
    const { entries } = await directorySource(root).list();
    expect(entries.length).toBeGreaterThan(150);
    expect(entries.every((e) => e.lazyDigest === true)).toBe(true);
    const lazy = new SkillLoader({ builtin: directorySource(root) });
    const eager = new SkillLoader({ builtin: eagerCopy(directorySource(root)) });
    await Promise.all([lazy.loadAll(), eager.loadAll()]);
    const digests = (l: SkillLoader) => Object.fromEntries(l.getAll().map((s) => [s.name, s.digest]));
    expect(Object.getOwnPropertyDescriptor(lazy.getAll()[0], 'digest')?.get).toBeTypeOf('function');
    expect(Object.getOwnPropertyDescriptor(eager.getAll()[0], 'digest')?.get).toBeUndefined();
    expect(digests(lazy)).toEqual(digests(eager));
    expect(lazy.digest).toBe(eager.digest);
  });
});
