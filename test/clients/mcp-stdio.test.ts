// `satchel mcp` over stdio: the CLI bundled with Vite's SSR build, spawned with `node`, driven by the SDK's client.
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { skillMd } from '../support/skill-md.js';
import { tempTrees } from '../support/temp-trees.js';
import { cli } from '../node/cli/run.js';
import { nodeBundles } from '../support/node-bundle.js';

const tree = tempTrees('satchel-mcp-stdio-');
const bundled = nodeBundles();
let bundle = '';

beforeAll(async () => {
  bundle = await bundled(new URL('./fixtures/cli-main.ts', import.meta.url));
}, 60_000);

describe('satchel mcp over stdio', () => {
  it('lists tools, loads a skill, reads a resource and hears a change', async () => {
    const root = await tree({
      'refunds/SKILL.md': skillMd('refunds', { description: 'Decide refunds under the store policy.', body: 'Read references/policy.md first.' }),
      'refunds/references/policy.md': 'Refunds up to 50 EUR are automatic.',
    });
    const transport = new StdioClientTransport({ command: process.execPath, args: [bundle, 'mcp', root], stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'stdio-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['skills.load', 'skills.read', 'skills.search', 'skills.list', 'skills.grep']);
      const found = await client.callTool({ name: 'skills.search', arguments: { query: 'refund money back' } });
      expect((found.structuredContent as { skills: { name: string }[] }).skills[0]?.name).toBe('refunds');
      const loaded = await client.callTool({ name: 'skills.load', arguments: { name: 'refunds' } });
      expect(loaded.structuredContent).toMatchObject({ name: 'refunds', instructions: 'Read references/policy.md first.' });
      const policy = await client.readResource({ uri: 'skill://refunds/references/policy.md' });
      expect(policy.contents[0]).toMatchObject({ mimeType: 'text/markdown', text: 'Refunds up to 50 EUR are automatic.' });
      const bad = await client.callTool({ name: 'skills.read', arguments: { name: 'refunds', path: 'nope.md' } });
      expect(bad.isError).toBe(true);
      const changed = new Promise<void>((done) => client.setNotificationHandler(ToolListChangedNotificationSchema, () => done()));
      await mkdir(join(root, 'shipping'));
      await writeFile(join(root, 'shipping/SKILL.md'), skillMd('shipping', { description: 'Track parcels and delivery delays.' }));
      await changed;
      const { tools } = await client.listTools();
      expect(tools[0]?.inputSchema).toMatchObject({ properties: { name: { enum: ['refunds', 'shipping'] } } });
      expect(stderr).toContain('satchel mcp: serving 1 skill over stdio');
    } finally {
      await client.close();
    }
  }, 30_000);

  it('ends with exit code 0 when the client closes stdin', async () => {
    const root = await tree({ 'refunds/SKILL.md': skillMd('refunds') });
    const child = spawn(process.execPath, [bundle, 'mcp', root], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    // Once it serves, a client that hangs up ends it.
    await new Promise<void>((done) => child.stderr.once('data', () => done()));
    child.stdin.end();
    expect(await exited).toBe(0);
    expect(stderr).toBe('satchel mcp: serving 1 skill over stdio\n');
  }, 30_000);

  it('says why and exits 1 when a request line passes 10 MiB, instead of a silent exit 0', async () => {
    const root = await tree({ 'refunds/SKILL.md': skillMd('refunds') });
    const child = spawn(process.execPath, [bundle, 'mcp', root], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    await new Promise<void>((done) => child.stderr.once('data', () => done()));
    child.stdin.on('error', () => undefined); // the server may stop reading before the last chunk
    child.stdin.write(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${'x'.repeat(11 * 1024 * 1024)}`);
    expect(await exited).toBe(1);
    expect(stderr).toContain('satchel mcp: a request line passed 10485760 bytes without ending; the server stops');
  }, 30_000);

  it('refuses a path it cannot use, before serving', async () => {
    const { code, err } = await cli('/', 'mcp', '/no/such/folder');
    expect(code).toBe(1);
    expect(err).toMatch(/^satchel mcp: .*no\/such\/folder/);
  });
});
