// `satchelSkills({ lazy: true })` through a real `vite build`: the start-up module holds metadata and the index, the
// skills come whole from chunks imported on first use, and a loader over it ends where an eager one starts.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SkillLoader } from '../../src/loader/loader.js';
import { bundleSource, type SkillBundle, type SkillBundleEntry } from '../../src/sources/bundle.js';
import { buildSkillBundle } from '../../src/node/index.js';
import { satchelSkills } from '../../src/vite/index.js';
import { splitBundle } from '../../src/vite/lazy-chunks.js';
import { skillMd } from '../support/skill-md.js';

let root: string;
const NAMES = Array.from({ length: 7 }, (_, i) => `skill-${i}`);

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'satchel-vite-lazy-'));
  const files: Record<string, string> = { 'entry.js': "import bundle from 'virtual:satchel/skills';\nexport default bundle;\n" };
  for (const [i, name] of NAMES.entries()) {
    files[`skills/${name}/SKILL.md`] = skillMd(name, {
      description: `Handle task number ${i}: ${['invoices', 'forecasts', 'pdf forms', 'tables', 'emails', 'slides', 'logs'][i]}.`,
      body: `Secret body word body${i}word. Read references/notes.md.\n\nA later paragraph that only the chunk holds.`,
    });
    files[`skills/${name}/references/notes.md`] = `Notes of ${name}.\n`;
  }
  for (const [path, content] of Object.entries(files)) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), content);
  }
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function builtBundle(lazy: boolean | { skillsPerChunk: number }, out: string): Promise<{ bundle: SkillBundle; files: string[] }> {
  const outDir = join(root, out);
  await build({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: [satchelSkills({ lazy })],
    build: { ssr: join(root, 'entry.js'), outDir, emptyOutDir: true, minify: false },
  });
  const { default: bundle } = (await import(`${pathToFileURL(join(outDir, 'entry.mjs')).href}?t=${Date.now()}`)) as { default: SkillBundle };
  return { bundle, files: await readdir(outDir, { recursive: true }) };
}

describe('satchelSkills({ lazy: true })', () => {
  it('splits the skills into chunks: the start-up module holds no body', async () => {
    const { bundle, files } = await builtBundle({ skillsPerChunk: 3 }, 'dist-lazy');
    expect(bundle.chunks).toHaveLength(3);
    expect(bundle.entries.map((e) => e.chunk)).toEqual([0, 0, 0, 1, 1, 1, 2]);
    const startup = await readFile(join(root, 'dist-lazy', 'entry.mjs'), 'utf8');
    // The index keeps what routing reads of a body (its headings and first paragraph); the rest is in the chunks only.
    expect(startup).not.toContain('A later paragraph');
    expect(startup).not.toContain('Notes of skill-0');
    expect(startup).toContain('Handle task number 0');
    expect(bundle.parsed?.index).toBeDefined();
    expect(files.filter((f) => f.endsWith('.mjs') || f.endsWith('.js')).length).toBeGreaterThanOrEqual(4);
  });

  it('a loader over it lists by metadata, routes from the shipped index, and reads a skill from its chunk on use', async () => {
    const { bundle } = await builtBundle(true, 'dist-lazy-default');
    const eagerBundle = await buildSkillBundle('skills', { root });
    const lazy = new SkillLoader({ builtin: bundleSource(bundle) });
    const eager = new SkillLoader({ builtin: bundleSource(eagerBundle) });
    await Promise.all([lazy.loadAll(), eager.loadAll()]);
    expect(lazy.getAll().every((s) => s.loaded === false && s.content === '')).toBe(true);
    // The digests are promised by the build: the tools' version and the routing are the eager ones from the start.
    expect(lazy.digest).toBe(eager.digest);
    for (const turn of ['fill the pdf forms', 'body3word', 'make a table of invoices'])
      expect(lazy.route(turn).map((r) => [r.skill.name, r.score])).toEqual(eager.route(turn).map((r) => [r.skill.name, r.score]));
    const [tables] = await lazy.ensureLoaded(['skill-3']);
    expect(tables).toEqual(eager.getByName('skill-3'));
    expect(await lazy.readFile('skill-5', 'references/notes.md')).toBe('Notes of skill-5.\n');
    expect(lazy.getByName('skill-6')?.loaded).toBe(false);
  });

  it('a chunk whose skill no longer matches the digest it was listed with is DIGEST_MISMATCH, the rest load', async () => {
    const eagerBundle = await buildSkillBundle('skills', { root });
    const split = splitBundle(eagerBundle, 4);
    const tampered = split.chunks.map((chunk) => ({
      entries: chunk.entries.map((e: SkillBundleEntry) =>
        e.dir === 'skill-1' && e.skill ? { ...e, skill: { ...e.skill, digest: `sha256:${'1'.repeat(64)}` } } : e,
      ),
    }));
    const chunks = tampered.map((chunk) => () => Promise.resolve({ default: chunk }));
    const loader = new SkillLoader({ builtin: bundleSource({ ...split.metadata, chunks }) });
    await loader.loadAll();
    await expect(loader.ensureLoaded('skill-1')).rejects.toMatchObject({ code: 'DIGEST_MISMATCH' });
    expect(loader.getByName('skill-1')?.stale).toBe(true);
    expect((await loader.ensureLoaded('skill-2'))[0]?.content).toContain('body2word');
  });

  it('a chunk that fails to import fails that call with SOURCE_FAILED, and is tried again', async () => {
    const split = splitBundle(await buildSkillBundle('skills', { root }), 8);
    let fail = true;
    const chunks = split.chunks.map((chunk) => () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve({ default: chunk })));
    const loader = new SkillLoader({ builtin: bundleSource({ ...split.metadata, chunks }) });
    await loader.loadAll();
    await expect(loader.activateAsync('/skill-0')).rejects.toMatchObject({ code: 'SOURCE_FAILED' });
    fail = false;
    expect((await loader.activateAsync('/skill-0'))[0]?.skill.content).toContain('body0word');
  });

  it('refuses a skillsPerChunk that is no positive integer', () => {
    expect(() => satchelSkills({ lazy: { skillsPerChunk: 0 } })).toThrow(/skillsPerChunk/);
  });
});
