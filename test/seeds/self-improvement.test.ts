// The md-first seed's "Self-Improvement" section and the structured-format seed's set_skill tool family, quote by quote.
import { describe, expect, it } from 'vitest';
import { findTool, memorySource, runTool, SkillLoader, surfaceNamespace, type SkillTool } from '../../src/index.js';
import { createMemoryStore, createWriteTools } from '../../src/store/index.js';
import { codeOf, rejected } from '../support/errors.js';
import { skillMd } from '../support/skill-md.js';

const ROOT = surfaceNamespace('acme', 'ann');
const body = `Collect the clauses first. ${'Then compare each clause with the playbook and note every deviation. '.repeat(5)}`;
const grants = ['tool:set_skill', 'tool:set_skill_resource', 'skills:write'];

describe('self-improvement (md-first seed) with the set_skill tools (structured-format seed)', () => {
  it('"With skills: autonomous it may create new durable skills directly"; set_skill with name and description only makes a structured skill', async () => {
    const store = createMemoryStore();
    const tools = createWriteTools(store, { namespace: ROOT, names: 'seed' });
    const set = findTool(tools, 'set_skill') as SkillTool;
    expect(await runTool(set, { name: 'my_skill', description: 'Brief description of what this skill provides' }, { grants })).toMatchObject({
      name: 'my-skill',
      status: 'applied',
      structured: true,
    });
    await runTool(findTool(tools, 'set_skill_resource') as SkillTool, { name: 'my_skill', path: 'sections/purpose.md', content: 'Why it exists.' }, { grants });
    expect((await store.get(ROOT, 'my-skill'))?.text).toContain('body-format: structured');
    expect(await codeOf(runTool(set, { name: 'my_skill', description: 'Brief description of what this skill provides', body }, { grants }))).toBe(
      'INVALID_INPUT',
    );
  });

  it('"Approval-gated changes are stored separately from the active skill" and "enter the history only after approval"', async () => {
    const store = createMemoryStore({ mutability: 'approval-gated' });
    const { proposal } = await store.put(ROOT, skillMd('clause-check', { body }), { actor: 'agent' });
    expect([await store.get(ROOT, 'clause-check'), await store.history(ROOT, 'clause-check')]).toEqual([undefined, []]);
    await store.approve(proposal as string);
    expect((await store.history(ROOT, 'clause-check')).map((r) => r.actor.kind)).toEqual(['agent']);
  });

  it('"Use skills: disabled, or the mutability: static shorthand"; "A durable skill cannot use the name of a checked-in skill"', async () => {
    expect(createWriteTools(createMemoryStore({ mutability: 'static' }), { namespace: ROOT })).toEqual([]);
    const store = createMemoryStore({ reservedNames: ['note-taking'] });
    expect((await rejected(store.put(ROOT, skillMd('note-taking'), { actor: 'agent' }))).diagnostics[0]?.code).toBe('builtin-read-only');
  });

  it('"Every durable skill write must contain YAML frontmatter … and a non-empty instruction body"', async () => {
    const store = createMemoryStore();
    expect(await codeOf(store.put(ROOT, 'Just text, no front matter.'))).toBe('INVALID_SKILL');
    expect((await rejected(store.put(ROOT, '---\nname: empty-one\ndescription: Nothing below the front matter.\n---\n'))).diagnostics[0]?.code).toBe(
      'body-missing',
    );
  });

  it('"Skills learned by subagents/legal are available on later legal runs but remain invisible to the root agent, siblings, and nested children"', async () => {
    const store = createMemoryStore();
    await store.put(
      surfaceNamespace('acme', 'ann', 'legal'),
      skillMd('clause-check', { description: 'Check contract clauses against the legal playbook.', body }),
      { actor: 'agent' },
    );
    const seen = async (surface?: string): Promise<boolean> => {
      const loader = new SkillLoader(surface === undefined ? { store } : { store, surface });
      await loader.loadAll('acme', 'ann');
      return loader.getByName('clause-check') !== undefined;
    };
    expect([await seen('legal'), await seen(), await seen('finance'), await seen('legal/contracts')]).toEqual([true, false, false, false]);
  });
  it('"A durable skill cannot use the name of a checked-in skill": the loader hands the store its checked-in names, no list by hand', async () => {
    const store = createMemoryStore();
    const loader = new SkillLoader({ builtin: memorySource({ 'note-taking/SKILL.md': skillMd('note-taking') }), store });
    await loader.loadAll('acme', 'ann');
    const error = await rejected(store.put(ROOT, skillMd('note-taking', { body }), { actor: 'agent' }));
    expect([error.code, error.diagnostics[0]?.code]).toEqual(['CONFLICT', 'builtin-read-only']);
    loader.close();
  });

  it('"Checked-in SKILL.md and companion resources are read-only at runtime. Edits are ignored … and reported as skill.resource_write_ignored"', async () => {
    const store = createMemoryStore();
    const loader = new SkillLoader({ builtin: memorySource({ 'note-taking/SKILL.md': skillMd('note-taking') }), store });
    await loader.loadAll('acme', 'ann');
    const tools = createWriteTools(store, { namespace: ROOT, names: 'seed' });
    const result = await runTool(
      findTool(tools, 'set_skill_resource') as SkillTool,
      { name: 'note-taking', path: 'references/extra.md', content: 'More.' },
      { grants },
    );
    expect(result).toMatchObject({ status: 'ignored', diagnostics: [{ code: 'resource-write-ignored', severity: 'warning' }] });
    expect((await store.auditLog(ROOT)).map((e) => e.action)).toEqual(['skill.resource_write_ignored']);
    expect(await store.list(ROOT)).toEqual([]);
    loader.close();
  });

  it('"A subagent declares mutability in its own agent.md", in the block the seed shows', async () => {
    const store = createMemoryStore({ mutability: 'approval-gated' });
    const seedBlock = '---\nmutability:\n  skills: autonomous\n  automations: disabled\n  externalAccess: disabled\n---\n# Legal\n';
    const legal = new SkillLoader({ store, surface: 'legal', agentMd: seedBlock });
    await legal.loadAll('acme', 'ann');
    expect(await store.put(surfaceNamespace('acme', 'ann', 'legal'), skillMd('clause-check', { body }), { actor: 'agent' })).toMatchObject({ revision: 1 });
    expect(await store.put(ROOT, skillMd('clause-check', { body }), { actor: 'agent' })).toMatchObject({ proposal: expect.any(String) });
    legal.close();
  });

  it('"Each durable skill mutation appends a full-body revision; archive replaces permanent deletion, and rollback copies an older body into a new revision"', async () => {
    const store = createMemoryStore();
    await store.put(ROOT, skillMd('clause-check', { body }), { actor: 'agent' });
    await store.put(ROOT, skillMd('clause-check', { body: `${body} Then sign.` }), { actor: 'agent' });
    await store.archive(ROOT, 'clause-check', { actor: 'agent' });
    await store.restore(ROOT, 'clause-check');
    await store.rollback(ROOT, 'clause-check', 1);
    const history = await store.history(ROOT, 'clause-check');
    expect(history.map((r) => [r.revision, r.action])).toEqual([
      [1, 'put'],
      [2, 'put'],
      [3, 'archive'],
      [4, 'restore'],
      [5, 'rollback'],
    ]);
    expect(history.map((r) => r.text)).toEqual([history[0]?.text, history[1]?.text, history[1]?.text, history[1]?.text, history[0]?.text]);
  });
});
