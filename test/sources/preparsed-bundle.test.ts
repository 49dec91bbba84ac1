// Pre-parsed bundles: the skills, digests and diagnostics a load gets from the skills the build parsed are the
// ones it gets by parsing the bundle's texts; the shipped routing index answers as one built at start; a bundle
// from another parse format, or a skill whose digest does not check out under `verify`, is parsed from its text.
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { generateSkills, skillFiles } from '../../bench/generate.js';
import { SkillLoader } from '../../src/loader/loader.js';
import { Router } from '../../src/routing/router.js';
import { memorySource } from '../../src/sources/memory.js';
import { buildSkillBundle } from '../../src/node/build-bundle.js';
import { BUNDLE_PARSE_FORMAT, bundleSource, type SkillBundle } from '../../src/sources/bundle.js';
import { skillMd } from '../support/skill-md.js';
import { tempTrees } from '../support/temp-trees.js';

const tempTree = tempTrees('satchel-preparsed-bundle-');
const files: Record<string, string> = { 'odd/SKILL.md': skillMd('odd', { front: 'x-inf: .inf\n' }), 'lower/skill.md': skillMd('lower') };
for (const g of generateSkills(120, { seed: 9, references: { rate: 0.4 } })) for (const f of skillFiles(g)) files[f.path] = f.content;

/** The generated skills and the corpus subset, bundled and sent through JSON as a page receives them. */
async function bundled(): Promise<SkillBundle> {
  const root = await tempTree(Object.fromEntries(Object.entries(files).map(([p, c]) => [`skills/${p}`, c])));
  await cp('test/fixtures/corpus', join(root, 'skills', 'corpus'), { recursive: true });
  const bundle = await buildSkillBundle('skills', { root, limits: { maxFolders: 10_000 } });
  return JSON.parse(JSON.stringify(bundle)) as SkillBundle;
}
const bundle = await bundled();

async function load(b: SkillBundle, options: Parameters<typeof bundleSource>[1] = {}, routing = {}): Promise<SkillLoader> {
  const loader = new SkillLoader({ builtin: bundleSource(b, options), routing, limits: { maxSkills: 5000 } });
  await loader.loadAll();
  return loader;
}

describe('pre-parsed bundles', () => {
  it('carry a skill for every entry that parses, the parse format and the routing index', () => {
    expect(bundle.parsed?.format).toBe(BUNDLE_PARSE_FORMAT);
    expect(bundle.parsed?.index?.entries.length).toBeGreaterThan(150);
    const withSkill = bundle.entries.filter((e) => e.skill);
    expect(withSkill.length).toBeGreaterThan(190);
    // JSON cannot carry .inf: that skill is left to be parsed from its text.
    expect(bundle.entries.find((e) => e.dir === 'odd')?.skill).toBeUndefined();
  });

  it('give the same skills, digests and diagnostics as parsing the texts', async () => {
    const fast = await load(bundle);
    const slow = await load(bundle, { preparsed: false });
    expect(fast.size).toBeGreaterThan(180);
    expect(fast.getAll()).toEqual(slow.getAll());
    expect(fast.getAll().map((s) => s.digest)).toEqual(slow.getAll().map((s) => s.digest));
    expect(fast.diagnostics).toEqual(slow.diagnostics);
    expect(fast.getByName('odd')?.extensions).toEqual({ 'x-inf': Infinity });
  });

  it('parse no front matter to load: the skills come from the bundle as they are', async () => {
    // The opening line broken (same length, so the bodies stored in the texts stay where they are): not parsed again.
    const broken: SkillBundle = { ...bundle, entries: bundle.entries.map((e) => (e.skill ? { ...e, text: e.text.replace(/^---/, '+++') } : e)) };
    const loader = await load(broken);
    expect(loader.getAll()).toEqual((await load(bundle)).getAll());
  });

  it('store each body once, in the text, and read it back from there', async () => {
    const once = bundle.entries.filter((e) => e.skill?.content === null);
    expect(once.length).toBeGreaterThan(150);
    for (const e of once) expect((e.body?.[1] ?? Infinity) <= e.text.length).toBe(true);
    const loaded = await load(bundle);
    const parsed = await load(bundle, { preparsed: false });
    expect(loaded.getAll().map((s) => s.content)).toEqual(parsed.getAll().map((s) => s.content));
    // A body reference that does not fit the text makes the entry parse its text instead.
    const first = once[0];
    if (!first) throw new Error('no entry stores its body once');
    const entries = bundle.entries.map((e) => (e === first ? { ...e, body: [0, e.text.length + 5] as const } : e));
    const skill = (await load({ ...bundle, entries })).getAll().find((s) => s.path === first.path);
    expect(skill?.content).toBe(parsed.getAll().find((s) => s.path === first.path)?.content);
  });

  it('route from the shipped index as an index built at start does, re-indexing nothing', async () => {
    const index = bundle.parsed?.index;
    const loader = new SkillLoader({ builtin: bundleSource(bundle), routing: index ? { index } : {}, limits: { maxSkills: 5000 } });
    const upsert = vi.spyOn(loader.router, 'upsert');
    await loader.loadAll();
    const built = await load(bundle);
    for (const q of ['summarize this pdf report', 'review a pull request', 'debug the docker image', 'write a changelog']) {
      expect(loader.route(q)).toEqual(built.route(q));
    }
    expect(upsert).not.toHaveBeenCalled();
  });

  it('parse the texts when the bundle was pre-parsed by another parse format', async () => {
    const entries = bundle.entries.map((e) => (e.skill ? { ...e, skill: { ...e.skill, description: 'stale' } } : e));
    const loader = await load({ ...bundle, entries, parsed: { format: BUNDLE_PARSE_FORMAT + 1 } });
    expect(loader.getAll().some((s) => s.description === 'stale')).toBe(false);
    expect(loader.getAll()).toEqual((await load(bundle)).getAll());
  });

  it('with verify, parse the text of a skill whose digest does not check out', async () => {
    const first = bundle.entries.find((e) => e.skill && e.skill.name === e.folder);
    const entries = bundle.entries.map((e) => (e === first && e.skill ? { ...e, skill: { ...e.skill, description: 'tampered' } } : e));
    const tampered = { ...bundle, entries };
    expect((await load(tampered)).getByName(first?.skill?.name ?? '')?.description).toBe('tampered');
    const verified = await load(tampered, { verify: true });
    expect(verified.getByName(first?.skill?.name ?? '')?.description).toBe(first?.skill?.description);
    expect(verified.getAll()).toEqual((await load(bundle)).getAll());
  });

  describe('the index a bundle lists', () => {
    const QUERIES = ['summarize this pdf report', 'review a pull request', 'debug the docker image', 'write a changelog'];
    const syncs = () => vi.spyOn(Router.prototype, 'upsert');

    it('starts a loader given no routing.index: the same answers, nothing re-indexed', async () => {
      const upsert = syncs();
      const loader = await load(bundle);
      const built = await load(bundle, { preparsed: false });
      for (const q of QUERIES) expect(loader.route(q)).toEqual(built.route(q));
      // Only the loader fed from the texts indexed skills one by one.
      expect(upsert.mock.contexts.filter((r) => r === loader.router)).toHaveLength(0);
      expect(upsert.mock.contexts.filter((r) => r === built.router).length).toBeGreaterThan(150);
      upsert.mockRestore();
    });

    it('is listed by the source only when its parse is used, and not under verify', async () => {
      expect((await bundleSource(bundle).list()).index).toBe(bundle.parsed?.index);
      expect((await bundleSource(bundle, { preparsed: false }).list()).index).toBeUndefined();
      expect((await bundleSource(bundle, { verify: true }).list()).index).toBeUndefined();
      expect((await bundleSource({ ...bundle, parsed: { format: BUNDLE_PARSE_FORMAT + 1 } }).list()).index).toBeUndefined();
    });

    it('covers the bundle only: skills of later tiers are indexed on top, and gone ones leave', async () => {
      const extra = { 'zebra-care/SKILL.md': '---\nname: zebra-care\ndescription: Feed and groom zebras at the sanctuary.\n---\nBody.\n' };
      const loader = new SkillLoader({ builtin: [bundleSource(bundle), memorySource(extra)], limits: { maxSkills: 5000 } });
      await loader.loadAll();
      expect(loader.route('groom the zebras')[0]?.skill.name).toBe('zebra-care');
      const gone = loader.getAll()[0]?.name ?? '';
      loader.remove(gone);
      expect(loader.router.toJSON().entries.map(([name]) => name)).not.toContain(gone);
    });

    it('is passed over when it does not fit: another schema version, or a damaged object', async () => {
      const index = bundle.parsed?.index;
      if (!index) throw new Error('the bundle has no index');
      const built = await load(bundle, { preparsed: false });
      const [first, ...rest] = index.entries;
      if (!first) throw new Error('the index has no entries');
      const hollow = [[first[0], first[1], first[2], first[3], {}, first[5]], ...rest];
      const unweighted = [[first[0], first[1], first[2], first[3], first[4], [['term', 'heavy']]], ...rest];
      const odds = [
        { ...index, version: 999 },
        { ...index, entries: 'damaged' },
        { ...index, index: null },
        { ...index, entries: hollow },
        { ...index, entries: unweighted },
      ];
      for (const odd of odds) {
        const loader = await load({ ...bundle, parsed: { format: BUNDLE_PARSE_FORMAT, index: odd as typeof index } });
        for (const q of QUERIES) expect(loader.route(q)).toEqual(built.route(q));
      }
    });

    it('is not used by a loader whose routing options index differently, nor from a tier below builtin', async () => {
      const tuned = { stopWordWeight: 0, fieldWeights: { name: 0.1 } };
      const upsert = syncs();
      const loader = await load(bundle, {}, tuned);
      const built = await load(bundle, { preparsed: false }, tuned);
      for (const q of [...QUERIES, 'the helper']) expect(loader.route(q)).toEqual(built.route(q));
      expect(upsert.mock.contexts.filter((r) => r === loader.router).length).toBeGreaterThan(150);
      // Threshold-like options index as the defaults do: the shipped index still serves.
      const thresholds = await load(bundle, {}, { threshold: 0.6, relative: 0.4 });
      thresholds.route('pdf');
      expect(upsert.mock.contexts.filter((r) => r === thresholds.router)).toHaveLength(0);
      // The same bundle as a remote (org-tier) source: its index seeds nothing.
      const remote = new SkillLoader({ remote: bundleSource(bundle), limits: { maxSkills: 5000 } });
      await remote.loadAll();
      remote.route('pdf');
      expect(upsert.mock.contexts.filter((r) => r === remote.router).length).toBeGreaterThan(150);
      upsert.mockRestore();
    });

    it('gives way to a routing.index the loader was given', async () => {
      const other = new SkillLoader({ builtin: memorySource(extra()), routing: {} });
      await other.loadAll();
      const given = other.router.toJSON();
      const loader = await load(bundle, {}, { index: given });
      // Started from the given index (one skill), every bundle skill was indexed on top of it.
      const upsert = syncs();
      const fresh = await load(bundle, {}, { index: given });
      fresh.route('pdf');
      expect(upsert.mock.contexts.filter((r) => r === fresh.router).length).toBeGreaterThan(150);
      expect(loader.route('pdf')).toEqual(fresh.route('pdf'));
      upsert.mockRestore();
    });
  });
});

function extra(): Record<string, string> {
  return { 'zebra-care/SKILL.md': '---\nname: zebra-care\ndescription: Feed and groom zebras at the sanctuary.\n---\nBody.\n' };
}
