// The real-world corpus subset (test/fixtures/corpus, see its README): every skill folder either loads or
// yields a diagnostic naming the rule, nothing throws, and the counts are pinned.
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import manifest from '../fixtures/corpus/MANIFEST.json' with { type: 'json' };
import { SkillLoader } from '../../src/index.js';
import { diagnosticCodes } from '../../src/format/diagnostics/diagnostic.js';
import { directorySource } from '../../src/node/index.js';
import { readCorpus, summarize, type FolderResult } from './summary.js';

const ROOT = 'test/fixtures/corpus';
// What the directory source listed for the corpus before file reading was reworked (issue 10.3); must never move.
const LISTED_LINES = 433;
const LISTED_DIGEST = 'f4b98855f155a2170fc7ea2926caf5d2a4e4e962f7710083a969b2d5d5345558';
const results = await readCorpus(ROOT);
const byDir = new Map(results.map((r) => [r.dir, r.result]));
const quirk = (name: string): string[] => (manifest as { dir: string; quirks: string[] }[]).filter((m) => m.quirks.includes(name)).map((m) => m.dir);
const SKIPPING = ['no-frontmatter', 'blank-line-before-frontmatter', 'unterminated-frontmatter', 'skill-md-over-256k', 'name-missing'];
const codes = (r: FolderResult['result'] | undefined): string[] => [...(r?.errors ?? []), ...(r?.warnings ?? [])].map((d) => d.code);

describe('corpus subset', () => {
  it('pins the counts: loaded, loaded with warnings, skipped by code', () => {
    expect(summarize(results)).toEqual({
      folders: 90,
      loaded: 79,
      loadedWithWarnings: 43,
      skipped: { 'missing-frontmatter': 7, 'unclosed-frontmatter': 2, 'file-too-large': 1, 'name-missing': 1 },
      warnings: {
        'name-mismatch': 23,
        'metadata-value-type': 13,
        'yaml-unquoted-colon': 7,
        'name-format': 6,
        'allowed-tools-format': 4,
        'skill-file-name': 2,
        'description-too-long': 2,
      },
    });
  });

  it('gives every skipped folder an error with a known rule, a path and a message', () => {
    for (const { result } of results.filter((r) => !r.result.skill)) {
      const first = result.errors[0];
      expect(first && diagnosticCodes.includes(first.code)).toBe(true);
      expect(first?.path).toMatch(/SKILL\.md$|skill\.md$/i);
      expect(first?.message.length).toBeGreaterThan(10);
    }
  });

  it.each([
    ['yaml-unquoted-colon', 'yaml-unquoted-colon', true],
    ['no-frontmatter', 'missing-frontmatter', false],
    ['blank-line-before-frontmatter', 'missing-frontmatter', false],
    ['unterminated-frontmatter', 'unclosed-frontmatter', false],
    ['skill-md-over-256k', 'file-too-large', false],
    ['name-missing', 'name-missing', false],
    ['description-over-1024', 'description-too-long', true],
    ['name-mismatch', 'name-mismatch', true],
  ] as const)('quirk %s → %s (loads: %s)', (name, code, loads) => {
    // A folder with a quirk that skips it never reaches the field rules.
    const skipping = new Set(SKIPPING.flatMap(quirk));
    const dirs = quirk(name).filter((d) => !loads || !skipping.has(d));
    expect(dirs.length).toBeGreaterThan(0);
    for (const dir of dirs) {
      const result = byDir.get(dir);
      expect(codes(result), dir).toContain(code);
      expect(result?.skill !== undefined, dir).toBe(loads);
    }
  });

  it('loads CRLF and lone-CR files like LF ones', () => {
    const crlf = quirk('crlf').filter((d) => !quirk('no-frontmatter').includes(d));
    expect(crlf.length).toBeGreaterThan(3);
    for (const dir of crlf) expect(byDir.get(dir)?.skill?.description.length, dir).toBeGreaterThan(0);
    for (const dir of quirk('lone-cr')) expect(byDir.get(dir)?.skill, dir).toBeDefined();
  });

  it('keeps nested skills as their own skills, out of the outer skill’s files', () => {
    for (const child of quirk('nested-child').filter((d) => byDir.has(d))) {
      const parent = [...byDir.keys()].filter((d) => child.startsWith(`${d}/`)).sort((a, b) => b.length - a.length)[0];
      if (!parent) continue;
      const inner = child.slice(parent.length + 1);
      expect(
        byDir.get(parent)?.skill?.files.some((f) => f.path.startsWith(`${inner}/`)),
        child,
      ).toBe(false);
    }
  });

  it('pins every file fact the directory source lists: size, text flag, digest, SKILL.md bytes', async () => {
    // One SHA-256 over every listed line, so a change in how files are read or hashed cannot pass unnoticed.
    const lines: string[] = [];
    for (const collection of (await readdir(ROOT, { withFileTypes: true }))
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort()) {
      const { entries } = await directorySource(`${ROOT}/${collection}`, { includeHidden: true, maxFolders: 20_000 }).list();
      for (const e of entries) {
        const text = typeof e.text === 'string' ? new TextEncoder().encode(e.text) : e.text;
        lines.push(`${collection}/${e.dir}/${e.fileName} ${text === undefined ? '-' : createHash('sha256').update(text).digest('hex')}`);
        for (const f of e.files ?? []) lines.push(`${collection}/${e.dir}/${f.path} ${f.size} ${String(f.isText)} ${f.digest ?? '-'}`);
      }
    }
    expect(lines.length).toBe(LISTED_LINES);
    expect(createHash('sha256').update(lines.join('\n')).digest('hex')).toBe(LISTED_DIGEST);
  });

  it('reports the folders past maxDepth instead of dropping them silently', async () => {
    const listing = await directorySource(`${ROOT}/google-gemini__gemini-cli`, { includeHidden: true }).list();
    expect(listing.diagnostics.some((d) => d.code === 'discovery-limit' && /maxDepth/.test(d.message))).toBe(true);
    for (const dir of quirk('dot-folder').filter((d) => d.includes('triage-worker'))) expect(byDir.has(dir)).toBe(false);
  });

  it('skips hidden folders by default with a hidden-skipped info per folder', async () => {
    const listing = await directorySource(`${ROOT}/openai__skills`).list();
    expect(listing.entries).toEqual([]);
    expect(
      listing.diagnostics
        .filter((d) => d.code === 'hidden-skipped')
        .map((d) => d.path)
        .sort(),
    ).toEqual(expect.arrayContaining([expect.stringContaining('.curated'), expect.stringContaining('.system')]));
  });

  it('unions all ten collections in one loader: first of a name wins, the rest are shadowed', async () => {
    const collections = [...new Set(results.map((r) => r.dir.split('/')[0] as string))].sort();
    const loader = new SkillLoader({ builtin: collections.map((c) => directorySource(`${ROOT}/${c}`, { includeHidden: true })) });
    const skills = await loader.loadAll();
    const loadedNames = new Set(results.filter((r) => r.result.skill).map((r) => r.result.skill?.name));
    expect(skills).toHaveLength(loadedNames.size);
    const shadowed = loader.diagnostics.filter((d) => d.code === 'shadowed');
    expect(shadowed).toHaveLength(results.filter((r) => r.result.skill).length - loadedNames.size);
    expect(shadowed.length).toBeGreaterThan(0);
  });
});
