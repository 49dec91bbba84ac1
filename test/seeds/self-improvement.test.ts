// The md-first seed's "Self-Improvement" section and the structured-format seed's set_skill tool family, quote by quote.
import { describe, expect, it } from 'vitest';
import { findTool, runTool, SkillLoader, surfaceNamespace, type SkillTool } from '../../src/index.js';
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
    expect((await rejected(store.put(ROOT, skillMd('note-taking'), { actor: 'agent' }))).diagnostics[0]?.code).toBe('resource-write-ignored');
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
});
