// Published plugins end to end over a real HTTP server on 127.0.0.1: `satchel publish` a plugin folder, select it in
// agent.md, `satchel lock` (and `--frozen`), then `new SkillLoader({ agent: 'agent.md' })` loads exactly what is pinned.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'fflate';
import { parseTar } from 'nanotar';
import { publishSkills, remoteSource, SkillLoader } from '../../src/node/index.js';
import { rejected } from '../support/errors.js';
import { startServer, type TestServer } from '../support/http-server.js';
import { skillMd } from '../support/skill-md.js';
import { tempTrees } from '../support/temp-trees.js';
import { cli } from './cli/run.js';

const tree = tempTrees('satchel-plugins-');
const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/** A plugin folder `corporate-finance` at `version`, its dcf skill's description ending in `note`. */
function financePlugin(version: string, note = ''): Record<string, string> {
  return {
    'plugin.json': JSON.stringify({ name: 'corporate-finance', version, description: 'Corporate finance models.' }),
    'shared/util.py': 'def npv(rate, flows):\n    return 0\n',
    'README.md': 'Not packed: outside the shared folders.\n',
    'skills/dcf-model-builder/SKILL.md': skillMd('dcf-model-builder', {
      description: `Build a discounted cash flow model from projections.${note}`,
      body: 'Use `../../shared/util.py`; the plugin is described by `../../plugin.json`.',
    }),
    'skills/dcf-model-builder/references/steps.md': '1. Project.\n2. Discount.\n',
  };
}

/** Every file under `root` by its `/` path. */
async function filesUnder(root: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files.set(relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'), await readFile(join(entry.parentPath, entry.name)));
  }
  return files;
}

/** Serves `out` (what `satchel publish` wrote) as it is now. */
async function serve(server: TestServer, out: string): Promise<void> {
  for (const [path, body] of await filesUnder(out)) server.routes.set(`/${path}`, { body });
}

async function serverFor(): Promise<TestServer> {
  const server = await startServer();
  servers.push(server);
  return server;
}

const INDEX = '/.well-known/agent-skills/index.json';

async function agentAt(dir: string, source: string, version: string): Promise<string> {
  const text = `---\nplugins:\n  - name: corporate-finance\n    source: ${source}\n    version: "${version}"\n---\n# Finance agent\n`;
  await writeFile(join(dir, 'agent.md'), text);
  return join(dir, 'agent.md');
}

describe('publishing a plugin', () => {
  it('writes one deterministic archive per version into the index, beside the skills, and remoteSource still reads the skills', async () => {
    const skills = await tree({ 'pdf/SKILL.md': skillMd('pdf', { description: 'Fill PDF forms.' }) });
    const v1 = await tree(financePlugin('1.2.0'));
    const v2 = await tree(financePlugin('1.3.0', ' Newer.'));
    const out = await tree();
    expect((await cli(skills, 'publish', '.', out)).code).toBe(0);
    const first = await cli(v1, 'publish', '.', out);
    expect(first.code, first.err + first.out).toBe(0);
    expect(first.out).toContain('corporate-finance@1.2.0  plugin  plugins/corporate-finance/corporate-finance-1.2.0.tar.gz');
    expect((await cli(v2, 'publish', '.', out)).code).toBe(0);
    // Publishing skills again keeps the plugins; publishing 1.2.0 again with the same bytes changes nothing.
    expect((await cli(skills, 'publish', '.', out)).code).toBe(0);
    const before = await readFile(join(out, '.well-known/agent-skills/index.json'), 'utf8');
    expect((await cli(v1, 'publish', '.', out)).code).toBe(0);
    const index = JSON.parse(await readFile(join(out, '.well-known/agent-skills/index.json'), 'utf8'));
    expect(JSON.stringify(index, null, 2) + '\n').toBe(before);
    expect(index.skills.map((s: { name: string }) => s.name)).toEqual(['pdf']);
    expect(index.plugins.map((p: { name: string; version: string }) => `${p.name}@${p.version}`)).toEqual([
      'corporate-finance@1.2.0',
      'corporate-finance@1.3.0',
    ]);
    expect(index.plugins[0]).toMatchObject({
      type: 'archive',
      description: 'Corporate finance models.',
      url: 'plugins/corporate-finance/corporate-finance-1.2.0.tar.gz',
    });
    const archive = await readFile(join(out, '.well-known/agent-skills', index.plugins[0].url));
    expect(parseTar(gunzipSync(archive)).map((e) => e.name)).toEqual([
      'plugin.json',
      'shared/util.py',
      'skills/dcf-model-builder/SKILL.md',
      'skills/dcf-model-builder/references/steps.md',
    ]);
    const server = await serverFor();
    await serve(server, out);
    const listing = await remoteSource(server.url(INDEX), { trustedOrigins: [server.origin] }).list();
    expect(listing.entries.map((e) => e.dir)).toEqual(['pdf']);
    expect(listing.diagnostics).toEqual([]);
  });

  it('refuses to publish a version again with other bytes, and a plugin without a version', async () => {
    const out = await tree();
    expect((await publishSkills(await tree(financePlugin('2.0.0')), out)).plugins).toHaveLength(1);
    const error = await rejected(publishSkills(await tree(financePlugin('2.0.0', ' Changed.')), out));
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toContain('corporate-finance@2.0.0');
    const unversioned = { ...financePlugin('x'), 'plugin.json': '{"name":"corporate-finance"}' };
    const result = await publishSkills(await tree(unversioned), out);
    expect(result.plugins).toEqual([]);
    expect(result.diagnostics.map((d) => d.code)).toEqual(['plugin-archive']);
  });
});

describe('satchel lock and loading what it pins', () => {
  it('pins the highest version in range, stays frozen, follows a changed range, and the Node loader loads the pinned archive', async () => {
    const out = await tree();
    for (const v of ['1.2.0', '1.3.0', '2.0.0']) expect((await publishSkills(await tree(financePlugin(v, ` v${v}.`)), out)).plugins).toHaveLength(1);
    const server = await serverFor();
    await serve(server, out);
    const app = await tree();
    const agent = await agentAt(app, server.url(INDEX), '^1.2.0');
    const frozenFirst = await cli(app, 'lock', '--frozen', 'agent.md');
    expect(frozenFirst.code).toBe(1);
    expect(frozenFirst.out).toContain('would change');
    const locked = await cli(app, 'lock', 'agent.md');
    expect(locked.code, locked.err).toBe(0);
    expect(locked.out).toMatch(/corporate-finance +1\.3\.0 +added/);
    const lock = JSON.parse(await readFile(join(app, 'plugins.lock'), 'utf8'));
    expect(lock.plugins).toEqual([
      expect.objectContaining({
        name: 'corporate-finance',
        version: '1.3.0',
        url: server.url('/.well-known/agent-skills/plugins/corporate-finance/corporate-finance-1.3.0.tar.gz'),
      }),
    ]);
    expect((await cli(app, 'lock', '--frozen', 'agent.md')).code).toBe(0);

    const hits = server.hits.get(INDEX) ?? 0;
    const loader = new SkillLoader({ agent: 'agent.md', cwd: app, builtin: [] });
    await loader.loadAll();
    expect(server.hits.get(INDEX) ?? 0).toBe(hits); // loading reads no index: only the pinned archive
    const dcf = loader.getByName('dcf-model-builder');
    expect(dcf?.description).toContain('v1.3.0.');
    expect(JSON.parse(await loader.readFile('dcf-model-builder', '../../plugin.json'))).toMatchObject({ name: 'corporate-finance', version: '1.3.0' });
    expect(await loader.readFile('dcf-model-builder', '../../shared/util.py')).toContain('def npv');

    await agentAt(app, server.url(INDEX), '^2.0.0');
    expect((await cli(app, 'lock', '--frozen', 'agent.md')).code).toBe(1);
    const relocked = await cli(app, 'lock', agent);
    expect(relocked.code).toBe(0);
    expect(relocked.out).toMatch(/corporate-finance +2\.0\.0 +changed/);
  });

  it('refuses a tampered archive with DIGEST_MISMATCH, and a selected plugin missing from the lock is never fetched', async () => {
    const out = await tree();
    await publishSkills(await tree(financePlugin('1.0.0')), out);
    const server = await serverFor();
    await serve(server, out);
    const app = await tree();
    await agentAt(app, server.url(INDEX), '1.0.0');
    expect((await cli(app, 'lock', 'agent.md')).code).toBe(0);
    const path = '/.well-known/agent-skills/plugins/corporate-finance/corporate-finance-1.0.0.tar.gz';
    const genuine = server.routes.get(path);
    server.routes.set(path, { body: await publishArchive(financePlugin('1.0.0', ' Tampered.')) });
    const loader = new SkillLoader({ agent: 'agent.md', cwd: app, builtin: [] });
    await loader.loadAll();
    expect(loader.getAll()).toEqual([]);
    const mismatch = loader.diagnostics.find((d) => d.code === 'digest-mismatch');
    expect(mismatch?.message).toContain('DIGEST_MISMATCH');
    if (genuine) server.routes.set(path, genuine);

    await writeFile(join(app, 'plugins.lock'), '{ "lockfileVersion": 1, "plugins": [] }\n');
    const before = server.hits.get(path) ?? 0;
    const unpinned = new SkillLoader({ agent: 'agent.md', cwd: app, builtin: [] });
    await unpinned.loadAll();
    expect(unpinned.getAll()).toEqual([]);
    expect(unpinned.diagnostics.map((d) => d.code)).toContain('plugin-unpinned');
    expect(server.hits.get(path) ?? 0).toBe(before);
  });
});

/** The archive `publishSkills` makes of `files`, published to a throwaway folder. */
async function publishArchive(files: Record<string, string>): Promise<Buffer> {
  const out = await tree();
  const [plugin] = (await publishSkills(await tree(files), out)).plugins;
  return readFile(join(out, '.well-known/agent-skills', plugin?.url ?? ''));
}
