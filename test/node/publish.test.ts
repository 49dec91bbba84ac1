// `satchel publish` writes a discovery index a static host can serve; remoteSource reads it back over a real HTTP
// server as the same skills with the same digests, and passes the source contract.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { gunzipSync } from 'fflate';
import { parseTar } from 'nanotar';
import { afterAll, describe, expect, it } from 'vitest';
import { directorySource, publishSkills, remoteSource, SkillLoader } from '../../src/node/index.js';
import { describeSourceContract, SOURCE_FIXTURE, type SourceFixture } from '../sources/source-contract.js';
import { rejected } from '../support/errors.js';
import { startServer, type TestServer } from '../support/http-server.js';
import { tempTrees } from '../support/temp-trees.js';
import { cli } from './cli/run.js';

const tree = tempTrees('satchel-publish-');
const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/** Every file under `root`, by its `/`-separated path. */
async function filesUnder(root: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const abs = join(entry.parentPath, entry.name);
    files.set(relative(root, abs).split(sep).join('/'), await readFile(abs));
  }
  return files;
}

/** Publishes `fixture` with the CLI and serves the output; the index URL and the server. */
async function published(fixture: SourceFixture): Promise<{ indexUrl: string; server: TestServer; dir: string; out: string }> {
  const dir = await tree(fixture);
  const out = await tree();
  const run = await cli(dir, 'publish', '.', out);
  expect(run.code, run.err + run.out).toBe(0);
  const server = await startServer();
  servers.push(server);
  for (const [path, body] of await filesUnder(out)) server.routes.set(`/${path}`, { body });
  return { indexUrl: server.url('/.well-known/agent-skills/index.json'), server, dir, out };
}

describeSourceContract('remoteSource over a published folder', async (fixture) => {
  const { indexUrl, server } = await published(fixture);
  return remoteSource(indexUrl, { trustedOrigins: [server.origin] });
});

describe('satchel publish', () => {
  it('writes skill-md entries for lone SKILL.md files and deterministic archives otherwise', async () => {
    const { out } = await published(SOURCE_FIXTURE);
    const index = JSON.parse(await readFile(join(out, '.well-known/agent-skills/index.json'), 'utf8')) as {
      $schema: string;
      skills: { name: string; type: string; url: string }[];
    };
    expect(index.$schema).toBe('https://schemas.agentskills.io/discovery/0.2.0/schema.json');
    expect(index.skills.map((s) => [s.name, s.type, s.url])).toEqual([
      ['nested-skill', 'archive', 'group/nested-skill.tar.gz'],
      ['lower', 'skill-md', 'lower/skill.md'],
      ['outer', 'archive', 'outer.tar.gz'],
      ['inner', 'archive', 'outer/inner.tar.gz'],
      ['plain', 'skill-md', 'plain/SKILL.md'],
      ['rich', 'archive', 'rich.tar.gz'],
      ['structured', 'archive', 'structured.tar.gz'],
    ]);
    const tar = parseTar(gunzipSync(await readFile(join(out, '.well-known/agent-skills/rich.tar.gz'))), { metaOnly: true });
    expect(tar.map((e) => e.name)).toEqual([
      'SKILL.md',
      'assets/logo.png',
      'notes.md',
      'references/guide.md',
      'references/latin1.txt',
      'references/long.txt',
      'scripts/run.sh',
    ]);
    expect(new Set(tar.map((e) => `${e.type} ${e.attrs?.mode} ${e.attrs?.mtime} ${e.attrs?.uid}`))).toEqual(new Set(['file 0000644 0 0']));
  });

  it('writes the same bytes every time', async () => {
    const dir = await tree(SOURCE_FIXTURE);
    const [a, b] = [await tree(), await tree()];
    expect((await cli(dir, 'publish', '.', a)).code).toBe(0);
    expect((await cli(dir, 'publish', '.', b)).code).toBe(0);
    const [first, second] = [await filesUnder(a), await filesUnder(b)];
    expect([...second.keys()]).toEqual([...first.keys()]);
    for (const [path, bytes] of first) expect(bytes.equals(second.get(path) ?? Buffer.alloc(0)), path).toBe(true);
  });

  it('reads back as the same skills with the same digests as loading the folder', async () => {
    const { indexUrl, server, dir } = await published(SOURCE_FIXTURE);
    const local = await new SkillLoader({ builtin: directorySource(dir) }).loadAll();
    const remote = await new SkillLoader({ builtin: [], remote: remoteSource(indexUrl, { trustedOrigins: [server.origin] }) }).loadAll();
    expect(remote.map((s) => [s.name, s.digest, s.source])).toEqual(local.map((s) => [s.name, s.digest, 'org']));
  });

  it('serves a published set with a tampered artifact: that skill is skipped (DIGEST_MISMATCH), the rest load', async () => {
    const { indexUrl, server } = await published(SOURCE_FIXTURE);
    const path = '/.well-known/agent-skills/rich.tar.gz';
    const bytes = new Uint8Array(server.routes.get(path)?.body as Uint8Array);
    bytes[bytes.byteLength - 9] = (bytes[bytes.byteLength - 9] ?? 0) ^ 1; // one bit of the gzip trailer
    server.routes.set(path, { body: bytes });
    const loader = new SkillLoader({ builtin: [], remote: remoteSource(indexUrl, { trustedOrigins: [server.origin] }) });
    const skills = await loader.loadAll();
    expect(skills.map((s) => s.name)).toEqual(['nested-skill', 'lower', 'outer', 'inner', 'plain', 'structured']);
    expect(loader.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.path])).toEqual([['digest-mismatch', 'rich']]);
  });

  it('leaves out an invalid skill, says why, and exits 1', async () => {
    const dir = await tree({ 'ok/SKILL.md': SOURCE_FIXTURE['plain/SKILL.md'] ?? '', 'bad/SKILL.md': '---\nname: bad\n---\nNo description.\n' });
    const run = await cli(dir, 'publish', '.', await tree());
    expect(run.code).toBe(1);
    expect(run.out).toContain('description-missing');
    expect(run.out).toContain('1 skill published to');
  });

  it('refuses two skills with one name before writing anything (CONFLICT)', async () => {
    const md = (name: string): string => `---\nname: ${name}\ndescription: The ${name} skill.\n---\nBody.\n`;
    const dir = await tree({ 'a/pdf/SKILL.md': md('pdf'), 'b/pdf/SKILL.md': md('Pdf'), 'notes/SKILL.md': md('notes') });
    const out = join(await tree(), 'public');
    const error = await rejected(publishSkills(dir, out));
    expect(error).toMatchObject({ code: 'CONFLICT', diagnostics: [{ code: 'duplicate-skill', path: join(dir, 'b/pdf/SKILL.md') }] });
    await expect(readdir(out)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('asks for exactly two paths', async () => {
    expect((await cli(await tree(), 'publish', 'a')).code).toBe(2);
    expect((await cli(await tree(), 'publish', 'a', 'b', 'c')).code).toBe(2);
  });
});
