// publishedPluginSource over a real HTTP server on 127.0.0.1: pinned archives fetched and verified, a tampered one refused
// while the rest load, unpinned plugins never fetched (unless allowed), stale pins, wrong manifests, untrusted origins,
// the cache offline, plugin.json readable by the plugin's skills, and one plugin name claimed twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryPluginSource, memoryRemoteCache, SkillLoader, type SkillSource } from '../../../src/index.js';
import { publishedPluginSource, type PublishedPluginsOptions } from '../../../src/sources/plugins/published-source.js';
import type { PluginLockEntry } from '../../../src/sources/plugins/lock.js';
import { sha256Digest } from '../../../src/shared/hash.js';
import { startServer, type TestServer } from '../../support/http-server.js';
import { tarGz } from '../../support/remote-artifacts.js';
import { skillMd } from '../../support/skill-md.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** The archive of plugin `name` at `version` with one skill `skill`. */
function pluginArchive(name: string, version: string, skill: string): Uint8Array {
  return tarGz({
    'plugin.json': JSON.stringify({ name, version }),
    'shared/util.py': `# ${name} ${version}\n`,
    [`skills/${skill}/SKILL.md`]: skillMd(skill, { description: `The ${skill} skill of ${name} ${version}.` }),
  });
}

/** Serves `bytes` at `/a/<file>` and returns its lock entry. */
function served(name: string, version: string, bytes: Uint8Array, file = `${name}-${version}.tar.gz`): PluginLockEntry {
  server.routes.set(`/a/${file}`, { body: bytes });
  return { name, version, url: server.url(`/a/${file}`), digest: sha256Digest(bytes), source: server.url('/index.json') };
}

const select = (name: string, version: string): { name: string; source: string; version: string } => ({ name, source: server.url('/index.json'), version });

async function load(options: PublishedPluginsOptions, builtin: SkillSource[] = []): Promise<SkillLoader> {
  const loader = new SkillLoader({ builtin: [...builtin, publishedPluginSource(options)] });
  await loader.loadAll();
  return loader;
}

describe('publishedPluginSource', () => {
  it('loads each pinned plugin; a tampered archive is refused with DIGEST_MISMATCH and the others load', async () => {
    const finance = served('finance', '1.0.0', pluginArchive('finance', '1.0.0', 'dcf'));
    const legal = served('legal', '2.1.0', pluginArchive('legal', '2.1.0', 'contract-review'));
    server.routes.set('/a/legal-2.1.0.tar.gz', { body: pluginArchive('legal', '2.1.0', 'something-else') });
    const loader = await load({ selected: [select('finance', '^1.0.0'), select('legal', '2.1.0')], lock: { lockfileVersion: 1, plugins: [finance, legal] } });
    expect(loader.getAll().map((s) => s.name)).toEqual(['dcf']);
    const mismatch = loader.diagnostics.filter((d) => d.code === 'digest-mismatch');
    expect(mismatch).toHaveLength(1);
    expect(mismatch[0]?.message).toMatch(/^Plugin legal@2\.1\.0 is not loaded \(DIGEST_MISMATCH\)/);
    // The plugin's metadata and shared files are readable by its skill, as `../../…`.
    expect(JSON.parse(await loader.readFile('dcf', '../../plugin.json'))).toEqual({ name: 'finance', version: '1.0.0' });
    expect(await loader.readFile('dcf', '../../shared/util.py')).toBe('# finance 1.0.0\n');
    const tools = loader.tools.find((t) => t.id === 'skills.load');
    const result = (await tools?.run({ name: 'dcf' })) as { path: string; bundle: unknown };
    expect(result.path).toBe('/skills/finance/skills/dcf/SKILL.md');
    expect(result.bundle).toEqual({ name: 'finance', version: '1.0.0' });
    // In a sandbox the metadata lands where the seed puts it: at the plugin's root.
    const written = new Map<string, Uint8Array>();
    await loader.attachSandbox({ mkdir: () => undefined, writeFile: (path, bytes) => void written.set(path, bytes) });
    expect([...written.keys()].sort()).toEqual(['/skills/finance/plugin.json', '/skills/finance/shared/util.py', '/skills/finance/skills/dcf/SKILL.md']);
  });

  it('never fetches a selected plugin the lock does not pin, nor one it pins for another source or outside the range', async () => {
    const finance = served('finance', '1.0.0', pluginArchive('finance', '1.0.0', 'dcf'), 'unpinned.tar.gz');
    server.routes.delete('/index.json');
    const stale = { ...finance, name: 'legal' };
    const moved = { ...finance, name: 'tax', source: 'https://elsewhere.example/index.json' };
    const loader = await load({
      selected: [select('finance', '1.0.0'), select('legal', '^3.0.0'), select('tax', '1.0.0')],
      lock: { lockfileVersion: 1, plugins: [stale, moved] },
    });
    expect(loader.getAll()).toEqual([]);
    const messages = loader.diagnostics.filter((d) => d.code === 'plugin-unpinned').map((d) => d.message);
    expect(messages).toHaveLength(3);
    expect(messages[0]).toContain('plugins.lock does not pin plugin finance');
    expect(messages[1]).toContain('at 1.0.0, outside the selected ^3.0.0');
    expect(messages[2]).toContain('from https://elsewhere.example/index.json');
    expect(server.hits.get('/a/unpinned.tar.gz') ?? 0).toBe(0);
    expect(server.hits.get('/index.json') ?? 0).toBe(0);
  });

  it('with allowUnpinned, resolves the highest version in range from the index and says so', async () => {
    const entries = ['1.0.0', '1.4.0', '1.10.0-rc.1', '2.0.0'].map((v) => {
      const bytes = pluginArchive('finance', v, 'dcf');
      server.routes.set(`/p/finance-${v}.tar.gz`, { body: bytes });
      return { name: 'finance', version: v, type: 'archive', url: `p/finance-${v}.tar.gz`, digest: sha256Digest(bytes) };
    });
    server.routes.set('/index.json', { body: JSON.stringify({ $schema: 'x', skills: [], plugins: entries }) });
    const loader = await load({ selected: [select('finance', '^1.0.0')], allowUnpinned: true });
    expect(loader.getByName('dcf')?.description).toBe('The dcf skill of finance 1.4.0.');
    const resolved = loader.diagnostics.find((d) => d.code === 'plugin-resolved');
    expect(resolved?.severity).toBe('warning');
    expect(resolved?.message).toContain('finance@1.4.0 was resolved from its index');
    const none = await load({ selected: [select('finance', '^3.0.0')], allowUnpinned: true });
    expect(none.diagnostics.find((d) => d.code === 'plugin-unpinned')?.message).toContain('publishes 2.0.0, 1.10.0-rc.1, 1.4.0, 1.0.0: none satisfies ^3.0.0');
  });

  it('refuses an archive whose plugin.json is not the pinned name and version, and an archive on an untrusted origin', async () => {
    const wrong = served('finance', '1.1.0', pluginArchive('finance', '1.0.9', 'dcf'));
    const foreign = { ...served('legal', '1.0.0', pluginArchive('legal', '1.0.0', 'nda')), url: 'http://localhost:1/legal.tar.gz' };
    const loader = await load({ selected: [select('finance', '1.1.0'), select('legal', '1.0.0')], lock: { lockfileVersion: 1, plugins: [wrong, foreign] } });
    expect(loader.getAll()).toEqual([]);
    expect(loader.diagnostics.find((d) => d.code === 'plugin-archive')?.message).toContain('is version "1.0.9", not the pinned 1.1.0');
    expect(loader.diagnostics.find((d) => d.code === 'untrusted-origin')?.message).toContain('http://localhost:1/legal.tar.gz');
  });

  it('loads a pinned plugin from the cache by its digest when the network is gone', async () => {
    const finance = served('finance', '3.0.0', pluginArchive('finance', '3.0.0', 'dcf'), 'cached.tar.gz');
    const cache = memoryRemoteCache();
    const options = { selected: [select('finance', '3.0.0')], lock: { lockfileVersion: 1 as const, plugins: [finance] }, cache };
    expect((await load(options)).getAll().map((s) => s.name)).toEqual(['dcf']);
    server.routes.set('/a/cached.tar.gz', { status: 503 });
    const offline = await load(options);
    expect(offline.getAll().map((s) => s.name)).toEqual(['dcf']);
    expect(server.hits.get('/a/cached.tar.gz')).toBe(1);
  });

  it('is what the core loader makes of agentMd `plugins` and a `plugins.lock`', async () => {
    const finance = served('finance', '1.0.0', pluginArchive('finance', '1.0.0', 'dcf'), 'agent.tar.gz');
    const agentMd = `---\nplugins:\n  - { name: finance, source: "${server.url('/index.json')}", version: "~1.0.0" }\n---\n`;
    const lock = JSON.stringify({ lockfileVersion: 1, plugins: [finance] });
    const loader = new SkillLoader({ agentMd, plugins: { lock } });
    await loader.loadAll();
    expect(loader.getAll().map((s) => s.name)).toEqual(['dcf']);
    const withoutLock = new SkillLoader({ agentMd });
    await withoutLock.loadAll();
    expect(withoutLock.getAll()).toEqual([]);
    expect(withoutLock.diagnostics.map((d) => d.code)).toEqual(['plugin-unpinned']);
  });
});

describe('plugin.json of a checked-in plugin', () => {
  it('is listed for its skills only with readableManifest, as `../../plugin.json`', async () => {
    const files = { 'plugin.json': '{"name":"finance","version":"1.0.0"}', 'skills/dcf/SKILL.md': skillMd('dcf'), 'skills/x/y/SKILL.md': skillMd('y') };
    const paths = async (readableManifest: boolean): Promise<string[][]> =>
      (await memoryPluginSource(files, { readableManifest }).list()).entries.map((e) => (e.files ?? []).map((f) => f.path));
    expect(await paths(false)).toEqual([[], []]);
    // A skill nested deeper than skills/<name> would reach another folder by `../../`: it is not given the manifest.
    expect(await paths(true)).toEqual([['../../plugin.json'], []]);
    const loader = new SkillLoader({ builtin: memoryPluginSource(files, { readableManifest: true }) });
    await loader.loadAll();
    expect(await loader.readFile('dcf', '../../plugin.json')).toBe('{"name":"finance","version":"1.0.0"}');
  });
});

describe('one plugin name claimed twice', () => {
  it('is a duplicate-plugin error naming both, within one plugin source', async () => {
    const listing = await memoryPluginSource({
      'a/plugin.json': '{"name":"finance"}',
      'a/skills/dcf/SKILL.md': skillMd('dcf'),
      'b/plugin.json': '{"name":"finance"}',
      'b/skills/cim/SKILL.md': skillMd('cim'),
    }).list();
    const cim = listing.entries.find((e) => e.dir === 'b/skills/cim');
    expect(cim?.diagnostics?.map((d) => [d.code, d.message])).toEqual([
      ['duplicate-plugin', 'Plugin "finance" is claimed by the plugin at `a` and again by the one at `b`; the one at `b` is refused.'],
    ]);
    expect(listing.entries.find((e) => e.dir === 'a/skills/dcf')?.diagnostics ?? []).toEqual([]);
  });

  it('is a duplicate-plugin error naming both sources, across a checked-in and a published plugin', async () => {
    const finance = served('finance', '1.0.0', pluginArchive('finance', '1.0.0', 'dcf'), 'claimed.tar.gz');
    const checkedIn = memoryPluginSource({ 'plugin.json': '{"name":"finance"}', 'skills/cim/SKILL.md': skillMd('cim') }, { name: 'checked-in' });
    const loader = await load({ selected: [select('finance', '1.0.0')], lock: { lockfileVersion: 1, plugins: [finance] } }, [checkedIn]);
    expect(loader.getAll().map((s) => s.name)).toEqual(['cim']);
    const claimed = loader.diagnostics.find((d) => d.code === 'duplicate-plugin');
    expect(claimed?.message).toBe(
      'Plugin "finance" is claimed by a plugin of checked-in and again by one of plugins:published; skill "dcf" of the one from plugins:published is refused.',
    );
  });
});
