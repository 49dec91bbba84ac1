// The Skills Extension (SEP-2640) served by createSkillsMcpServer, driven by the SDK's real Client in memory: the
// capability, entries (URIs, front matter as written, digests and sizes), resources/read of every listed file,
// skills/get, resources/directory/read and the -32602 answers.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LoggingMessageNotificationSchema, type LoggingMessageNotification } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SKILLS_EXTENSION_ID } from '../../src/mcp/index.js';
import { SkillLoader } from '../../src/index.js';
import { directorySource, pluginSource } from '../../src/node/index.js';
import { skillMd } from '../support/skill-md.js';
import { tempTrees } from '../support/temp-trees.js';
import { bytesOfContent, connected, DirectoryResult, GetSkillResult, listAll, ListSkillsResult, rpcCode, sha256 } from './mcp-extension-client.js';

const tree = tempTrees('satchel-mcp-ext-');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0x00]);
const REFUNDS = skillMd('refunds', {
  description: 'Decide refunds under the store policy.',
  front: 'license: Apache-2.0\nx-owner: team-billing\nmetadata:\n  version: "2.1"\n  io.modelcontextprotocol/reserved: kept\nallowed-tools: Read Grep\n',
  body: 'Read references/policy.md first.',
});
const FILES = {
  'skills/refunds/SKILL.md': REFUNDS,
  'skills/refunds/references/policy.md': 'Refunds up to 50 EUR are automatic.\n',
  'skills/refunds/assets/logo.png': PNG,
  'plugins/legal/plugin.json': JSON.stringify({ name: 'legal', version: '1.0.0' }),
  'plugins/legal/skills/contract-review/SKILL.md': skillMd('contract-review', { description: 'Review a contract for risky clauses.' }),
  'plugins/legal/skills/contract-review/notes.md': 'Check the indemnity clause first.\n',
  'plugins/finance/plugin.json': JSON.stringify({ name: 'corporate-finance', version: '1.2.0' }),
  'plugins/finance/shared/util.py': 'def npv(rate, flows):\n    return 0\n',
  'plugins/finance/skills/dcf-model-builder/SKILL.md': skillMd('dcf-model-builder', { description: 'Build a DCF model.', body: 'Use `../../shared/util.py`.' }),
  'plugins/finance/skills/dcf-model-builder/references/steps.md': '1. Project cash flows.\n',
};

const closers: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A loader over the fixture (a skills folder and a plugins folder), served, with the files' paths on disk by URI. */
async function served(files: Record<string, string | Uint8Array> = FILES, options = {}) {
  const root = await tree(files);
  const loader = new SkillLoader({ builtin: [directorySource(join(root, 'skills')), pluginSource(join(root, 'plugins'))] });
  await loader.loadAll();
  const { client, close } = await connected(loader, options);
  closers.push(close);
  return { root, loader, client };
}

const ON_DISK: Record<string, string> = {
  'skill://refunds/SKILL.md': 'skills/refunds/SKILL.md',
  'skill://refunds/references/policy.md': 'skills/refunds/references/policy.md',
  'skill://refunds/assets/logo.png': 'skills/refunds/assets/logo.png',
  'skill://legal/skills/contract-review/SKILL.md': 'plugins/legal/skills/contract-review/SKILL.md',
  'skill://legal/skills/contract-review/notes.md': 'plugins/legal/skills/contract-review/notes.md',
};

/** The log notifications the client hears, as `[code, skill]` sorted. */
function diagnosticsHeard(client: Awaited<ReturnType<typeof served>>['client']): () => string[][] {
  const heard: LoggingMessageNotification['params'][] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void heard.push(n.params));
  return () =>
    heard
      .map((p) => {
        expect([p.level, p.logger]).toEqual(['warning', 'satchel/skills-extension']);
        const data = p.data as { code: string; skill: string; uri: string; message: string };
        expect(data.message).not.toBe('');
        return [data.code, data.skill, data.uri];
      })
      .sort();
}

describe('the Skills Extension: declaration and entries', () => {
  it('declares the extension with directoryRead beside resources', async () => {
    const { client } = await served();
    const capabilities = client.getServerCapabilities();
    expect(capabilities?.extensions?.[SKILLS_EXTENSION_ID]).toEqual({ directoryRead: true });
    expect(capabilities?.resources).toBeDefined();
  });

  it('lists each skill as { uri, frontmatter, resources }: plugin skills under their plugin, SKILL.md first, every file with the sha256 and size of its bytes', async () => {
    const { root, client } = await served();
    const page = await client.request({ method: 'skills/list', params: {} }, ListSkillsResult);
    expect(page).toMatchObject({ resultType: 'complete', ttlMs: 60_000, cacheScope: 'private' });
    expect(page.nextCursor).toBeUndefined();
    expect(page.skills.map((s) => s.uri)).toEqual(['skill://legal/skills/contract-review/SKILL.md', 'skill://refunds/SKILL.md']);
    for (const skill of page.skills) {
      expect(skill.uri.split('/').at(-2)).toBe(skill.frontmatter['name']);
      expect(skill.resources[0]?.uri).toBe(skill.uri);
    }
    const listed = page.skills.flatMap((s) => s.resources);
    expect(listed.map((r) => r.uri).sort()).toEqual(Object.keys(ON_DISK).sort());
    for (const resource of listed) {
      const bytes = await readFile(join(root, ON_DISK[resource.uri] ?? ''));
      expect(resource.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
      expect([resource.digest, resource.size]).toEqual([sha256(bytes), bytes.byteLength]);
    }
  });

  it('gives the front matter as written: YAML as JSON, unknown keys and reserved metadata keys kept', async () => {
    const { client } = await served();
    const { skill } = await client.request({ method: 'skills/get', params: { uri: 'skill://refunds/SKILL.md' } }, GetSkillResult);
    const written = parse(REFUNDS.split('---\n')[1] ?? '') as Record<string, unknown>;
    expect(skill.frontmatter).toEqual(written);
    expect(skill.frontmatter).toMatchObject({
      'x-owner': 'team-billing',
      'allowed-tools': 'Read Grep',
      metadata: { 'io.modelcontextprotocol/reserved': 'kept' },
    });
  });

  it('reads every listed file with resources/read: text as text, binary as a blob, each matching its digest', async () => {
    const { client } = await served();
    const { skills } = await listAll(client);
    for (const resource of skills.flatMap((s) => s.resources)) {
      const { contents } = await client.readResource({ uri: resource.uri });
      expect(contents).toHaveLength(1);
      expect(contents[0]?.uri).toBe(resource.uri);
      expect(sha256(bytesOfContent(contents[0]))).toBe(resource.digest);
    }
    const logo = await client.readResource({ uri: 'skill://refunds/assets/logo.png' });
    expect(logo.contents[0]).toMatchObject({ mimeType: 'image/png', blob: Buffer.from(PNG).toString('base64') });
    const md = await client.readResource({ uri: 'skill://refunds/SKILL.md' });
    expect(md.contents[0]).toMatchObject({ mimeType: 'text/markdown', text: REFUNDS });
  });

  it('answers skills/get with the entry skills/list gives, and the caching fields', async () => {
    const { client } = await served(FILES, { ttlMs: 0, cacheScope: 'public' });
    const { skills } = await listAll(client);
    for (const entry of skills) {
      const got = await client.request({ method: 'skills/get', params: { uri: entry.uri } }, GetSkillResult);
      expect(got).toEqual({ skill: entry, resultType: 'complete', ttlMs: 0, cacheScope: 'public' });
    }
    const page = await client.request({ method: 'skills/list' }, ListSkillsResult);
    expect([page.ttlMs, page.cacheScope]).toEqual([0, 'public']);
  });

  it('answers -32602 for an unknown skill, a file that is no SKILL.md, a missing or malformed uri', async () => {
    const { client } = await served();
    const get = (params: Record<string, unknown>) => rpcCode(client.request({ method: 'skills/get', params }, GetSkillResult));
    expect(await get({ uri: 'skill://nobody/SKILL.md' })).toBe(-32602);
    expect(await get({ uri: 'skill://refunds/references/policy.md' })).toBe(-32602);
    expect(await get({ uri: 'skill://refunds' })).toBe(-32602);
    expect(await get({})).toBe(-32602);
    expect(await get({ uri: 42 })).toBe(-32602);
    expect(await rpcCode(client.readResource({ uri: 'skill://legal/skills/contract-review/missing.md' }))).toBe(-32602);
    expect(await rpcCode(client.readResource({ uri: 'skill://corporate-finance/shared/util.py' }))).toBe(-32602);
  });
});

describe('the Skills Extension: resources/directory/read', () => {
  it('lists the direct children of a skill root, a subfolder, a plugin folder and its skills folder', async () => {
    const { client } = await served();
    const dir = async (uri: string) => (await client.request({ method: 'resources/directory/read', params: { uri } }, DirectoryResult)).resources;
    expect(await dir('skill://refunds')).toEqual([
      {
        uri: 'skill://refunds/SKILL.md',
        name: 'refunds',
        description: 'Decide refunds under the store policy.',
        mimeType: 'text/markdown',
        size: Buffer.byteLength(REFUNDS),
      },
      { uri: 'skill://refunds/assets', name: 'assets', mimeType: 'inode/directory' },
      { uri: 'skill://refunds/references', name: 'references', mimeType: 'inode/directory' },
    ]);
    expect(await dir('skill://refunds/assets')).toEqual([
      { uri: 'skill://refunds/assets/logo.png', name: 'logo.png', mimeType: 'image/png', size: PNG.byteLength },
    ]);
    expect((await dir('skill://legal')).map((r) => [r.uri, r.mimeType])).toEqual([['skill://legal/skills', 'inode/directory']]);
    expect((await dir('skill://legal/skills')).map((r) => [r.uri, r.mimeType])).toEqual([['skill://legal/skills/contract-review', 'inode/directory']]);
    expect((await dir('skill://legal/skills/contract-review')).map((r) => r.name)).toEqual(['contract-review', 'notes.md']);
  });

  it('answers -32602 for a file, an unknown URI, a trailing slash and a bad cursor', async () => {
    const { client } = await served();
    const dir = (params: Record<string, unknown>) => rpcCode(client.request({ method: 'resources/directory/read', params }, DirectoryResult));
    expect(await dir({ uri: 'skill://refunds/SKILL.md' })).toBe(-32602);
    expect(await dir({ uri: 'skill://refunds/references/policy.md' })).toBe(-32602);
    expect(await dir({ uri: 'skill://nowhere' })).toBe(-32602);
    expect(await dir({ uri: 'skill://refunds/' })).toBe(-32602);
    expect(await dir({ uri: 'https://example.com' })).toBe(-32602);
    expect(await dir({ uri: 'skill://refunds', cursor: 'not-a-cursor' })).toBe(-32602);
  });
});

describe('the Skills Extension beside skill://<name>/<path>', () => {
  it('keeps the older resources, and the two forms name the same file for a skill of no plugin', async () => {
    const { client } = await served();
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toContain('skill://refunds/references/policy.md');
    expect(resources.map((r) => r.uri)).toContain('skill://dcf-model-builder/references/steps.md');
    expect(resources.map((r) => r.uri)).toContain('skill://contract-review/notes.md');
    const old = await client.readResource({ uri: 'skill://dcf-model-builder/references/steps.md' });
    expect(old.contents[0]).toMatchObject({ text: '1. Project cash flows.\n' });
  });

  it('withholds a plugin skill with shared files (outside its directory), which the older form and the tools still serve', async () => {
    const { client } = await served();
    const heard = diagnosticsHeard(client);
    await listAll(client);
    expect(heard()).toEqual([['outside-directory', 'dcf-model-builder', 'skill://corporate-finance/skills/dcf-model-builder/SKILL.md']]);
    expect(
      await rpcCode(client.request({ method: 'skills/get', params: { uri: 'skill://corporate-finance/skills/dcf-model-builder/SKILL.md' } }, GetSkillResult)),
    ).toBe(-32602);
    const shared = await client.readResource({ uri: 'skill://dcf-model-builder/..%2F..%2Fshared%2Futil.py' });
    expect(shared.contents[0]).toMatchObject({ text: 'def npv(rate, flows):\n    return 0\n' });
  });

  it('withholds a plugin skill whose URI the older form gives another file, and that URI keeps its meaning', async () => {
    const files = {
      ...FILES,
      'skills/legal/SKILL.md': skillMd('legal', { description: 'Explain legal terms.' }),
      'skills/legal/skills/contract-review/notes.md': "The legal skill's own notes.\n",
    };
    const { client } = await served(files);
    const heard = diagnosticsHeard(client);
    const { skills } = await listAll(client);
    expect(skills.map((s) => s.uri)).toEqual(['skill://legal/SKILL.md', 'skill://refunds/SKILL.md']);
    expect(heard()).toEqual([
      ['outside-directory', 'dcf-model-builder', 'skill://corporate-finance/skills/dcf-model-builder/SKILL.md'],
      ['uri-collision', 'contract-review', 'skill://legal/skills/contract-review/SKILL.md'],
    ]);
    const notes = await client.readResource({ uri: 'skill://legal/skills/contract-review/notes.md' });
    expect(notes.contents[0]).toMatchObject({ text: "The legal skill's own notes.\n" });
    const listed = skills.find((s) => s.uri === 'skill://legal/SKILL.md');
    expect(listed?.resources.map((r) => r.uri)).toEqual(['skill://legal/SKILL.md', 'skill://legal/skills/contract-review/notes.md']);
  });
});
