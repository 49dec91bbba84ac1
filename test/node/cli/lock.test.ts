// `satchel lock`: its usage, --json, an agent.md without plugins, a malformed lock, and the Node loader's `agent` option.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SkillLoader } from '../../../src/node/index.js';
import { thrown } from '../../support/errors.js';
import { startServer } from '../../support/http-server.js';
import { tempTrees } from '../../support/temp-trees.js';
import { cli } from './run.js';

const tree = tempTrees('satchel-lock-');
const server = await startServer();
afterAll(() => server.close());

describe('satchel lock', () => {
  it('takes exactly one agent.md, and says so otherwise', async () => {
    const dir = await tree();
    expect((await cli(dir, 'lock')).code).toBe(2);
    const two = await cli(dir, 'lock', 'a.md', 'b.md');
    expect([two.code, two.err]).toEqual([2, 'satchel lock: give exactly one path: the agent.md.\nRun `satchel lock --help` for usage.\n']);
    expect((await cli(dir, 'lock', '--strict', 'agent.md')).code).toBe(2);
    const missing = await cli(dir, 'lock', 'agent.md');
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('NOT_FOUND');
  });

  it('writes an empty lock for an agent.md that selects nothing, and reports a malformed lock at its file', async () => {
    const dir = await tree({ 'agent.md': '---\nmutability: static\n---\n# Agent\n' });
    const run = await cli(dir, 'lock', '--json', 'agent.md');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.out)).toEqual({ lock: 'plugins.lock', plugins: [], problems: [], changed: true, written: true });
    expect(await readFile(join(dir, 'plugins.lock'), 'utf8')).toBe('{\n  "lockfileVersion": 1,\n  "plugins": []\n}\n');
    expect((await cli(dir, 'lock', '--frozen', 'agent.md')).code).toBe(0);
    await writeFile(join(dir, 'plugins.lock'), '{ "plugins": [] }');
    const bad = await cli(dir, 'lock', 'agent.md');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('`lockfileVersion` is null; this reader knows 1.');
  });

  it('writes nothing when a selected plugin has no version in range, and says what the index has', async () => {
    server.routes.set('/index.json', {
      body: JSON.stringify({
        skills: [],
        plugins: [{ name: 'finance', version: '1.0.0', type: 'archive', url: 'f.tar.gz', digest: `sha256:${'0'.repeat(64)}` }],
      }),
    });
    const agent = `---\nplugins:\n  - { name: finance, source: "${server.url('/index.json')}", version: "^2.0.0" }\n---\n`;
    const dir = await tree({ 'agent.md': agent });
    const run = await cli(dir, 'lock', 'agent.md');
    expect(run.code).toBe(1);
    expect(run.err).toBe(`satchel lock: plugin finance: ${server.url('/index.json')} publishes 1.0.0; none satisfies ^2.0.0\n`);
    expect(run.out).toContain('plugins.lock was not written: 1 plugin could not be pinned.');
    await expect(readFile(join(dir, 'plugins.lock'))).rejects.toThrow();
  });
});

describe('new SkillLoader({ agent })', () => {
  it('reads agent.md as agentMd (its mutability too), is not given with agentMd, and needs the file', async () => {
    const dir = await tree({ 'agent.md': '---\nmutability: static\n---\n# Agent\n' });
    const loader = new SkillLoader({ agent: 'agent.md', cwd: dir, builtin: [] });
    expect(loader.mutability).toBe('static');
    expect(thrown(() => new SkillLoader({ agent: 'agent.md', agentMd: '# x', cwd: dir })).code).toBe('INVALID_INPUT');
    expect(thrown(() => new SkillLoader({ agent: 'missing.md', cwd: dir })).code).toBe('NOT_FOUND');
    await writeFile(join(dir, 'plugins.lock'), 'not json');
    expect(thrown(() => new SkillLoader({ agent: 'agent.md', cwd: dir })).message).toMatch(/plugins\.lock: the file is not JSON/);
  });
});
