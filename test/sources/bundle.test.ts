// bundleSource: the shared source contract over a bundle built from the contract fixture on disk, plus what only a
// bundle does (JSON round trip, left-out binaries, malformed bundles).
import { describe, expect, it } from 'vitest';
import { isSkillError } from '../../src/format/errors.js';
import { bundleSource, isSkillBundle, type SkillBundle, type SkillBundleChunk } from '../../src/sources/bundle.js';
import { splitBundle } from '../../src/vite/lazy-chunks.js';
import { buildSkillBundle } from '../../src/node/build-bundle.js';
import { describeSourceContract, SOURCE_FIXTURE, type SourceFixture } from './source-contract.js';
import { codeOf } from '../support/errors.js';
import { tempTrees } from '../support/temp-trees.js';

const tempTree = tempTrees('satchel-bundle-');

/** Writes the fixture to a fresh folder and bundles it, as the Vite plugin would (root = that folder). */
async function bundleOf(fixture: SourceFixture, embedBinary = true): Promise<SkillBundle> {
  const root = await tempTree(fixture);
  const bundle = await buildSkillBundle('.', { root, embedBinary });
  // What reaches the browser is JSON.
  return JSON.parse(JSON.stringify(bundle)) as SkillBundle;
}

describeSourceContract('bundle', async (fixture) => bundleSource(await bundleOf(fixture)));

/** The fixture's bundle split as `satchelSkills({ lazy: { skillsPerChunk: 2 } })` splits it, each chunk "imported" from JSON. */
async function lazyBundleOf(fixture: SourceFixture): Promise<SkillBundle> {
  const { metadata, chunks } = splitBundle(await bundleOf(fixture), 2);
  return { ...metadata, chunks: chunks.map((chunk) => async () => ({ default: JSON.parse(JSON.stringify(chunk)) as SkillBundleChunk })) };
}

describeSourceContract('bundle, lazy', async (fixture) => bundleSource(await lazyBundleOf(fixture)), { lazy: true });

describe('bundleSource', () => {
  it('is named bundle unless told otherwise', () => {
    const empty: SkillBundle = { version: 1, entries: [] };
    expect(bundleSource(empty).name).toBe('bundle');
    expect(bundleSource(empty, { name: 'app-skills' }).name).toBe('app-skills');
  });

  it('holds text files as text and binary files as base64', async () => {
    const bundle = await bundleOf(SOURCE_FIXTURE);
    const rich = bundle.entries.find((e) => e.dir === 'rich');
    const byPath = new Map(rich?.files.map((f) => [f.path, f]));
    expect(byPath.get('references/guide.md')?.content).toBe('# Guide\n\nRead me first.\n');
    expect(byPath.get('references/guide.md')?.base64).toBeUndefined();
    expect(byPath.get('assets/logo.png')?.content).toBeUndefined();
    expect(byPath.get('assets/logo.png')?.base64).toBe('iVBORw0KGgoAAAAN/w==');
    expect(byPath.get('references/latin1.txt')?.base64).toBe('Y2Fm6Qo=');
  });

  it('can leave binaries out: they stay listed, and reading one says why it is NOT_FOUND', async () => {
    const source = bundleSource(await bundleOf(SOURCE_FIXTURE, false));
    const rich = (await source.list()).entries.find((e) => e.dir === 'rich');
    expect(rich?.files?.map((f) => f.path)).toContain('assets/logo.png');
    const error = await source.read('rich/assets/logo.png').catch((e: unknown) => e);
    expect(isSkillError(error) && error.code).toBe('NOT_FOUND');
    expect((error as Error).message).toContain('left out of the bundle');
    expect(await codeOf(source.read('rich/references/guide.md'))).toBeUndefined();
  });

  it('rejects list() with SOURCE_FAILED for a value that is not a version-1 bundle', async () => {
    expect(isSkillBundle({ version: 1, entries: [] })).toBe(true);
    for (const bad of [null, 'skills', { version: 2, entries: [] }, { version: 1 }]) {
      expect(isSkillBundle(bad)).toBe(false);
      expect(await codeOf(bundleSource(bad as unknown as SkillBundle).list())).toBe('SOURCE_FAILED');
    }
  });

  it('leaves out a malformed entry with a source-error diagnostic and keeps the rest', async () => {
    const good = { dir: 'a', path: 'a/SKILL.md', folder: 'a', fileName: 'SKILL.md', text: '---\nname: a\ndescription: A.\n---\nA\n', files: [] };
    const bundle = {
      version: 1,
      entries: [good, { dir: 'b', path: 'b/SKILL.md', fileName: 'SKILL.md', files: [] }, { ...good, dir: 'c', files: [{ path: 'x.md', size: '3' }] }],
    };
    const { entries, diagnostics } = await bundleSource(bundle as unknown as SkillBundle).list();
    expect(entries.map((e) => e.dir)).toEqual(['a']);
    expect(diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['source-error', 'Entry 1 of source bundle is malformed; it is left out.'],
      ['source-error', 'Entry 2 of source bundle is malformed; it is left out.'],
    ]);
  });

  it('passes bundle and entry diagnostics on to the listing', async () => {
    const diagnostic = { code: 'discovery-limit', severity: 'warning', message: 'Stopped.', path: 'skills/deep', line: 0, column: 0 } as const;
    const bundle: SkillBundle = {
      version: 1,
      entries: [
        {
          dir: 'a',
          path: 'skills/a/SKILL.md',
          fileName: 'SKILL.md',
          text: '',
          files: [],
          diagnostics: [{ ...diagnostic, code: 'invalid-encoding', severity: 'error' }],
        },
      ],
      diagnostics: [diagnostic],
    };
    const listing = await bundleSource(bundle).list();
    expect(listing.diagnostics).toEqual([diagnostic]);
    expect(listing.entries[0]?.diagnostics?.map((d) => d.code)).toEqual(['invalid-encoding']);
  });
});
