// The Skills Extension served by `satchel mcp` over stdio: the CLI bundled with Vite's SSR build (as mcp-stdio.test.ts
// does), spawned with `node`, driven by the SDK's client over its stdio transport.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ResourceListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { SKILLS_EXTENSION_ID } from '../../src/mcp/index.js';
import { skillMd } from '../support/skill-md.js';
import { tempTrees } from '../support/temp-trees.js';
import { bytesOfContent, DirectoryResult, GetSkillResult, listAll, rpcCode, sha256 } from './mcp-extension-client.js';
import { nodeBundles } from '../support/node-bundle.js';

const tree = tempTrees('satchel-mcp-ext-stdio-');
const bundled = nodeBundles();
let bundle = '';

beforeAll(async () => {
  bundle = await bundled(new URL('./fixtures/cli-main.ts', import.meta.url));
}, 60_000);

const FILES = {
  'skills/refunds/SKILL.md': skillMd('refunds', { description: 'Decide refunds under the store policy.', front: 'x-team: billing\n' }),
  'skills/refunds/references/policy.md': 'Refunds up to 50 EUR are automatic.\n',
  'skills/refunds/assets/stamp.bin': new Uint8Array([0, 255, 1, 254, 0xc3]),
  'plugins/finance/plugin.json': JSON.stringify({ name: 'corporate-finance' }),
  'plugins/finance/skills/dcf/SKILL.md': skillMd('dcf', { description: 'Build a DCF model.' }),
  'plugins/finance/skills/dcf/scripts/npv.py': 'print(1)\n',
};

describe('satchel mcp serves the Skills Extension over stdio', () => {
  it('declares it, lists, gets, reads every listed file, reads directories, answers -32602 and announces a new skill', async () => {
    const root = await tree(FILES);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bundle, 'mcp', join(root, 'skills'), join(root, 'plugins')],
      stderr: 'pipe',
    });
    const client = new Client({ name: 'stdio-extension-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      expect(client.getServerCapabilities()?.extensions?.[SKILLS_EXTENSION_ID]).toEqual({ directoryRead: true });
      const { skills } = await listAll(client);
      expect(skills.map((s) => s.uri)).toEqual(['skill://corporate-finance/skills/dcf/SKILL.md', 'skill://refunds/SKILL.md']);
      expect(skills[1]?.frontmatter).toEqual({ name: 'refunds', description: 'Decide refunds under the store policy.', 'x-team': 'billing' });
      const onDisk: Record<string, string> = {
        'skill://refunds/SKILL.md': 'skills/refunds/SKILL.md',
        'skill://refunds/references/policy.md': 'skills/refunds/references/policy.md',
        'skill://refunds/assets/stamp.bin': 'skills/refunds/assets/stamp.bin',
        'skill://corporate-finance/skills/dcf/SKILL.md': 'plugins/finance/skills/dcf/SKILL.md',
        'skill://corporate-finance/skills/dcf/scripts/npv.py': 'plugins/finance/skills/dcf/scripts/npv.py',
      };
      const listed = skills.flatMap((s) => s.resources);
      expect(listed.map((r) => r.uri).sort()).toEqual(Object.keys(onDisk).sort());
      for (const resource of listed) {
        const bytes = await readFile(join(root, onDisk[resource.uri] ?? ''));
        expect([resource.digest, resource.size]).toEqual([sha256(bytes), bytes.byteLength]);
        const { contents } = await client.readResource({ uri: resource.uri });
        expect(sha256(bytesOfContent(contents[0]))).toBe(resource.digest);
      }
      const got = await client.request({ method: 'skills/get', params: { uri: 'skill://refunds/SKILL.md' } }, GetSkillResult);
      expect(got).toMatchObject({ skill: skills[1], resultType: 'complete', cacheScope: 'private' });
      const dir = await client.request({ method: 'resources/directory/read', params: { uri: 'skill://refunds' } }, DirectoryResult);
      expect(dir.resources.map((r) => [r.name, r.mimeType])).toEqual([
        ['refunds', 'text/markdown'],
        ['assets', 'inode/directory'],
        ['references', 'inode/directory'],
      ]);
      expect(await rpcCode(client.request({ method: 'skills/get', params: { uri: 'skill://nobody/SKILL.md' } }, GetSkillResult))).toBe(-32602);
      expect(await rpcCode(client.request({ method: 'resources/directory/read', params: { uri: 'skill://refunds/SKILL.md' } }, DirectoryResult))).toBe(-32602);
      const changed = new Promise<void>((done) => client.setNotificationHandler(ResourceListChangedNotificationSchema, () => done()));
      await mkdir(join(root, 'skills/shipping'));
      await writeFile(join(root, 'skills/shipping/SKILL.md'), skillMd('shipping', { description: 'Track parcels and delivery delays.' }));
      await changed;
      expect((await listAll(client)).skills.map((s) => s.uri)).toContain('skill://shipping/SKILL.md');
    } finally {
      await client.close();
    }
  }, 30_000);
});
