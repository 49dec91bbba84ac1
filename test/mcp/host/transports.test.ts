// mcpSkillSource over the SDK's real transports: the hand-built server spawned with node over stdio, and served over
// Streamable HTTP on 127.0.0.1 (the SDK's StreamableHTTPServerTransport and StreamableHTTPClientTransport). Each
// lists, reads a skill on use, verifies it, refuses tampered bytes, and follows list-changed.
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SkillLoader } from '../../../src/index.js';
import { mcpSkillSource } from '../../../src/mcp/index.js';
import { codeOf } from '../../support/errors.js';
import { skillMd } from '../../support/skill-md.js';
import { handServer, type HandFiles } from './hand-server.js';
import { nodeBundles } from '../../support/node-bundle.js';
import { tempTrees } from '../../support/temp-trees.js';

const FILES: HandFiles = {
  'acme/billing/refunds/SKILL.md': skillMd('refunds', { description: 'Decide refunds under the store policy.', body: 'Read references/policy.md first.' }),
  'acme/billing/refunds/references/policy.md': 'Refunds up to 50 EUR — café receipts too.\n',
  'pdf/SKILL.md': skillMd('pdf', { description: 'Merge and split PDF files.' }),
};

/** What every transport must give the host. */
async function checkHost(client: Client, label: string): Promise<void> {
  const source = mcpSkillSource(client, { label, timeoutMs: 10_000 });
  const loader = new SkillLoader({ remote: source });
  await loader.loadAll();
  expect(loader.getAll().map((s) => [s.name, s.loaded])).toEqual([
    ['refunds', false],
    ['pdf', false],
  ]);
  const [refunds] = await loader.ensureLoaded('refunds');
  expect(refunds?.content).toBe('Read references/policy.md first.');
  expect(await loader.readFile('refunds', 'references/policy.md')).toBe('Refunds up to 50 EUR — café receipts too.\n');
  expect(loader.catalog()).toContain(`[mcp:${label}] Decide refunds`);
}

const workDirs = tempTrees('satchel-mcp-host-');
let workDir = '';
const bundled = nodeBundles();
let bundle = '';

beforeAll(async () => {
  workDir = await workDirs();
  bundle = await bundled(new URL('../../clients/fixtures/hand-skills-server.ts', import.meta.url));
}, 60_000);

describe('over stdio', () => {
  it('lists, reads on use and verifies, against a server spawned with node', async () => {
    const filesJson = join(workDir, 'files.json');
    await writeFile(filesJson, JSON.stringify(FILES));
    const transport = new StdioClientTransport({ command: process.execPath, args: [bundle, filesJson], stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'stdio-host-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      await checkHost(client, 'stdio');
    } finally {
      await client.close();
    }
    expect(stderr).toBe('');
  });
});

describe('over Streamable HTTP on 127.0.0.1', () => {
  let http: HttpServer;
  let url: URL;
  const hand = handServer(FILES, {
    bytes: (uri, bytes) =>
      uri === 'skill://pdf/SKILL.md' && tampered ? new TextEncoder().encode(new TextDecoder().decode(bytes).replace('Merge', 'Wipe')) : bytes,
  });
  let tampered = false;

  beforeAll(async () => {
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
    await hand.server.connect(transport);
    http = createServer((req, res) => void transport.handleRequest(req, res));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = new URL(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`);
  });

  afterAll(async () => {
    await hand.server.close();
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
  });

  it('lists, reads on use, verifies, refuses tampered bytes and hears list-changed', async () => {
    const client = new Client({ name: 'http-host-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url));
    try {
      await checkHost(client, 'http');
      const source = mcpSkillSource(client, { label: 'http' });
      const loader = new SkillLoader({ remote: source });
      await loader.loadAll();
      tampered = true;
      expect(await codeOf(loader.ensureLoaded('pdf'))).toBe('DIGEST_MISMATCH');
      tampered = false;
      const heard = new Promise<void>((resolve) => source.watch?.(() => resolve()));
      hand.setFiles({ ...FILES, 'new/SKILL.md': skillMd('new', { description: 'Added while connected.' }) });
      await hand.server.sendResourceListChanged();
      await heard;
      await loader.settled();
      await new Promise((r) => setTimeout(r, 50));
      await loader.settled();
      expect(loader.getByName('new')?.description).toBe('Added while connected.');
    } finally {
      await client.close();
    }
  });
});
