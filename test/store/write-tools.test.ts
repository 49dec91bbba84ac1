// The agent's write tools: authoring rules, grants, the mutability policy and validation, through runTool.
import { describe, expect, it } from 'vitest';
import { findTool, toAnthropicTool, toOpenAITool } from '../../src/agent/adapters.js';
import { runTool } from '../../src/agent/grants.js';
import type { SkillTool } from '../../src/agent/tools.js';
import { SkillLoader } from '../../src/loader/loader.js';
import { createMemoryStore, createWriteTools, type SkillStore, type SkillWriteResult, type StoreOptions } from '../../src/store/index.js';
import { codeOf, rejected } from '../support/errors.js';

const NS = ['acme', 'ann', 'skills'];
const GRANTS = ['tool:skills.set', 'tool:skills.get_resource', 'tool:skills.set_resource', 'tool:skills.delete_resource', 'skills:write'];
const description = 'Summarise meetings into decisions and action items.';
const body = `# Meeting notes\n\n${'List each decision with its owner and due date. '.repeat(8)}`;

async function setup(options: StoreOptions = {}): Promise<{ store: SkillStore; loader: SkillLoader; call: (id: string, input: unknown) => Promise<unknown> }> {
  const store = createMemoryStore(options);
  const loader = new SkillLoader({ store });
  await loader.loadAll('acme', 'ann');
  const tools = createWriteTools(store, { namespace: NS });
  const call = (id: string, input: unknown) => runTool(findTool(tools, id) as SkillTool, input, { grants: GRANTS });
  return { store, loader, call };
}

describe('createWriteTools', () => {
  it('gives four write tools in the skill tool shape, none when mutability is disabled', () => {
    const tools = createWriteTools(createMemoryStore(), { namespace: NS });
    expect(tools.map((t) => [t.id, t.effects, t.grants])).toEqual([
      ['skills.set', 'write', ['tool:skills.set', 'skills:write']],
      ['skills.get_resource', 'write', ['tool:skills.get_resource', 'skills:write']],
      ['skills.set_resource', 'write', ['tool:skills.set_resource', 'skills:write']],
      ['skills.delete_resource', 'write', ['tool:skills.delete_resource', 'skills:write']],
    ]);
    expect(toOpenAITool(tools[0] as SkillTool).function.name).toBe('skills_set');
    expect(toAnthropicTool(tools[2] as SkillTool).input_schema).toMatchObject({ required: ['name', 'path', 'content'] });
    const seed = createWriteTools(createMemoryStore(), { namespace: NS, names: 'seed' });
    expect(seed.map((t) => t.id)).toEqual(['set_skill', 'get_skill_resource', 'set_skill_resource', 'delete_skill_resource']);
    expect(seed[0]?.grants).toEqual(['tool:set_skill', 'skills:write']);
    expect(createWriteTools(createMemoryStore({ mutability: 'disabled' }), { namespace: NS })).toEqual([]);
    expect(createWriteTools(createMemoryStore({ mutability: 'static' }), { namespace: NS })).toEqual([]);
  });

  it('needs tool:<id> and skills:write; without them nothing is written', async () => {
    const store = createMemoryStore();
    const [set] = createWriteTools(store, { namespace: NS });
    const denied = await rejected(runTool(set as SkillTool, { name: 'meeting-notes', description, body }, { grants: ['tool:skills.set', 'skills:read'] }));
    expect([denied.code, denied.message]).toEqual(['PERMISSION_DENIED', expect.stringContaining('skills:write')]);
    expect(await store.list(NS)).toEqual([]);
  });

  it('creates a plain skill with a body and updates its description; the loader routes to it', async () => {
    const { store, loader, call } = await setup();
    const created = (await call('skills.set', { name: 'Meeting_Notes', description, body })) as SkillWriteResult;
    expect(created).toMatchObject({ name: 'meeting-notes', status: 'applied', revision: 1, structured: false });
    expect(loader.getByName('meeting-notes')?.content).toBe(body.trim());
    const updated = await call('skills.set', { name: 'meeting-notes', description: 'Turn meeting transcripts into decisions and action items.' });
    expect(updated).toMatchObject({ status: 'applied', revision: 2 });
    expect(loader.getByName('meeting-notes')).toMatchObject({ description: 'Turn meeting transcripts into decisions and action items.', content: body.trim() });
    expect(await call('skills.set', { name: 'meeting-notes', description: 'Turn meeting transcripts into decisions and action items.' })).toMatchObject({
      status: 'unchanged',
      revision: 2,
    });
    expect((await store.history(NS, 'meeting-notes')).map((r) => r.actor.kind)).toEqual(['agent', 'agent']);
  });

  it('refuses each authoring rule, saying which and by how much', async () => {
    const { store, call } = await setup();
    const message = async (input: unknown, id = 'skills.set') => {
      const e = await rejected(call(id, input));
      expect(e.code).toBe('INVALID_INPUT');
      expect(e.diagnostics.map((d) => d.code)).toEqual(['authoring-limit']);
      return e.message;
    };
    expect(await message({ name: 'abc', description, body })).toMatch(/"abc" is 3 characters; the rule is 5–60, so it is 2 short/);
    expect(await message({ name: 'x'.repeat(61), description, body })).toMatch(/61 characters.*1 over/);
    expect(await message({ name: '!!été!!', description, body })).toMatch(/sanitised: "t"/);
    expect(await message({ name: 'meeting-notes', description: 'Too short.', body })).toMatch(
      /description is 10 characters; the rule is 25–500, so it is 15 short/,
    );
    expect(await message({ name: 'meeting-notes', description: 'd'.repeat(501), body })).toMatch(/1 over/);
    expect(await message({ name: 'meeting-notes', description, body: 'Short body.' })).toMatch(
      /body is 11 characters; the rule is 300–20000, so it is 289 short/,
    );
    expect(await message({ name: 'meeting-notes', description, body: 'b'.repeat(20_001) })).toMatch(/1 over/);
    await call('skills.set', { name: 'meeting-notes', description, body });
    expect(await message({ name: 'meeting-notes', path: 'scripts/run.sh', content: 'echo hi' }, 'skills.set_resource')).toMatch(/outside the resource folders/);
    expect(await message({ name: 'meeting-notes', path: 'references/a.md', content: 'x' }, 'skills.set_resource')).toMatch(/`a.md` is 4 characters.*1 short/);
    expect(await message({ name: 'meeting-notes', path: 'references/guide.md', content: '' }, 'skills.set_resource')).toMatch(/0 characters.*1 short/);
    expect(await message({ name: 'meeting-notes', path: 'references/guide.md', content: 'c'.repeat(10_001) }, 'skills.set_resource')).toMatch(
      /10001 characters.*1 over/,
    );
    expect(await message({ name: 'meeting-notes', path: 'sections/purpose.md', content: 'Why.' }, 'skills.set_resource')).toMatch(/is plain/);
    expect(await codeOf(call('skills.set_resource', { name: 'meeting-notes', path: 'references/../../x.md', content: 'x' }))).toBe('UNSAFE_PATH');
    expect((await store.get(NS, 'meeting-notes'))?.revision).toBe(1);
  });

  it('a skill created with name and description only is structured: sections compose its body, direct body writes are refused', async () => {
    const { loader, call } = await setup();
    expect(await call('skills.set', { name: 'release-checklist', description: 'Walk a release through its checks before shipping.' })).toMatchObject({
      status: 'applied',
      structured: true,
    });
    expect(loader.getByName('release-checklist')).toMatchObject({ bodyFormat: 'structured', content: '# release-checklist' });
    await call('skills.set_resource', { name: 'release-checklist', path: 'sections/workflow.md', content: '# Steps\n\nRun the tests, then tag.' });
    await call('skills.set_resource', { name: 'release-checklist', path: 'sections/purpose.md', content: 'Ship without surprises.' });
    expect(loader.getByName('release-checklist')?.content).toBe('# release-checklist\n\nShip without surprises.\n\n## Steps\n\nRun the tests, then tag.');
    const refused = await rejected(call('skills.set', { name: 'release-checklist', description: 'Walk a release through its checks before shipping.', body }));
    expect([refused.code, refused.message]).toEqual(['INVALID_INPUT', expect.stringMatching(/structured.*cannot be written directly/)]);
    expect(await codeOf(call('skills.set_resource', { name: 'release-checklist', path: 'sections/notes.md', content: 'x' }))).toBe('INVALID_INPUT');
    await call('skills.delete_resource', { name: 'release-checklist', path: 'sections/workflow.md' });
    expect(loader.getByName('release-checklist')?.content).toBe('# release-checklist\n\nShip without surprises.');
  });

  it('reads, writes and deletes references and assets', async () => {
    const { loader, call } = await setup();
    await call('skills.set', { name: 'meeting-notes', description, body });
    await call('skills.set_resource', { name: 'meeting-notes', path: 'references/template.md', content: '# Template' });
    expect(await call('skills.get_resource', { name: 'meeting-notes', path: 'references/template.md' })).toEqual({
      name: 'meeting-notes',
      path: 'references/template.md',
      content: '# Template',
    });
    expect(loader.getByName('meeting-notes')?.files.map((f) => f.path)).toEqual(['references/template.md']);
    await call('skills.delete_resource', { name: 'meeting-notes', path: 'references/template.md' });
    expect(loader.getByName('meeting-notes')?.files).toEqual([]);
    expect(await codeOf(call('skills.get_resource', { name: 'meeting-notes', path: 'references/template.md' }))).toBe('NOT_FOUND');
    expect(await codeOf(call('skills.delete_resource', { name: 'meeting-notes', path: 'references/template.md' }))).toBe('NOT_FOUND');
    expect(await codeOf(call('skills.set_resource', { name: 'no-such-skill', path: 'references/guide.md', content: 'x' }))).toBe('NOT_FOUND');
  });

  it('a resource write to a builtin skill is ignored: nothing changes, a resource-write-ignored warning, an audit entry', async () => {
    const { store, call } = await setup({ reservedNames: ['pdf-tools'] });
    const written = (await call('skills.set_resource', { name: 'pdf-tools', path: 'references/extra.md', content: 'More.' })) as SkillWriteResult;
    expect(written).toMatchObject({ name: 'pdf-tools', status: 'ignored', revision: 0, digest: '' });
    expect(written.diagnostics?.map((d) => [d.code, d.severity, d.path])).toEqual([['resource-write-ignored', 'warning', 'pdf-tools/references/extra.md']]);
    const deleted = (await call('skills.delete_resource', { name: 'PDF-Tools', path: 'references/extra.md' })) as SkillWriteResult;
    expect(deleted.status).toBe('ignored');
    expect(await store.list(NS)).toEqual([]);
    expect(await store.history(NS, 'pdf-tools')).toEqual([]);
    expect((await store.auditLog(NS)).map((e) => [e.action, e.name, e.path, e.revision, e.actor.kind])).toEqual([
      ['skill.resource_write_ignored', 'pdf-tools', 'references/extra.md', 0, 'agent'],
      ['skill.resource_write_ignored', 'pdf-tools', 'references/extra.md', 0, 'agent'],
    ]);
    // The tool's own rules still come first: an unsafe path is refused, not recorded.
    expect(await codeOf(call('skills.set_resource', { name: 'pdf-tools', path: '../x.md', content: 'x' }))).toBe('UNSAFE_PATH');
    // A skill of a builtin's name is refused, and reading a builtin's resource here is NOT_FOUND (skills.read reads it).
    const e = await rejected(call('skills.set', { name: 'PDF_Tools', description, body }));
    expect([e.code, e.diagnostics[0]?.code]).toEqual(['CONFLICT', 'builtin-read-only']);
    expect(await codeOf(call('skills.get_resource', { name: 'pdf-tools', path: 'references/extra.md' }))).toBe('NOT_FOUND');
    expect(await store.auditLog(NS)).toHaveLength(2);
  });

  it("builtinWrites: 'refuse' refuses a builtin skill's resource writes instead, and records nothing", async () => {
    const store = createMemoryStore({ reservedNames: ['pdf-tools'] });
    const tools = createWriteTools(store, { namespace: NS, builtinWrites: 'refuse' });
    const call = (id: string, input: unknown) => runTool(findTool(tools, id) as SkillTool, input, { grants: GRANTS });
    for (const [id, input] of [
      ['skills.set_resource', { name: 'pdf-tools', path: 'references/extra.md', content: 'More.' }],
      ['skills.delete_resource', { name: 'pdf-tools', path: 'references/extra.md' }],
    ] as const) {
      const e = await rejected(call(id, input));
      expect([e.code, e.diagnostics[0]?.code, e.path]).toEqual(['CONFLICT', 'builtin-read-only', 'references/extra.md']);
    }
    expect(await store.auditLog(NS)).toEqual([]);
    expect(() => createWriteTools(store, { namespace: NS, builtinWrites: 'skip' as never })).toThrow(/builtinWrites must be "ignore" or "refuse"/);
  });

  it('a malformed write never reaches the catalog: a body of blanks is refused by the store', async () => {
    const { loader, call } = await setup();
    const e = await rejected(call('skills.set', { name: 'meeting-notes', description, body: ' '.repeat(400) }));
    expect([e.code, e.diagnostics[0]?.code]).toEqual(['INVALID_SKILL', 'body-missing']);
    expect(loader.getAll()).toEqual([]);
  });

  it('under approval-gated a write is a proposal: nothing reaches the catalog until a person approves', async () => {
    const { store, loader, call } = await setup({ mutability: 'approval-gated' });
    const proposed = (await call('skills.set', { name: 'meeting-notes', description, body })) as SkillWriteResult;
    expect(proposed).toMatchObject({ status: 'proposed', revision: 0, proposal: expect.any(String) });
    expect(loader.getAll()).toEqual([]);
    const [proposal] = await store.proposals(NS);
    expect(proposal).toMatchObject({ name: 'meeting-notes', actor: { kind: 'agent' }, diff: expect.stringContaining('+description: Summarise meetings') });
    await store.approve(proposed.proposal as string);
    expect(loader.getByName('meeting-notes')?.description).toBe(description);
  });
});
