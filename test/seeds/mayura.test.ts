// The Mayura seed (shared/seeds/skills-mayura.md): its code samples, with `mayura/skills` read as `satchel/node`.
// Only Mayura's agent framework (defineAgent, createRuntime, the model, the order tool) is stubbed.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createSkillSet, defineSkill, loadSkills, parseSkillFile, runTool, withSkills, type LoadedSkill, type ReadFileResult } from '../../src/node/index.js';
import { rejected, thrown } from '../support/errors.js';
import { workingTree } from '../support/working-tree.js';

// --- Outside Satchel: Mayura's framework, as plain stand-ins.
const defineAgent = <T>(options: T): T => options;
const createRuntime = <T extends { permissions: { allow: readonly string[] } }>(options: T): T => options;
const model = { id: 'openai.responses' };
const lookupOrder = { id: 'orders.lookup', description: 'Look up an order by its number.', run: async () => ({ status: 'shipped' }) };
const input = { type: 'string' };
const output = { type: 'string' };

// "Writing a skill", verbatim.
const REFUND_POLICY_MD = `---
name: refund-policy
description: Decide refunds under the store policy. Use when a customer asks for their money back.
---
# Refund policy

1. Read references/policy.md.
2. Refunds up to 50 EUR are automatic; above that, ask a person to approve.
`;

workingTree('satchel-seed-mayura-', {
  'skills/refund-policy/SKILL.md': REFUND_POLICY_MD,
  'skills/refund-policy/references/policy.md': 'Refunds up to 50 EUR are automatic.',
  'skills/node_modules/x/SKILL.md': 'not a skill',
  'skills/notes/readme.md': 'A folder without SKILL.md is skipped.',
});

describe('Mayura seed', () => {
  it('the quick start: loadSkills, withSkills, the grants', async () => {
    const skills = await loadSkills('./skills');

    const agent = defineAgent(
      withSkills(skills, {
        id: 'support',
        version: '1',
        instructions: 'You help customers of an online store.',
        model,
        tools: [lookupOrder],
        input,
        output,
      }),
    );

    const runtime = createRuntime({
      profile: 'ephemeral',
      permissions: { allow: ['model:openai.responses', 'tool:orders.lookup', ...skills.permissions] },
      limits: { maxCostMicros: 100_000 },
    });

    expect(skills.skills.map((s) => s.name)).toEqual(['refund-policy']);
    expect(agent.instructions).toMatch(/^You help customers of an online store\.\n\n/);
    expect(agent.instructions).toContain('refund-policy');
    expect(agent.instructions).toContain('Decide refunds under the store policy.');
    expect(agent.tools.map((t) => (t as { id: string }).id)).toEqual(['orders.lookup', 'skills.load', 'skills.read']);
    expect(runtime.permissions.allow).toEqual(['model:openai.responses', 'tool:orders.lookup', 'tool:skills.load', 'tool:skills.read', 'skills:read']);

    // What the agent gets: skills.load, then skills.read by a listed path, granted by the runtime.
    const [load, read] = skills.tools;
    const grants = { grants: runtime.permissions.allow };
    const loaded = (await runTool(load!, { name: 'refund-policy' }, grants)) as LoadedSkill;
    expect(loaded).toMatchObject({ name: 'refund-policy', files: [{ path: 'references/policy.md', size: 35, isText: true }] });
    expect(loaded.instructions).toContain('ask a person to approve');
    expect(((await runTool(read!, { name: 'refund-policy', path: 'references/policy.md' }, grants)) as ReadFileResult).text).toBe(
      'Refunds up to 50 EUR are automatic.',
    );
    expect(load).toMatchObject({ effects: 'none', cost: 0, version: skills.digest });
    // "Without those grants, the agent's first attempt to load a skill ends the run with PERMISSION_DENIED."
    expect((await rejected(runTool(load!, { name: 'refund-policy' }, { grants: ['tool:orders.lookup'] }))).code).toBe('PERMISSION_DENIED');
  });

  it('skills defined in code, combined with loaded ones', async () => {
    const refunds = defineSkill({
      name: 'refunds',
      description: 'Decide refunds under the store policy.',
      instructions: 'Read references/policy.md, then decide.',
      files: { 'references/policy.md': 'Refunds up to 50 EUR are automatic.' },
    });
    const skills = createSkillSet([refunds]);

    const a = await loadSkills('./skills');
    const b = skills;
    const both = createSkillSet([...a.skills, ...b.skills]);
    expect(both.skills.map((s) => s.name)).toEqual(['refund-policy', 'refunds']);
    expect(both.get('refunds')?.content).toBe('Read references/policy.md, then decide.');
    expect(both.readFile('refunds', 'references/policy.md')).toBe('Refunds up to 50 EUR are automatic.');
    expect(both.catalog()).toContain('refunds');
    // "Skill names must be unique within a set."
    expect(thrown(() => createSkillSet([...a.skills, ...a.skills])).code).toBe('CONFLICT');
  });

  it('parseSkillFile(text) checks a file with the same parser', async () => {
    const skill = parseSkillFile(await readFile('skills/refund-policy/SKILL.md', 'utf8'));
    expect(skill).toMatchObject({
      name: 'refund-policy',
      description: 'Decide refunds under the store policy. Use when a customer asks for their money back.',
    });
    expect(skill.content).toMatch(/^# Refund policy\n\n1\. Read references\/policy\.md\./);
    expect(thrown(() => parseSkillFile('---\nname: refund-policy\n---\nNo description.\n')).code).toBe('INVALID_SKILL');
  });

  it('limits go second to loadSkills and createSkillSet, and refuse', async () => {
    expect((await rejected(loadSkills('./skills', { maxSkills: 0 }))).code).toBe('LIMIT_EXCEEDED');
    const refunds = defineSkill({ name: 'refunds', description: 'Decide refunds.', instructions: 'Decide.' });
    expect(thrown(() => createSkillSet([refunds], { maxCatalogBytes: 10 })).code).toBe('LIMIT_EXCEEDED');
  });
});
