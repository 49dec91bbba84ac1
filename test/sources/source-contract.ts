// The shared source contract: every SkillSource, given the same standard fixture, must list, inventory and read it alike.
import { beforeAll, describe, expect, it } from 'vitest';
import { isSkillError, parseSkill, type SkillSource, type SourceListing } from '../../src/index.js';
import { skillMd } from '../support/skill-md.js';

/** Files by path from the source root, as `memorySource` takes them. */
export type SourceFixture = Readonly<Record<string, string | Uint8Array>>;

/** A text file past 8 KiB whose multibyte characters straddle read boundaries. */
const longText = 'Grüße, 世界! '.repeat(9000);

/**
 * The standard fixture: a plain skill; one with references, scripts and
 * binary assets; a skill in a group folder; a structured skill; a
 * lower-case `skill.md`; and a skill nested inside another.
 */
export const SOURCE_FIXTURE: SourceFixture = {
  'plain/SKILL.md': skillMd('plain', { description: 'The plain skill, for the source contract tests.', body: 'Use plain step by step.' }),
  'rich/SKILL.md': skillMd('rich', {
    description: 'The rich skill, for the source contract tests.',
    front: 'license: MIT\n',
    body: 'See [the guide](references/guide.md).',
  }),
  'rich/references/guide.md': '# Guide\n\nRead me first.\n',
  'rich/references/long.txt': longText,
  'rich/references/latin1.txt': new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]), // "café" in Latin-1: not UTF-8
  'rich/assets/logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0xff]),
  'rich/scripts/run.sh': '#!/bin/sh\necho "hi"\n',
  'rich/notes.md': 'Sorts between folders: a walk lists it first, the inventory must not.\n',
  'group/nested-skill/SKILL.md': skillMd('nested-skill', {
    description: 'The nested-skill skill, for the source contract tests.',
    body: 'Use nested-skill step by step.',
  }),
  'group/nested-skill/references/deep/note.md': 'A note two folders down.\n',
  'structured/SKILL.md': skillMd('structured', {
    description: 'The structured skill, for the source contract tests.',
    front: 'metadata:\n  body-format: structured\n',
    body: '',
  }),
  'structured/sections/purpose.md': '# Purpose\n\nWhy this skill exists.\n',
  'structured/sections/workflow.md': '# Workflow\n\n1. Do it.\n',
  'lower/skill.md': skillMd('lower', { description: 'The lower skill, for the source contract tests.', body: 'Use lower step by step.' }),
  'outer/SKILL.md': skillMd('outer', { description: 'The outer skill, for the source contract tests.', body: 'Use outer step by step.' }),
  'outer/notes.md': 'Outer notes.\n',
  'outer/inner/SKILL.md': skillMd('inner', { description: 'The inner skill, for the source contract tests.', body: 'Use inner step by step.' }),
  'outer/inner/data.txt': 'inner data\n',
};

interface Expected {
  readonly dir: string;
  readonly folder: string;
  readonly fileName: string;
  readonly files: readonly (readonly [path: string, text: boolean])[];
}

/** What every source must list for {@link SOURCE_FIXTURE}, sorted by dir. */
export const EXPECTED_ENTRIES: readonly Expected[] = [
  { dir: 'group/nested-skill', folder: 'nested-skill', fileName: 'SKILL.md', files: [['references/deep/note.md', true]] },
  { dir: 'lower', folder: 'lower', fileName: 'skill.md', files: [] },
  { dir: 'outer', folder: 'outer', fileName: 'SKILL.md', files: [['notes.md', true]] },
  { dir: 'outer/inner', folder: 'inner', fileName: 'SKILL.md', files: [['data.txt', true]] },
  { dir: 'plain', folder: 'plain', fileName: 'SKILL.md', files: [] },
  {
    dir: 'rich',
    folder: 'rich',
    fileName: 'SKILL.md',
    files: [
      ['assets/logo.png', false],
      ['notes.md', true],
      ['references/guide.md', true],
      ['references/latin1.txt', false],
      ['references/long.txt', true],
      ['scripts/run.sh', true],
    ],
  },
  {
    dir: 'structured',
    folder: 'structured',
    fileName: 'SKILL.md',
    files: [
      ['sections/purpose.md', true],
      ['sections/workflow.md', true],
    ],
  },
];

/** How a source under test differs where the contract allows it. */
export interface ContractOptions {
  /** The `path` an entry must have (default `dir/fileName`). */
  entryPath?: (dir: string, fileName: string) => string;
  /** False for sources whose entries carry no `folder` (a store key is no folder name). */
  folders?: boolean;
  /**
   * True for a source that lists by metadata (`entry.lazy`): its listing is checked as a lazy one, and every other
   * check of the contract runs on the entries its `readSkill` gives, which must be what an eager listing gives.
   */
  lazy?: boolean;
}

/** Every entry of `source` whole: its listing, with each lazy entry read through `readSkill`. */
async function wholeListing(source: SkillSource): Promise<SourceListing> {
  const listed = await source.list();
  const entries = await Promise.all(
    listed.entries.map((entry) => (entry.lazy === undefined ? entry : (source.readSkill as NonNullable<SkillSource['readSkill']>)(entry.dir))),
  );
  return { ...listed, entries };
}

const encoder = new TextEncoder();
const bytesOf = (content: string | Uint8Array): Uint8Array => (typeof content === 'string' ? encoder.encode(content) : content);

/** SHA-256 by Web Crypto: an implementation independent of both @noble and node:crypto. */
async function webDigest(bytes: Uint8Array): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return `sha256:${[...hash].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Byte equality without the deep-equality walk, which is slow on 150 KB arrays. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && a.every((byte, i) => byte === b[i]);
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('the call should have rejected'),
    (e: unknown) => e,
  );
}

async function expectCode(promise: Promise<unknown>, code: string): Promise<void> {
  const error = await rejection(promise);
  expect(isSkillError(error), String(error)).toBe(true);
  expect((error as { code: string }).code).toBe(code);
}

/**
 * Registers the contract suite for one source kind. `makeSource` builds a
 * source holding {@link SOURCE_FIXTURE}.
 */
export function describeSourceContract(
  name: string,
  makeSource: (fixture: SourceFixture) => SkillSource | Promise<SkillSource>,
  options: ContractOptions = {},
): void {
  const entryPath = options.entryPath ?? ((dir: string, fileName: string) => `${dir}/${fileName}`);
  describe(`source contract: ${name}`, () => {
    let source: SkillSource;
    let listing: SourceListing;
    let listed: SourceListing;
    beforeAll(async () => {
      source = await makeSource(SOURCE_FIXTURE);
      listed = await source.list();
      listing = await wholeListing(source);
    });

    if (options.lazy === true) describeLazyListing(() => ({ source, listed, listing }));

    it('lists one entry per skill folder, sorted, with dir, path, folder and file name', () => {
      expect(listing.diagnostics).toEqual([]);
      const shape = listing.entries.map((e) => ({ dir: e.dir, path: e.path, folder: e.folder, fileName: e.fileName }));
      expect(shape).toEqual(
        EXPECTED_ENTRIES.map((x) => ({
          dir: x.dir,
          path: entryPath(x.dir, x.fileName),
          folder: options.folders === false ? undefined : x.folder,
          fileName: x.fileName,
        })),
      );
      for (const entry of listing.entries) expect(entry.diagnostics ?? []).toEqual([]);
    });

    it('inventories files: sorted paths, sizes, text flags and SHA-256 digests of the bytes', async () => {
      for (const expected of EXPECTED_ENTRIES) {
        const entry = listing.entries.find((e) => e.dir === expected.dir);
        const files = entry?.files ?? [];
        expect(
          files.map((f) => [f.path, f.isText]),
          expected.dir,
        ).toEqual(expected.files);
        for (const f of files) {
          const bytes = bytesOf(SOURCE_FIXTURE[`${expected.dir}/${f.path}`] ?? '');
          expect(f.size, f.path).toBe(bytes.byteLength);
          expect(f.digest, f.path).toBe(await webDigest(bytes));
        }
      }
    });

    it('keeps contents only for sections/*.md, which structured skills are composed from', () => {
      for (const entry of listing.entries) {
        for (const f of entry.files ?? []) {
          if (!f.path.startsWith('sections/')) {
            expect(f.content, `${entry.dir}/${f.path}`).toBeUndefined();
            continue;
          }
          expect(f.content).toBeDefined();
          expect(sameBytes(bytesOf(f.content ?? ''), bytesOf(SOURCE_FIXTURE[`${entry.dir}/${f.path}`] ?? '')), f.path).toBe(true);
        }
      }
    });

    it('holds the SKILL.md text of each entry', () => {
      for (const entry of listing.entries) {
        expect(entry.text, entry.dir).toBeDefined();
        expect(sameBytes(bytesOf(entry.text ?? ''), bytesOf(SOURCE_FIXTURE[`${entry.dir}/${entry.fileName}`] ?? '')), entry.dir).toBe(true);
      }
    });

    it('reads every listed file, and each skill file, as the exact bytes', async () => {
      for (const entry of listing.entries) {
        for (const f of entry.files ?? []) {
          const path = `${entry.dir}/${f.path}`;
          expect(sameBytes(await source.read(path), bytesOf(SOURCE_FIXTURE[path] ?? '')), path).toBe(true);
        }
        const skillPath = `${entry.dir}/${entry.fileName}`;
        expect(sameBytes(await source.read(skillPath), bytesOf(SOURCE_FIXTURE[skillPath] ?? '')), skillPath).toBe(true);
      }
    });

    it('rejects a missing file with NOT_FOUND', async () => {
      await expectCode(source.read('rich/references/missing.md'), 'NOT_FOUND');
      await expectCode(source.read('no-such-skill/SKILL.md'), 'NOT_FOUND');
    });

    it('rejects paths that climb out or are absolute with UNSAFE_PATH', async () => {
      await expectCode(source.read('../x'), 'UNSAFE_PATH');
      await expectCode(source.read('rich/../../x'), 'UNSAFE_PATH');
      await expectCode(source.read('/etc/passwd'), 'UNSAFE_PATH');
      await expectCode(source.read('rich\\references\\guide.md'), 'UNSAFE_PATH');
    });

    it('rejects with ABORTED when the signal has fired', async () => {
      const signal = AbortSignal.abort();
      await expectCode(source.list({ signal }), 'ABORTED');
      await expectCode(source.read('rich/references/guide.md', { signal }), 'ABORTED');
    });

    it('gives texts that parse into the expected skills', () => {
      const parsed = listing.entries.map((entry) =>
        parseSkill(entry.text ?? '', {
          path: entry.path,
          ...(entry.folder === undefined ? {} : { folder: entry.folder }),
          ...(entry.fileName === undefined ? {} : { fileName: entry.fileName }),
          ...(entry.files === undefined ? {} : { files: entry.files }),
        }),
      );
      expect(parsed.map((r) => r.skill?.name)).toEqual(['nested-skill', 'lower', 'outer', 'inner', 'plain', 'rich', 'structured']);
      expect(parsed.flatMap((r) => r.errors)).toEqual([]);
      expect(parsed.flatMap((r) => r.warnings.map((w) => w.code))).toEqual(['skill-file-name']);
      const structured = parsed[6]?.skill;
      expect(structured?.bodyFormat).toBe('structured');
      expect(structured?.content).toBe('# structured\n\n## Purpose\n\nWhy this skill exists.\n\n## Workflow\n\n1. Do it.');
      expect(parsed[5]?.skill?.files.map((f) => f.path)).toEqual(EXPECTED_ENTRIES[5]?.files.map(([p]) => p));
    });

    it('lists the same thing twice', async () => {
      const again = await wholeListing(source);
      expect(again.entries.map((e) => [e.dir, e.files?.map((f) => f.digest)])).toEqual(listing.entries.map((e) => [e.dir, e.files?.map((f) => f.digest)]));
    });
  });
}

/** The checks of a lazy listing: metadata only, and `readSkill` giving each entry whole. */
function describeLazyListing(get: () => { source: SkillSource; listed: SourceListing; listing: SourceListing }): void {
  it('lists every entry lazily: front matter without the body, files without contents', () => {
    const { listed, listing } = get();
    expect(listed.entries.map((e) => e.dir)).toEqual(listing.entries.map((e) => e.dir));
    for (const [i, entry] of listed.entries.entries()) {
      const whole = listing.entries[i];
      expect(entry.lazy, entry.dir).toBeDefined();
      expect(whole?.lazy, entry.dir).toBeUndefined();
      for (const f of entry.files ?? []) expect(f.content, `${entry.dir}/${f.path}`).toBeUndefined();
      // The metadata is a ready skill without its body (a lazy bundle's), or the front matter as text.
      const meta =
        entry.skill ?? parseSkill(entry.text ?? '', { path: entry.path, ...(entry.fileName === undefined ? {} : { fileName: entry.fileName }) }).skill;
      const full = parseSkill(whole?.text ?? '', { path: entry.path, ...(whole?.fileName === undefined ? {} : { fileName: whole.fileName }) }).skill;
      expect(meta?.name, entry.dir).toBe(full?.name);
      expect(meta?.description, entry.dir).toBe(full?.description);
      if (full?.bodyFormat !== 'structured' && full?.content !== '') expect(meta?.content, entry.dir).toBe('');
    }
  });

  it('reads a folder it does not list with NOT_FOUND, and honours an aborted signal', async () => {
    const { source } = get();
    expect(typeof source.readSkill).toBe('function');
    const readSkill = source.readSkill as NonNullable<SkillSource['readSkill']>;
    await expectCode(readSkill('no-such-skill'), 'NOT_FOUND');
    await expectCode(readSkill('plain', { signal: AbortSignal.abort() }), 'ABORTED');
  });
}
