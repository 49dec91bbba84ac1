// satchel/mcp through the SDK's own client over an in-memory transport: tools, resources, the catalog, changes, errors.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { CATALOG_PROMPT, CATALOG_URI, createSkillsMcpServer, parseSkillResourceUri, skillResourceUri, type McpSkillSource } from '../../src/mcp/index.js';
import { createSkillSet, defineSkill, SkillLoader } from '../../src/index.js';
import { directorySource } from '../../src/node/index.js';
import { createMemoryStore } from '../../src/store/index.js';
import { skillMd } from '../support/skill-md.js';
import { tempTrees } from '../support/temp-trees.js';

const tree = tempTrees('satchel-mcp-');
const refunds = defineSkill({
  name: 'refunds',
  description: 'Decide refunds under the store policy.',
  instructions: 'Read references/policy.md first.',
  files: { 'references/policy.md': 'Refunds up to 50 EUR are automatic.', 'scripts/check.py': 'print(1)', 'assets/logo.png': new Uint8Array([0x89, 0x50, 0]) },
});
const set = createSkillSet([refunds]);

async function connected(source: McpSkillSource, grants?: string[]): Promise<{ client: Client; close: () => Promise<void> }> {
  const server = createSkillsMcpServer(source, grants ? { grants } : {});
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  return { client, close: async () => Promise.all([client.close(), server.close()]).then(() => undefined) };
}

/** The text of a tool result's first content part. */
function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  const first = Array.isArray(result['content']) ? (result['content'][0] as unknown) : undefined;
  return typeof first === 'object' && first !== null && 'text' in first && typeof first.text === 'string' ? first.text : '';
}

describe('createSkillsMcpServer over a skill set', () => {
  it('lists the read tools by their ids, with their JSON Schemas', async () => {
    const { client, close } = await connected(set);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['skills.load', 'skills.read', 'skills.list', 'skills.grep']);
    expect(tools[0]?.inputSchema).toMatchObject({ type: 'object', required: ['name'], properties: { name: { enum: ['refunds'] } } });
    expect(tools[0]?.annotations?.readOnlyHint).toBe(true);
    await close();
  });

  it('calls skills.load and skills.read', async () => {
    const { client, close } = await connected(set);
    const loaded = await client.callTool({ name: 'skills.load', arguments: { name: 'refunds' } });
    expect(loaded.isError).toBeFalsy();
    expect(loaded.structuredContent).toMatchObject({ name: 'refunds', instructions: 'Read references/policy.md first.' });
    expect(JSON.parse(textOf(loaded))).toMatchObject({ path: '/skills/refunds/SKILL.md' });
    const read = await client.callTool({ name: 'skills.read', arguments: { name: 'refunds', path: 'references/policy.md' } });
    expect(read.structuredContent).toEqual({ name: 'refunds', path: 'references/policy.md', text: 'Refunds up to 50 EUR are automatic.' });
    await close();
  });

  it('serves every text file as a skill:// resource with its content type, and the catalog', async () => {
    const { client, close } = await connected(set);
    const { resources } = await client.listResources();
    expect(resources.map((r) => [r.uri, r.mimeType])).toEqual([
      [CATALOG_URI, 'text/markdown'],
      ['skill://refunds/references/policy.md', 'text/markdown'],
      ['skill://refunds/scripts/check.py', 'text/x-python'],
    ]);
    const policy = await client.readResource({ uri: 'skill://refunds/references/policy.md' });
    expect(policy.contents).toEqual([{ uri: 'skill://refunds/references/policy.md', mimeType: 'text/markdown', text: 'Refunds up to 50 EUR are automatic.' }]);
    const catalog = await client.readResource({ uri: CATALOG_URI });
    expect(catalog.contents[0]).toMatchObject({ text: set.catalog() });
    const prompt = await client.getPrompt({ name: CATALOG_PROMPT });
    expect(prompt.messages[0]?.content).toEqual({ type: 'text', text: set.catalog() });
    await close();
  });

  it('answers bad calls with tool errors or MCP errors, and keeps serving', async () => {
    const { client, close } = await connected(set);
    const unknownSkill = await client.callTool({ name: 'skills.load', arguments: { name: 'nope' } });
    expect(unknownSkill.isError).toBe(true);
    expect(textOf(unknownSkill)).toMatch(/^NOT_FOUND: /);
    const badInput = await client.callTool({ name: 'skills.read', arguments: { name: 'refunds', path: '../../etc/passwd' } });
    expect(textOf(badInput)).toMatch(/^UNSAFE_PATH: /);
    await expect(client.callTool({ name: 'skills.delete', arguments: {} })).rejects.toThrow(/Unknown tool skills\.delete/);
    await expect(client.readResource({ uri: 'skill://refunds/assets/logo.png' })).rejects.toThrow(/INVALID_INPUT/);
    await expect(client.readResource({ uri: 'skill://refunds/missing.md' })).rejects.toThrow(/NOT_FOUND/);
    await expect(client.readResource({ uri: 'https://example.com/x' })).rejects.toThrow(/not found/);
    await expect(client.getPrompt({ name: 'other' })).rejects.toThrow(/Unknown prompt/);
    expect((await client.listTools()).tools).toHaveLength(4);
    await close();
  });

  it('runs calls with the grants it was given', async () => {
    const { client, close } = await connected(set, ['tool:skills.load', 'skills:read']);
    expect((await client.callTool({ name: 'skills.load', arguments: { name: 'refunds' } })).isError).toBeFalsy();
    expect(textOf(await client.callTool({ name: 'skills.read', arguments: { name: 'refunds', path: 'references/policy.md' } }))).toMatch(
      /^PERMISSION_DENIED: .*tool:skills\.read/,
    );
    await expect(client.readResource({ uri: 'skill://refunds/references/policy.md' })).rejects.toThrow(/PERMISSION_DENIED/);
    await close();
  });
});

describe('createSkillsMcpServer over a watched loader', () => {
  it('announces a change as list-changed notifications, and serves the new skill', async () => {
    const root = await tree({ 'alpha/SKILL.md': skillMd('alpha', { description: 'The alpha skill for testing change events.' }) });
    const source = directorySource(root, { watch: true, watchDebounceMs: 20 });
    const loader = new SkillLoader({ builtin: source });
    await loader.loadAll();
    const { client, close } = await connected(loader);
    const toolsChanged = new Promise<void>((done) => client.setNotificationHandler(ToolListChangedNotificationSchema, () => done()));
    const resourcesChanged = new Promise<void>((done) => client.setNotificationHandler(ResourceListChangedNotificationSchema, () => done()));
    await mkdir(join(root, 'beta/references'), { recursive: true });
    await writeFile(join(root, 'beta/references/notes.md'), 'Beta notes.');
    await writeFile(join(root, 'beta/SKILL.md'), skillMd('beta', { description: 'The beta skill, arriving while serving.' }));
    await Promise.all([toolsChanged, resourcesChanged]);
    await loader.settled();
    const { tools } = await client.listTools();
    expect(tools[0]?.inputSchema).toMatchObject({ properties: { name: { enum: ['alpha', 'beta'] } } });
    const notes = await client.readResource({ uri: 'skill://beta/references/notes.md' });
    expect(notes.contents[0]).toMatchObject({ text: 'Beta notes.' });
    await close();
    loader.close();
    source.close?.();
  });
});

describe('createSkillsMcpServer over a loader on a store', () => {
  it('announces a stored skill as list changes; a change after closing harms nothing', async () => {
    const store = createMemoryStore();
    await store.put(['acme', 'skills'], skillMd('expenses', { description: 'Check expenses against the travel policy.' }));
    const loader = new SkillLoader({ store });
    await loader.loadAll('acme');
    const { client, close } = await connected(loader);
    let promptsChanged = 0;
    const changed = new Promise<void>((done) =>
      client.setNotificationHandler(PromptListChangedNotificationSchema, () => {
        promptsChanged++;
        done();
      }),
    );
    await store.put(['acme', 'skills'], skillMd('travel', { description: 'Book travel within the travel policy.' }));
    await changed;
    const catalog = await client.getPrompt({ name: CATALOG_PROMPT });
    expect(JSON.stringify(catalog.messages)).toContain('travel');
    await close();
    await store.put(['acme', 'skills'], skillMd('meals', { description: 'Claim meals within the travel policy.' }));
    expect(loader.getByName('meals')).toBeDefined();
    expect(promptsChanged).toBe(1);
  });
});

/** A made-up word of letters alone for `i`, so each skill has a word of its own. */
const codeword = (i: number): string => `zq${String.fromCharCode(97 + Math.floor(i / 26), 97 + (i % 26))}ov`;

describe('createSkillsMcpServer over a loader larger than one catalog', () => {
  it('serves the catalog resource and prompt within the budget, and skills.search finds the rest', async () => {
    const store = createMemoryStore();
    for (let i = 0; i < 130; i++) {
      const name = `tool-${String(i).padStart(3, '0')}`;
      await store.put(['acme', 'skills'], skillMd(name, { description: `Handle ${codeword(i)} requests with care: steps, checks and the forms they need.` }));
    }
    const loader = new SkillLoader({ store, limits: { maxCatalogBytes: 1536 } });
    await loader.loadAll('acme');
    const { client, close } = await connected(loader);
    const resource = await client.readResource({ uri: CATALOG_URI });
    const text = (resource.contents[0] as { text: string }).text;
    expect(new TextEncoder().encode(text).byteLength).toBeLessThanOrEqual(1536);
    expect(text).toBe(loader.catalog());
    expect(text).toMatch(/\d+ more skills are not listed; the `skills.search` tool finds them\.$/);
    const prompt = await client.getPrompt({ name: CATALOG_PROMPT });
    expect(prompt.messages[0]?.content).toEqual({ type: 'text', text });
    const unlisted = loader.catalogFit().unlisted.at(-1) as string;
    const found = await client.callTool({ name: 'skills.search', arguments: { query: `a ${codeword(Number(unlisted.slice(5)))} request` } });
    expect((found.structuredContent as { skills: { name: string }[] }).skills[0]?.name).toBe(unlisted);
    await close();
  });
});

describe('skill resource URIs', () => {
  it("round-trip paths, a plugin's shared files and odd characters included", () => {
    for (const path of ['references/policy.md', '../../shared/util.py', 'a b/c#d.md', 'x/%41.md']) {
      const uri = skillResourceUri('refunds', path);
      expect(new URL(uri).href).toBe(uri);
      expect(parseSkillResourceUri(uri)).toEqual({ name: 'refunds', path });
    }
    expect(skillResourceUri('p', '../../shared/u.py')).toBe('skill://p/..%2F..%2Fshared%2Fu.py');
    expect(skillResourceUri('p', 'a b/c.md')).toBe('skill://p/a%20b/c.md');
    expect(parseSkillResourceUri('skill://refunds')).toBeUndefined();
    expect(parseSkillResourceUri('skill://refunds/%E0%A4%A')).toBeUndefined();
    expect(parseSkillResourceUri('file:///x')).toBeUndefined();
  });
});
