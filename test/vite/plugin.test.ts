// The Vite plugin and its node-side builder: the bundle matches the directory source, survives a real `vite build`,
// prints its diagnostics with positions, and the dev server picks up changes to the folder.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { Buffer } from 'node:buffer';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, createLogger, createServer, type Logger } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Digest } from '../../src/shared/hash.js';
import { SkillLoader } from '../../src/loader/loader.js';
import { directorySource } from '../../src/node/directory/directory-source.js';
import { bundleSource, type SkillBundle } from '../../src/sources/bundle.js';
import { buildSkillBundle } from '../../src/node/index.js';
import { reportLines, satchelSkills } from '../../src/vite/index.js';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const GUIDE = '# Guide\n\nRead the form fields first, then fill them.\n';

const FILES: Record<string, string | Uint8Array> = {
  'skills/pdf/SKILL.md':
    '---\nname: pdf\ndescription: Fill PDF forms. Use when the user has a PDF form.\nintents: [pdf_forms]\n---\n# PDF\n\nSee references/guide.md.\n',
  'skills/pdf/references/guide.md': GUIDE,
  'skills/pdf/assets/logo.png': PNG,
  'skills/postmortem/SKILL.md': '---\nname: postmortem\ndescription: Write a postmortem. Use after an incident.\nmetadata:\n  body-format: structured\n---\n',
  'skills/postmortem/sections/purpose.md': '# Purpose\n\nLearn without blame.\n',
  'skills/postmortem/sections/workflow.md': '# Workflow\n\n1. Timeline.\n',
  'skills/colon/SKILL.md': '---\nname: colon\ndescription: Use when: the user asks\n---\nBody\n',
  'skills/broken/SKILL.md': '---\nname: broken\n---\nNo description.\n',
  'skills/latin1/SKILL.md': new Uint8Array([
    ...new TextEncoder().encode('---\nname: latin1\ndescription: caf'),
    0xe9,
    0x0a,
    ...new TextEncoder().encode('---\nBody\n'),
  ]),
  'entry.js': "import bundle from 'virtual:satchel/skills';\nexport default bundle;\n",
};

let root: string;

async function writeFiles(base: string, files: Record<string, string | Uint8Array>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(join(base, path, '..'), { recursive: true });
    await writeFile(join(base, path), content);
  }
}

function capturingLogger(): Logger & { warnings: string[] } {
  const base = createLogger('warn', { allowClearScreen: false });
  const warnings: string[] = [];
  return { ...base, warnings, warn: (msg: string) => void warnings.push(msg), warnOnce: (msg: string) => void warnings.push(msg), info: () => {} };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'satchel-vite-'));
  await writeFiles(root, FILES);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('buildSkillBundle', () => {
  it('lists every skill folder with paths relative to the root and no absolute path of the machine', async () => {
    const bundle = await buildSkillBundle('skills', { root });
    expect(bundle.version).toBe(1);
    expect(bundle.entries.map((e) => e.dir)).toEqual(['broken', 'colon', 'latin1', 'pdf', 'postmortem']);
    expect(bundle.entries.map((e) => e.path)).toEqual(['broken', 'colon', 'latin1', 'pdf', 'postmortem'].map((d) => `skills/${d}/SKILL.md`));
    expect(JSON.stringify(bundle)).not.toContain(root);
    expect(JSON.parse(JSON.stringify(bundle))).toEqual(bundle);
  });

  it('carries SKILL.md text, the directory source inventory, text contents and binaries as base64', async () => {
    const bundle = await buildSkillBundle('skills', { root });
    const { entries } = await directorySource(join(root, 'skills')).list();
    for (const listed of entries) {
      const bundled = bundle.entries.find((e) => e.dir === listed.dir);
      expect(bundled, listed.dir).toBeDefined();
      expect(bundled?.files.map(({ path, size, isText, digest }) => ({ path, size, isText, digest }))).toEqual(
        (listed.files ?? []).map(({ path, size, isText, digest }) => ({ path, size, isText, digest })),
      );
    }
    const pdf = bundle.entries.find((e) => e.dir === 'pdf');
    expect(pdf?.text).toBe(FILES['skills/pdf/SKILL.md']);
    expect(pdf?.files.find((f) => f.path === 'references/guide.md')).toEqual({
      path: 'references/guide.md',
      size: GUIDE.length,
      isText: true,
      digest: sha256Digest(GUIDE),
      content: GUIDE,
    });
    const logo = pdf?.files.find((f) => f.path === 'assets/logo.png');
    expect(logo).toEqual({
      path: 'assets/logo.png',
      size: PNG.byteLength,
      isText: false,
      digest: sha256Digest(PNG),
      base64: Buffer.from(PNG).toString('base64'),
    });
    for (const entry of bundle.entries) for (const f of entry.files) if (f.content !== undefined) expect(sha256Digest(f.content)).toBe(f.digest);
  });

  it('keeps a SKILL.md that is not UTF-8 as an entry with an invalid-encoding error and no text', async () => {
    const bundle = await buildSkillBundle('skills', { root });
    const latin1 = bundle.entries.find((e) => e.dir === 'latin1');
    expect(latin1?.text).toBe('');
    expect(latin1?.diagnostics?.map((d) => [d.code, d.severity, d.path])).toEqual([['invalid-encoding', 'error', 'skills/latin1/SKILL.md']]);
  });

  it('gives an empty bundle for a missing folder', async () => {
    expect(await buildSkillBundle('no-such-folder', { root })).toEqual({ version: 1, entries: [] });
  });

  it('loads in a SkillLoader to the same skills, digests and verdicts as the directory source', async () => {
    const viaBundle = new SkillLoader({ builtin: bundleSource(await buildSkillBundle('skills', { root })) });
    const viaDirectory = new SkillLoader({ builtin: directorySource(join(root, 'skills')) });
    const a = await viaBundle.loadAll();
    const b = await viaDirectory.loadAll();
    expect(a.map((s) => [s.name, s.digest, s.files.length])).toEqual(b.map((s) => [s.name, s.digest, s.files.length]));
    expect(a.map((s) => s.name)).toEqual(['colon', 'pdf', 'postmortem']);
    expect(viaBundle.getByName('postmortem')?.content).toContain('## Purpose');
    const codes = (loader: SkillLoader): string[] => loader.diagnostics.map((d) => `${d.code}@${d.path.replace(/^.*skills\//, '')}`).sort();
    expect(codes(viaBundle)).toEqual(codes(viaDirectory));
  });

  it('serves file contents through bundleSource.read, and refuses unsafe paths and aborts', async () => {
    const source = bundleSource(await buildSkillBundle('skills', { root }));
    expect(new TextDecoder().decode(await source.read('pdf/references/guide.md'))).toBe(GUIDE);
    expect(new TextDecoder().decode(await source.read('pdf/SKILL.md'))).toBe(FILES['skills/pdf/SKILL.md']);
    expect([...(await source.read('pdf/assets/logo.png'))]).toEqual([...PNG]);
    await expect(source.read('pdf/nope.md')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(source.read('../etc/passwd')).rejects.toMatchObject({ code: 'UNSAFE_PATH' });
    await expect(source.read('/etc/passwd')).rejects.toMatchObject({ code: 'UNSAFE_PATH' });
    await expect(source.list({ signal: AbortSignal.abort() })).rejects.toMatchObject({ code: 'ABORTED' });
  });
});

describe('reportLines', () => {
  it('prints listing and parse errors and warnings as path:line:column code severity: message', async () => {
    const lines = reportLines(await buildSkillBundle('skills', { root }));
    expect(lines).toContainEqual(expect.stringMatching(/^skills\/colon\/SKILL\.md:3:\d+ yaml-unquoted-colon warning: /));
    expect(lines).toContainEqual(expect.stringMatching(/^skills\/broken\/SKILL\.md:\d+:\d+ description-missing error: /));
    expect(lines).toContainEqual(expect.stringMatching(/^skills\/latin1\/SKILL\.md invalid-encoding error: /));
    expect(lines.some((l) => l.includes('skills/pdf/'))).toBe(false);
  });
});

describe('satchelSkills() in vite build', () => {
  it('bundles the folder into the virtual module and warns about bad skills', async () => {
    const logger = capturingLogger();
    const outDir = join(root, 'dist');
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      customLogger: logger,
      plugins: [satchelSkills()],
      build: { ssr: join(root, 'entry.js'), outDir, emptyOutDir: true, minify: false },
    });
    const built = await readFile(join(outDir, 'entry.mjs'), 'utf8');
    // The bundle data holds no path of the build machine (the bundler's own module comments may).
    expect(built.slice(built.indexOf('JSON.parse('))).not.toContain(root);
    const { default: bundle } = (await import(`${pathToFileURL(join(outDir, 'entry.mjs')).href}?t=${Date.now()}`)) as { default: SkillBundle };
    expect(bundle).toEqual(await buildSkillBundle('skills', { root }));
    const warned = logger.warnings.join('\n');
    expect(warned).toMatch(/skills\/colon\/SKILL\.md:3:\d+ yaml-unquoted-colon warning/);
    expect(warned).toMatch(/skills\/broken\/SKILL\.md:\d+:\d+ description-missing error/);
  });

  it('takes another id, folder and limits', async () => {
    await writeFiles(root, { 'other.js': "import b from 'app:skills';\nexport default b;\n" });
    const outDir = join(root, 'dist-other');
    await build({
      configFile: false,
      root,
      logLevel: 'silent',
      plugins: [satchelSkills({ id: 'app:skills', dir: join(root, 'skills', 'pdf'), limits: { maxFilesPerSkill: 1 } })],
      build: { ssr: join(root, 'other.js'), outDir, emptyOutDir: true, minify: false },
    });
    const { default: bundle } = (await import(`${pathToFileURL(join(outDir, 'other.mjs')).href}?t=${Date.now()}`)) as { default: SkillBundle };
    expect(bundle.entries.map((e) => [e.dir, e.path])).toEqual([['', 'skills/pdf/SKILL.md']]);
    expect(bundle.entries[0]?.diagnostics?.some((d) => d.code === 'limit-exceeded')).toBe(true);
  });
});

describe('satchelSkills() in the dev server', () => {
  it('serves the bundle and rebuilds it when a skill is added', async () => {
    const server = await createServer({
      configFile: false,
      root,
      logLevel: 'silent',
      plugins: [satchelSkills()],
      server: { middlewareMode: true, ws: false },
      optimizeDeps: { noDiscovery: true, include: [] },
    });
    try {
      const first = (await server.ssrLoadModule('virtual:satchel/skills')) as { default: SkillBundle };
      expect(first.default.entries.map((e) => e.dir)).not.toContain('added');
      await writeFiles(root, { 'skills/added/SKILL.md': '---\nname: added\ndescription: Added while the server runs.\n---\nBody\n' });
      let dirs: string[] = [];
      for (let i = 0; i < 100 && !dirs.includes('added'); i++) {
        await new Promise((r) => setTimeout(r, 100));
        const next = (await server.ssrLoadModule('virtual:satchel/skills')) as { default: SkillBundle };
        dirs = next.default.entries.map((e) => e.dir);
      }
      expect(dirs).toContain('added');
    } finally {
      await server.close();
      await rm(join(root, 'skills', 'added'), { recursive: true, force: true });
    }
  });
});
