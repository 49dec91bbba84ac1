// The Skills Extension's listing over time and at its edges: pages (never an entry split, cursors, a bad cursor), the
// Final text's limits (512 files, 16 MiB a skill), a live loader's change announced, skill sets, lazy skills.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LoggingMessageNotificationSchema, ResourceListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createSkillSet, defineSkill, memorySource, SkillLoader } from '../../src/index.js';
import { createSkillsMcpServer, SKILLS_EXTENSION_LIMITS } from '../../src/mcp/index.js';
import { directorySource } from '../../src/node/index.js';
import { createMemoryStore } from '../../src/store/index.js';
import { thrown } from '../support/errors.js';
import { skillMd } from '../support/skill-md.js';
import { tempTrees } from '../support/temp-trees.js';
import { bytesOfContent, connected, GetSkillResult, listAll, ListSkillsResult, rpcCode, sha256 } from './mcp-extension-client.js';

const tree = tempTrees('satchel-mcp-ext-list-');
const closers: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function serve(...args: Parameters<typeof connected>) {
  const c = await connected(...args);
  closers.push(c.close);
  return c.client;
}

/** `count` skills in memory, skill `i` with `i % 4` supporting files. */
function manySkills(count: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    const name = `skill-${String(i).padStart(3, '0')}`;
    files[`${name}/SKILL.md`] = skillMd(name, { description: `Handle case ${i} of the test catalog.` });
    for (let f = 0; f < i % 4; f++) files[`${name}/references/part-${f}.md`] = `Part ${f} of ${name}.`;
  }
  return files;
}

describe('skills/list pages', () => {
  it('pages by cursor with whole entries: every skill once, each entry equal to its skills/get', async () => {
    const loader = new SkillLoader({ builtin: memorySource(manySkills(25)) });
    await loader.loadAll();
    const client = await serve(loader, { pageSize: 7 });
    const { skills, pages } = await listAll(client);
    expect(pages).toBe(4);
    expect(skills.map((s) => s.uri)).toEqual([...Array(25).keys()].map((i) => `skill://skill-${String(i).padStart(3, '0')}/SKILL.md`));
    for (const entry of skills) {
      const { skill } = await client.request({ method: 'skills/get', params: { uri: entry.uri } }, GetSkillResult);
      expect(entry).toEqual(skill);
    }
  });

  it('gives the same page again for a cursor sent twice, and resumes after its skill when the listing changed', async () => {
    const store = createMemoryStore();
    for (const name of ['alpha', 'delta', 'gamma', 'omega'])
      await store.put(['acme', 'skills'], skillMd(name, { description: `The ${name} skill of the store.` }));
    const loader = new SkillLoader({ store });
    await loader.loadAll('acme');
    const client = await serve(loader, { pageSize: 2 });
    const first = await client.request({ method: 'skills/list', params: {} }, ListSkillsResult);
    expect(first.skills.map((s) => s.frontmatter['name'])).toEqual(['alpha', 'delta']);
    const cursor = first.nextCursor ?? '';
    const again = async () => client.request({ method: 'skills/list', params: { cursor } }, ListSkillsResult);
    expect((await again()).skills.map((s) => s.frontmatter['name'])).toEqual(['gamma', 'omega']);
    expect((await again()).skills.map((s) => s.frontmatter['name'])).toEqual(['gamma', 'omega']);
    const changed = new Promise<void>((done) => client.setNotificationHandler(ResourceListChangedNotificationSchema, () => done()));
    await store.put(['acme', 'skills'], skillMd('beta', { description: 'The beta skill, stored between two pages.' }));
    await changed;
    const resumed = await again();
    expect(resumed.skills.map((s) => s.frontmatter['name'])).toEqual(['gamma', 'omega']);
    expect(resumed.nextCursor).toBeUndefined();
    expect((await listAll(client)).skills.map((s) => s.frontmatter['name'])).toEqual(['alpha', 'beta', 'delta', 'gamma', 'omega']);
  });

  it('answers -32602 for a cursor it did not give', async () => {
    const loader = new SkillLoader({ builtin: memorySource(manySkills(3)) });
    await loader.loadAll();
    const client = await serve(loader);
    const list = (params: unknown) => rpcCode(client.request({ method: 'skills/list', params: params as Record<string, unknown> }, ListSkillsResult));
    expect(await list({ cursor: 'not base64 at all!' })).toBe(-32602);
    expect(await list({ cursor: Buffer.from('someone else').toString('base64') })).toBe(-32602);
    expect(await list({ cursor: 7 })).toBe(-32602);
  });

  it('refuses a ttlMs, pageSize or cacheScope out of range when the server is made', () => {
    const set = createSkillSet([]);
    expect(thrown(() => createSkillsMcpServer(set, { ttlMs: -1 })).code).toBe('INVALID_INPUT');
    expect(thrown(() => createSkillsMcpServer(set, { ttlMs: 1.5 })).code).toBe('INVALID_INPUT');
    expect(thrown(() => createSkillsMcpServer(set, { pageSize: 0 })).code).toBe('INVALID_INPUT');
    expect(thrown(() => createSkillsMcpServer(set, { cacheScope: 'shared' as 'public' })).code).toBe('INVALID_INPUT');
  });
});

describe('the limits of the Final text', () => {
  it('lists a skill of 512 files and withholds one of 513, with a log diagnostic', async () => {
    const files: Record<string, string> = {};
    for (const [name, count] of [
      ['at-limit', 511],
      ['over-limit', 512],
    ] as const) {
      files[`${name}/SKILL.md`] = skillMd(name, { description: `A skill of ${count + 1} files.` });
      for (let i = 0; i < count; i++) files[`${name}/data/f${i}.txt`] = `${i}`;
    }
    const loader = new SkillLoader({ builtin: memorySource(files), limits: { maxFilesPerSkill: 600 } });
    await loader.loadAll();
    const client = await serve(loader);
    const logged: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logged.push(n.params.data));
    const { skills } = await listAll(client);
    expect(skills.map((s) => [s.frontmatter['name'], s.resources.length])).toEqual([['at-limit', SKILLS_EXTENSION_LIMITS.maxFiles]]);
    expect(logged).toEqual([expect.objectContaining({ code: 'limit-exceeded', skill: 'over-limit', uri: 'skill://over-limit/SKILL.md' })]);
    expect(await rpcCode(client.request({ method: 'skills/get', params: { uri: 'skill://over-limit/SKILL.md' } }, GetSkillResult))).toBe(-32602);
  });

  it('lists a skill of 16 MiB and withholds one a byte over', async () => {
    const half = 8 * 1024 * 1024;
    const md = (name: string) => skillMd(name, { description: 'A skill of many bytes.' });
    const files: Record<string, string | Uint8Array> = { 'big/SKILL.md': md('big'), 'bigger/SKILL.md': md('bigger') };
    const rest = SKILLS_EXTENSION_LIMITS.maxBytes - half - Buffer.byteLength(md('big'));
    files['big/a.bin'] = new Uint8Array(half);
    files['big/b.bin'] = new Uint8Array(rest);
    files['bigger/a.bin'] = new Uint8Array(half);
    files['bigger/b.bin'] = new Uint8Array(rest - Buffer.byteLength(md('bigger')) + Buffer.byteLength(md('big')) + 1);
    const loader = new SkillLoader({ builtin: memorySource(files), limits: { maxFileBytes: half } });
    await loader.loadAll();
    const client = await serve(loader);
    const { skills } = await listAll(client);
    expect(skills.map((s) => s.frontmatter['name'])).toEqual(['big']);
    expect(skills[0]?.resources.reduce((sum, r) => sum + r.size, 0)).toBe(SKILLS_EXTENSION_LIMITS.maxBytes);
  });
});

describe('what the extension serves of each kind of source', () => {
  it('announces a file written under a watched loader, and lists the new skill with its files', async () => {
    const root = await tree({ 'alpha/SKILL.md': skillMd('alpha', { description: 'The alpha skill for testing change events.' }) });
    const source = directorySource(root, { watch: true, watchDebounceMs: 20 });
    const loader = new SkillLoader({ builtin: source });
    await loader.loadAll();
    closers.push(
      () => loader.close(),
      () => source.close?.(),
    );
    const client = await serve(loader);
    expect((await listAll(client)).skills.map((s) => s.uri)).toEqual(['skill://alpha/SKILL.md']);
    const changed = new Promise<void>((done) => client.setNotificationHandler(ResourceListChangedNotificationSchema, () => done()));
    await mkdir(join(root, 'beta/references'), { recursive: true });
    await writeFile(join(root, 'beta/references/notes.md'), 'Beta notes.');
    await writeFile(join(root, 'beta/SKILL.md'), skillMd('beta', { description: 'The beta skill, arriving while serving.' }));
    await changed;
    await loader.settled();
    const { skills } = await listAll(client);
    expect(skills.map((s) => s.uri)).toEqual(['skill://alpha/SKILL.md', 'skill://beta/SKILL.md']);
    expect(skills[1]?.resources.map((r) => [r.uri, r.digest])).toContainEqual(['skill://beta/references/notes.md', sha256('Beta notes.')]);
  });

  it('serves a skill set made in memory (its SKILL.md written from the skill), and withholds one holding a binary file it has no bytes for', async () => {
    const text = defineSkill({ name: 'notes', description: 'Take meeting notes.', instructions: 'Write them down.', files: { 'templates/a.md': 'A' } });
    const binary = defineSkill({
      name: 'logo',
      description: 'Draw the logo.',
      instructions: 'Use the PNG.',
      files: { 'logo.png': new Uint8Array([0x89, 0x50, 0, 1]) },
    });
    const client = await serve(createSkillSet([text, binary]));
    const logged: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logged.push(n.params.data));
    const { skills } = await listAll(client);
    expect(skills.map((s) => s.uri)).toEqual(['skill://notes/SKILL.md']);
    expect(skills[0]?.frontmatter).toMatchObject({ name: 'notes', description: 'Take meeting notes.' });
    for (const resource of skills[0]?.resources ?? [])
      expect(sha256(bytesOfContent((await client.readResource({ uri: resource.uri })).contents[0]))).toBe(resource.digest);
    expect(logged).toEqual([expect.objectContaining({ code: 'content-unavailable', skill: 'logo' })]);
  });

  it('keeps file contents behind the grants skills.read needs; the listing stays open', async () => {
    const notes = defineSkill({ name: 'notes', description: 'Take meeting notes.', instructions: 'Write them down.' });
    const client = await serve(createSkillSet([notes]), { grants: ['tool:skills.load', 'skills:read'] });
    expect((await listAll(client)).skills.map((s) => s.uri)).toEqual(['skill://notes/SKILL.md']);
    await expect(client.readResource({ uri: 'skill://notes/SKILL.md' })).rejects.toThrow(/PERMISSION_DENIED: .*tool:skills\.read/);
    const open = await serve(createSkillSet([notes]));
    expect((await open.readResource({ uri: 'skill://notes/SKILL.md' })).contents[0]).toMatchObject({ mimeType: 'text/markdown' });
  });

  it('reads a lazy skill in full before listing it', async () => {
    const files = { 'pdf/SKILL.md': skillMd('pdf', { description: 'Merge PDF files.', body: 'Merge them.' }), 'pdf/references/howto.md': 'How to merge.' };
    const loader = new SkillLoader({ builtin: memorySource(files, { lazy: true }) });
    await loader.loadAll();
    expect(loader.getByName('pdf')?.loaded).toBe(false);
    const client = await serve(loader);
    const { skills } = await listAll(client);
    expect(skills[0]?.resources.map((r) => [r.uri, r.digest, r.size])).toEqual([
      ['skill://pdf/SKILL.md', sha256(files['pdf/SKILL.md']), Buffer.byteLength(files['pdf/SKILL.md'])],
      ['skill://pdf/references/howto.md', sha256('How to merge.'), 13],
    ]);
  });

  it('withholds a skill whose SKILL.md has no name of its own (its front matter would not match its URI)', async () => {
    const root = await tree({ 'unnamed/SKILL.md': '---\ndescription: A skill that takes its folder name.\n---\nBody.\n' });
    const loader = new SkillLoader({ builtin: directorySource(root, { nameFromFolder: true }) });
    await loader.loadAll();
    expect(loader.getByName('unnamed')).toBeDefined();
    const client = await serve(loader);
    expect((await listAll(client)).skills).toEqual([]);
  });

  it('withholds a skill whose name breaks the naming rules, which a loader still loads with a warning', async () => {
    const root = await tree({
      'Refund_Desk/SKILL.md': skillMd('Refund_Desk', { description: 'A skill named against the rules.' }),
      'fine/SKILL.md': skillMd('fine', { description: 'A skill named by the rules.' }),
    });
    const loader = new SkillLoader({ builtin: directorySource(root) });
    await loader.loadAll();
    expect(loader.getByName('Refund_Desk')).toBeDefined();
    const client = await serve(loader);
    const logged: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logged.push(n.params.data));
    expect((await listAll(client)).skills.map((s) => s.uri)).toEqual(['skill://fine/SKILL.md']);
    expect(logged).toEqual([expect.objectContaining({ code: 'frontmatter-mismatch', skill: 'Refund_Desk' })]);
  });
});
