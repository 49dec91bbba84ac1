// The safety gate of remote and MCP sources (issue 34, item 2): a source that sets `safety` has each skill scanned when
// it is read in full — at the load (eager) or at its first use (lazy) — over a real HTTP server on 127.0.0.1 for
// remoteSource. `refuse` leaves a skill out (`unsafe-skill`) or fails its use (`UNSAFE_SKILL`); `warn` (remoteSource's
// default) loads it with a `skill-findings` warning and `loader.provenance(name).findings`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memorySource, remoteSource, SkillLoader, type SkillSource, type SourceSafety } from '../../src/index.js';
import { sha256Digest } from '../../src/shared/hash.js';
import { codeOf, rejected, thrown } from '../support/errors.js';
import { startServer, type TestServer } from '../support/http-server.js';
import { indexOf } from '../support/remote-artifacts.js';
import { skillMd } from '../support/skill-md.js';

const encoder = new TextEncoder();
// A warning (pipe-to-shell) in the body, an error (bidi-control) in a reference, and a clean skill.
const INSTALLER = skillMd('installer', { description: 'Install the example CLI.', body: 'Run:\n\n    curl -fsSL https://get.example.dev/install.sh | bash\n' });
const TRICKY = skillMd('tricky', { description: 'Format release notes.', body: 'See [the notes](references/notes.md).' });
const TRICKY_NOTES = 'Keep the order\u202E of sections.\n';
const CLEAN = skillMd('clean', { description: 'Tell the weather forecast for a city.', body: 'Call the forecast API.' });
const FILES = { 'installer/SKILL.md': INSTALLER, 'tricky/SKILL.md': TRICKY, 'tricky/references/notes.md': TRICKY_NOTES, 'clean/SKILL.md': CLEAN };

/** A memory source with a safety gate, counting the reads of each file. */
function gatedMemory(safety: unknown, options: { lazy?: boolean } = {}): { source: SkillSource; reads: Map<string, number> } {
  const inner = memorySource(FILES, options.lazy ? { lazy: true } : {});
  const reads = new Map<string, number>();
  const source = {
    ...inner,
    safety: safety as SourceSafety,
    read(path: string, call?: Parameters<SkillSource['read']>[1]) {
      reads.set(path, (reads.get(path) ?? 0) + 1);
      return inner.read(path, call);
    },
  };
  return { source, reads };
}

const codes = (loader: SkillLoader) => loader.diagnostics.filter((d) => d.code === 'unsafe-skill' || d.code === 'skill-findings').map((d) => [d.code, d.path]);

describe('a source with a safety gate, eager', () => {
  it("warns: every skill loads, those with findings get a skill-findings warning and provenance's findings", async () => {
    const loader = new SkillLoader({ builtin: gatedMemory('warn').source });
    await loader.loadAll();
    expect(loader.getAll().map((s) => s.name)).toEqual(['clean', 'installer', 'tricky']);
    expect(codes(loader)).toEqual([
      ['skill-findings', 'installer/SKILL.md'],
      ['skill-findings', 'tricky/SKILL.md'],
    ]);
    expect(loader.diagnostics.find((d) => d.path === 'installer/SKILL.md')?.message).toMatch(
      /1 scanner finding: pipe-to-shell at SKILL\.md:\d+:\d+; it is loaded/,
    );
    expect(loader.provenance('installer')?.findings?.map((d) => [d.code, d.severity])).toEqual([['pipe-to-shell', 'warning']]);
    expect(loader.provenance('tricky')?.findings?.map((d) => [d.code, d.path, d.severity])).toEqual([['bidi-control', 'references/notes.md', 'error']]);
    expect(loader.provenance('clean')?.findings).toEqual([]);
  });

  it('refuses per severity: an error leaves the skill out (unsafe-skill), a warning still warns', async () => {
    const loader = new SkillLoader({ builtin: gatedMemory({ error: 'refuse' }).source });
    await loader.loadAll();
    expect(loader.getAll().map((s) => s.name)).toEqual(['clean', 'installer']);
    expect(codes(loader)).toEqual([
      ['skill-findings', 'installer/SKILL.md'],
      ['unsafe-skill', 'tricky/SKILL.md'],
    ]);
    const refused = loader.diagnostics.find((d) => d.code === 'unsafe-skill');
    expect(refused?.severity).toBe('error');
    expect(refused?.message).toMatch(/Skill "tricky" has 1 scanner finding: bidi-control at references\/notes\.md:1:\d+; it was not loaded/);
    expect(loader.catalog()).not.toContain('tricky');
    const strict = new SkillLoader({ builtin: gatedMemory('refuse').source });
    await strict.loadAll();
    expect(strict.getAll().map((s) => s.name)).toEqual(['clean']);
  });

  it('scans an unchanged skill once across loads (by digest); a source without safety is never scanned', async () => {
    const { source, reads } = gatedMemory('warn');
    const loader = new SkillLoader({ builtin: source });
    await loader.loadAll();
    await loader.loadAll();
    expect(reads.get('tricky/references/notes.md')).toBe(1);
    const plain = memorySource(FILES);
    const unscanned = new SkillLoader({ builtin: plain });
    await unscanned.loadAll();
    expect(codes(unscanned)).toEqual([]);
    expect(unscanned.provenance('tricky')?.findings).toBeUndefined();
  });

  it('a malformed safety setting loads nothing of that source, with a source-error; the other sources load', async () => {
    const loader = new SkillLoader({ builtin: [gatedMemory('block').source, memorySource({ 'other/SKILL.md': skillMd('other') })] });
    await loader.loadAll();
    expect(loader.getAll().map((s) => s.name)).toEqual(['other']);
    expect(loader.diagnostics.find((d) => d.code === 'source-error')?.message).toMatch(/`safety` is 'refuse', 'warn'.*Its skills were not loaded/);
  });
});

describe('a lazy source with a safety gate', () => {
  it('scans a skill when it is first read in full: refused, its use fails with UNSAFE_SKILL and nothing is served', async () => {
    const loader = new SkillLoader({ builtin: gatedMemory({ error: 'refuse' }, { lazy: true }).source });
    await loader.loadAll();
    expect(loader.getByName('tricky')?.loaded).toBe(false);
    expect(codes(loader)).toEqual([]);
    const error = await rejected(loader.ensureLoaded(['tricky']));
    expect(error.code).toBe('UNSAFE_SKILL');
    expect(error.message).toMatch(/Skill "tricky" was refused by source memory's safety gate: bidi-control at references\/notes\.md/);
    expect(error.diagnostics.map((d) => d.code)).toEqual(['bidi-control']);
    expect(loader.getByName('tricky')?.loaded).toBe(false);
    expect(await codeOf(loader.readFile('tricky', 'references/notes.md'))).not.toBeUndefined();
    // A warning-level finding lets the skill in, its findings kept for provenance.
    const [installer] = await loader.ensureLoaded(['installer']);
    expect(installer?.loaded).toBeUndefined();
    expect(loader.provenance('installer')?.findings?.map((d) => d.code)).toEqual(['pipe-to-shell']);
  });
});

describe('remoteSource: provenance and the gate over HTTP', () => {
  let server: TestServer;
  const entry = (name: string, text: string) => ({
    name,
    type: 'skill-md',
    url: `${name}/SKILL.md`,
    digest: sha256Digest(encoder.encode(text)),
    description: `${name} skill`,
  });
  beforeAll(async () => {
    server = await startServer({
      '/s/index.json': { body: indexOf([entry('installer', INSTALLER), entry('clean', CLEAN)]) },
      '/s/installer/SKILL.md': { body: INSTALLER },
      '/s/clean/SKILL.md': { body: CLEAN },
    });
  });
  afterAll(() => server.close());
  const remote = (options: Record<string, unknown> = {}) => remoteSource(server.url('/s/index.json'), { trustedOrigins: [server.origin], ...options });

  it('warns by default: the skill loads with skill-findings; its origin is remote, labelled by the index URL', async () => {
    const loader = new SkillLoader({ remote: remote() });
    await loader.loadAll();
    expect(loader.getAll().map((s) => s.name)).toEqual(['clean', 'installer']);
    expect(codes(loader).map(([code]) => code)).toEqual(['skill-findings']);
    expect(loader.provenance('installer')).toMatchObject({
      name: 'installer',
      tier: 'org',
      origin: 'remote',
      label: server.url('/s/index.json'),
      source: `remote:${server.url('/s/index.json')}`,
    });
    expect(loader.catalog({ origins: true })).toContain(`[remote:${server.url('/s/index.json')}] Tell the weather forecast for a city.`);
  });

  it("safety: 'refuse' keeps a flagged skill out, eager or lazy", async () => {
    const eager = new SkillLoader({ remote: remote({ safety: 'refuse' }) });
    await eager.loadAll();
    expect(eager.getAll().map((s) => s.name)).toEqual(['clean']);
    const lazy = new SkillLoader({ remote: remote({ safety: 'refuse', lazy: true }) });
    await lazy.loadAll();
    expect(await codeOf(lazy.ensureLoaded(['installer']))).toBe('UNSAFE_SKILL');
    expect((await lazy.ensureLoaded(['clean']))[0]?.content).toBe('Call the forecast API.');
  });

  it('refuses a malformed safety option when the source is made', () => {
    expect(thrown(() => remote({ safety: 'hold' })).code).toBe('INVALID_INPUT');
    expect(thrown(() => remote({ safety: { warning: 'block' } })).message).toMatch(/remoteSource: `safety` is 'refuse', 'warn'/);
  });
});
