// mcpSkillSource against hostile servers built by hand on the SDK: wrong digests, wrong sizes, tampered bytes,
// unlisted files, a name that is not its URI's, front matter that is not the file's, entries without resources,
// 10,000 skills, a server that never answers, and a listing that changes between list and read.
import { afterEach, describe, expect, it } from 'vitest';
import { SkillLoader } from '../../../src/index.js';
import { mcpSkillSource } from '../../../src/mcp/index.js';
import { codeOf, rejected } from '../../support/errors.js';
import { skillMd } from '../../support/skill-md.js';
import { connectInMemory } from './connect.js';
import { handServer, type HandEntry, type HandFiles, type HandOptions } from './hand-server.js';

const FILES: HandFiles = {
  'refunds/SKILL.md': skillMd('refunds', { description: 'Decide refunds under the store policy.', body: 'Read references/policy.md first.' }),
  'refunds/references/policy.md': 'Refunds up to 50 EUR are automatic.\n',
  'pdf/SKILL.md': skillMd('pdf', { description: 'Merge and split PDF files.', body: 'Use the pdf tools.' }),
};

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

async function serve(files: HandFiles, options: HandOptions = {}) {
  const hand = handServer(files, options);
  const connection = await connectInMemory(hand.server);
  open.push(connection);
  return { hand, source: mcpSkillSource(connection.client, { label: 'hostile', timeoutMs: 2_000 }) };
}

/** An entry hook that changes the resource of `uri`. */
const changeResource =
  (uri: string, change: (r: { uri: string; digest: string; size: number }) => object) =>
  (e: HandEntry): HandEntry =>
    Array.isArray(e.resources) ? { ...e, resources: e.resources.map((r) => (r.uri === uri ? { ...r, ...change(r) } : r)) } : e;

const POLICY = 'skill://refunds/references/policy.md';
const OTHER_DIGEST = `sha256:${'ab'.repeat(32)}`;

describe('verification failures', () => {
  it('a wrong digest: skills/get once, then DIGEST_MISMATCH; the loader marks the skill stale and asks no more', async () => {
    const { hand, source } = await serve(FILES, { entry: changeResource(POLICY, () => ({ digest: OTHER_DIGEST })) });
    const loader = new SkillLoader({ remote: source });
    await loader.loadAll();
    expect(hand.calls).toEqual(['skills/list']);
    const error = await rejected(loader.ensureLoaded('refunds'));
    expect(error.code).toBe('DIGEST_MISMATCH');
    expect(error.message).toContain(`${POLICY} has digest sha256:`);
    expect(error.message).toContain('the server lists the same entry again');
    expect(hand.calls.filter((c) => c.startsWith('skills/get'))).toEqual(['skills/get skill://refunds/SKILL.md']);
    const asked = hand.calls.length;
    expect(await codeOf(loader.ensureLoaded('refunds'))).toBe('DIGEST_MISMATCH');
    expect(hand.calls.length).toBe(asked);
    // The other skill is untouched.
    expect((await loader.ensureLoaded('pdf'))[0]?.content).toBe('Use the pdf tools.');
  });

  it('a wrong size is refused before the digest is looked at', async () => {
    const { source } = await serve(FILES, { entry: changeResource(POLICY, (r) => ({ size: r.size + 1 })) });
    await source.list();
    const error = await rejected((source.readSkill as NonNullable<typeof source.readSkill>)('refunds'));
    expect(error.code).toBe('DIGEST_MISMATCH');
    expect(error.message).toMatch(/has \d+ bytes, not the \d+ its entry lists/);
  });

  it('bytes changed on the wire are refused, for a whole skill and for one file read alone', async () => {
    const tamper = (uri: string, bytes: Uint8Array): Uint8Array =>
      uri === POLICY ? new TextEncoder().encode('Refunds up to 5000 EUR are automatic.\n') : bytes;
    const { hand, source } = await serve(FILES, { bytes: tamper });
    await source.list();
    expect(await codeOf(source.read('refunds/references/policy.md'))).toBe('DIGEST_MISMATCH');
    expect(await codeOf((source.readSkill as NonNullable<typeof source.readSkill>)('refunds'))).toBe('DIGEST_MISMATCH');
    expect(hand.calls.filter((c) => c.startsWith('skills/get'))).toHaveLength(2);
    // The SKILL.md is untouched: read alone, it passes.
    expect(new TextDecoder().decode(await source.read('refunds/SKILL.md'))).toBe(FILES['refunds/SKILL.md']);
  });

  it('front matter that is not the file’s is a verification failure', async () => {
    const { source } = await serve(FILES, {
      entry: (e) => (e.uri === 'skill://pdf/SKILL.md' ? { ...e, frontmatter: { ...e.frontmatter, description: 'Anything.' } } : e),
    });
    const listed = await source.list();
    expect(listed.entries.find((e) => e.dir === 'pdf')?.text).toContain('Anything.');
    const error = await rejected((source.readSkill as NonNullable<typeof source.readSkill>)('pdf'));
    expect(error.code).toBe('DIGEST_MISMATCH');
    expect(error.message).toContain('front matter of skill://pdf/SKILL.md is not the one its entry lists');
  });

  it('a file the entry does not list is never read: NOT_FOUND, or DIGEST_MISMATCH once the server lists it', async () => {
    let listPolicy = false;
    const unlisted = (e: HandEntry): HandEntry =>
      listPolicy || !Array.isArray(e.resources) ? e : { ...e, resources: e.resources.filter((r) => r.uri !== POLICY) };
    const { hand, source } = await serve(FILES, { entry: unlisted });
    const loader = new SkillLoader({ remote: source });
    await loader.loadAll();
    const [refunds] = await loader.ensureLoaded('refunds');
    expect(refunds?.files).toEqual([]);
    expect(await codeOf(source.read('refunds/references/policy.md'))).toBe('NOT_FOUND');
    expect(hand.calls).not.toContain(`resources/read ${POLICY}`);
    listPolicy = true;
    const error = await rejected(source.read('refunds/references/policy.md'));
    expect(error.code).toBe('DIGEST_MISMATCH');
    expect(error.message).toContain('the server now lists it');
    expect(hand.calls).not.toContain(`resources/read ${POLICY}`);
  });
});

describe('entries that are not loaded', () => {
  it('a skill whose name is not its URI’s, one with a file outside its root, one without resources, a dynamic one', async () => {
    const entry = (e: HandEntry): HandEntry => {
      if (e.uri === 'skill://refunds/SKILL.md') return { ...e, frontmatter: { ...e.frontmatter, name: 'pdf' } };
      if (e.uri === 'skill://pdf/SKILL.md') return { ...e, resources: [...(e.resources as []), { uri: 'skill://other/x.md', digest: OTHER_DIGEST, size: 1 }] };
      if (e.uri === 'skill://bare/SKILL.md') return { uri: e.uri, frontmatter: e.frontmatter };
      if (e.uri === 'skill://live/SKILL.md') return { ...e, resources: 'dynamic' };
      return e;
    };
    const files = { ...FILES, 'bare/SKILL.md': skillMd('bare'), 'live/SKILL.md': skillMd('live'), 'fine/SKILL.md': skillMd('fine') };
    const { source } = await serve(files, { entry });
    const loader = new SkillLoader({ remote: source });
    await loader.loadAll();
    expect(loader.getAll().map((s) => s.name)).toEqual(['fine']);
    const messages = loader.diagnostics.filter((d) => d.code === 'source-error').map((d) => d.message);
    expect(messages).toHaveLength(4);
    expect(messages.join('\n')).toContain('is named "pdf" in its front matter, but its URI names it "refunds"');
    expect(messages.join('\n')).toContain('skill://other/x.md is not a file within skill://pdf');
    expect(messages.join('\n')).toContain('skill://bare/SKILL.md has no `resources`');
    expect(messages.join('\n')).toContain('skill://live/SKILL.md is dynamic');
  });

  it('a server that does not declare the extension is a failed source', async () => {
    const { source } = await serve(FILES, { declare: false });
    const error = await rejected(source.list());
    expect(error.code).toBe('SOURCE_FAILED');
    expect(error.message).toContain('does not declare the io.modelcontextprotocol/skills extension');
  });
});

describe('partial listings and the Final text’s limits', () => {
  it('loads a skill the listing leaves out when its URI is given, through skills/get', async () => {
    const hidden = { hide: ['skill://pdf/SKILL.md'] };
    const { source: plain } = await serve(FILES, hidden);
    expect((await plain.list()).entries.map((e) => e.dir)).toEqual(['refunds']);
    const hand = handServer(FILES, hidden);
    const connection = await connectInMemory(hand.server);
    open.push(connection);
    const uris = ['skill://pdf/SKILL.md', 'skill://refunds/SKILL.md', 'skill://nothing/SKILL.md'];
    const loader = new SkillLoader({ remote: mcpSkillSource(connection.client, { label: 'partial', uris }) });
    await loader.loadAll();
    expect(loader.getAll().map((s) => s.name)).toEqual(['pdf', 'refunds']);
    expect(hand.calls).toEqual(['skills/list', 'skills/get skill://pdf/SKILL.md', 'skills/get skill://nothing/SKILL.md']);
    expect((await loader.ensureLoaded('pdf'))[0]?.content).toBe('Use the pdf tools.');
  });

  it('accepts a skill of 512 files and leaves out one of 513', async () => {
    const files: HandFiles = { 'big/SKILL.md': skillMd('big'), 'bigger/SKILL.md': skillMd('bigger') };
    for (let i = 0; i < 511; i++) files[`big/files/f${i}.txt`] = `file ${i}\n`;
    for (let i = 0; i < 512; i++) files[`bigger/files/f${i}.txt`] = `file ${i}\n`;
    const { source } = await serve(files);
    const loader = new SkillLoader({ remote: source, limits: { maxFilesPerSkill: 512 } });
    await loader.loadAll();
    expect(loader.getAll().map((s) => s.name)).toEqual(['big']);
    expect(loader.diagnostics.map((d) => d.message).join('\n')).toContain('skill://bigger/SKILL.md lists 513 files (more than 512)');
    expect((await loader.ensureLoaded('big'))[0]?.files).toHaveLength(511);
  });
});

describe('size and time', () => {
  it('lists 10,000 skills in pages of 500 with no resource read, and reads one on use', async () => {
    const files: HandFiles = {};
    for (let i = 0; i < 10_000; i++)
      files[`team-${i % 10}/skill-${i}/SKILL.md`] = skillMd(`skill-${i}`, { description: `Skill number ${i} of the big server.` });
    const { hand, source } = await serve(files, { pageSize: 500 });
    const loader = new SkillLoader({ remote: source, limits: { maxSkills: 10_000 } });
    await hand.ready();
    const started = performance.now();
    await loader.loadAll();
    const ms = performance.now() - started;
    expect(loader.size).toBe(10_000);
    expect(hand.calls).toEqual(Array.from({ length: 20 }, () => 'skills/list'));
    const [one] = await loader.ensureLoaded('skill-4242');
    expect(one?.content).toBe('Instructions for skill-4242.');
    expect(hand.calls.slice(20)).toEqual(['resources/read skill://team-2/skill-4242/SKILL.md']);
    console.log(`10,000 MCP skills listed and loaded lazily in ${Math.round(ms)} ms`);
  }, 60_000);

  it('more skills than maxSkills refuse the listing', async () => {
    const files: HandFiles = {};
    for (let i = 0; i < 30; i++) files[`s-${i}/SKILL.md`] = skillMd(`s-${i}`);
    const hand = handServer(files, { pageSize: 7 });
    const connection = await connectInMemory(hand.server);
    open.push(connection);
    const source = mcpSkillSource(connection.client, { label: 'big', limits: { maxSkills: 20 } });
    expect(await codeOf(source.list())).toBe('LIMIT_EXCEEDED');
    expect(hand.calls).toHaveLength(3);
  });

  it('a server that never answers is bounded by the source’s timeout, and by the loader’s', async () => {
    const hand = handServer(FILES, { hang: true });
    const connection = await connectInMemory(hand.server);
    open.push(connection);
    const started = performance.now();
    const error = await rejected(mcpSkillSource(connection.client, { label: 'slow', timeoutMs: 150 }).list());
    expect(error.code).toBe('SOURCE_FAILED');
    expect(error.message).toContain('did not answer within 150 ms');
    expect(performance.now() - started).toBeLessThan(2_000);
    const loader = new SkillLoader({ remote: mcpSkillSource(connection.client, { label: 'slow' }), sourceTimeoutMs: 150 });
    await loader.loadAll();
    expect(loader.diagnostics.map((d) => d.code)).toEqual(['source-error']);
    expect(loader.diagnostics[0]?.message).toContain('mcp:slow');
  });
});

describe('a listing that changes between list and read', () => {
  it('the read is refused, skills/get gives the new entry, and the next load reads the new files', async () => {
    const { hand, source } = await serve(FILES);
    const loader = new SkillLoader({ remote: source });
    await loader.loadAll();
    hand.setFiles({ ...FILES, 'refunds/references/policy.md': 'Refunds up to 20 EUR are automatic.\n' });
    const error = await rejected(loader.ensureLoaded('refunds'));
    expect(error.code).toBe('DIGEST_MISMATCH');
    expect(error.message).toContain('the server now lists another entry for it');
    expect(loader.getByName('refunds')?.stale).toBe(true);
    const lists = hand.calls.filter((c) => c === 'skills/list').length;
    await loader.loadAll();
    // The listing's ttlMs still runs: the entry skills/get gave stands in it, with no second skills/list.
    expect(hand.calls.filter((c) => c === 'skills/list').length).toBe(lists);
    await loader.ensureLoaded('refunds');
    expect(await loader.readFile('refunds', 'references/policy.md')).toBe('Refunds up to 20 EUR are automatic.\n');
  });

  it('a skill the server no longer serves leaves the listing', async () => {
    const { hand, source } = await serve(FILES);
    await source.list();
    hand.setFiles({ 'pdf/SKILL.md': FILES['pdf/SKILL.md'] as string });
    expect(await codeOf((source.readSkill as NonNullable<typeof source.readSkill>)('refunds'))).toBe('DIGEST_MISMATCH');
    expect((await source.list()).entries.map((e) => e.dir)).toEqual(['pdf']);
  });
});
