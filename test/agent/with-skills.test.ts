// withSkills and the grant checks.
import { describe, expect, it } from 'vitest';
import { checkGrants, createSkillSet, defineSkill, runTool, withSkills, type LoadedSkill, type SkillTool } from '../../src/index.js';
import { rejected, thrown } from '../support/errors.js';

const refunds = defineSkill({ name: 'refunds', description: 'Decide refunds under the store policy.', instructions: 'Decide.' });
const set = createSkillSet([refunds]);
const lookupOrder = { id: 'orders.lookup', description: 'Look up an order.' };

describe('withSkills', () => {
  it('appends the catalog to the instructions and adds the two tools', () => {
    const options = { id: 'support', version: '1', instructions: 'You help customers of an online store.', tools: [lookupOrder], model: 'm' };
    const agent = withSkills(set, options);
    expect(agent).not.toBe(options);
    expect(agent.instructions).toBe(`You help customers of an online store.\n\n${set.catalog()}`);
    expect(agent.tools).toEqual([lookupOrder, ...set.tools]);
    expect(agent).toMatchObject({ id: 'support', version: '1', model: 'm' });
    expect(options.tools).toEqual([lookupOrder]);
  });

  it('works without instructions or tools, and passes catalog options on', () => {
    const agent = withSkills(set, {}, { format: 'xml' });
    expect(agent.instructions).toBe(set.catalog({ format: 'xml' }));
    expect(agent.tools).toEqual(set.tools);
  });

  it('returns the options unchanged for an empty set or one with nothing the model can load', () => {
    const options = { instructions: 'Hi.', tools: [lookupOrder] };
    expect(withSkills(createSkillSet([]), options)).toBe(options);
    const hidden = defineSkill({ name: 'deploy', description: 'Deploy.', instructions: 'Go.', disableModelInvocation: true });
    expect(withSkills(createSkillSet([hidden]), options)).toBe(options);
  });

  it.each([
    ['id', { id: 'skills.load' }],
    ['name', { name: 'skills.read' }],
    ['provider name', { name: 'skills_load' }],
    ['OpenAI function name', { type: 'function', function: { name: 'skills_read' } }],
  ])('refuses an agent that already has a skill tool (by %s)', (_how, tool) => {
    const error = thrown(() => withSkills(set, { instructions: 'Hi.', tools: [lookupOrder, tool] }));
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toMatch(/skills\.(load|read)/);
  });

  it('refuses instructions over 64 KiB with the catalog, and accepts them at the limit', () => {
    const catalogBytes = new TextEncoder().encode(`\n\n${set.catalog()}`).byteLength;
    const fits = 'x'.repeat(64 * 1024 - catalogBytes);
    expect(withSkills(set, { instructions: fits }).instructions).toHaveLength(64 * 1024);
    const error = thrown(() => withSkills(set, { instructions: `${fits}x` }));
    expect(error.code).toBe('LIMIT_EXCEEDED');
    expect(error.message).toContain('maxInstructionsBytes (65536)');
  });

  it("uses the set's own maxInstructionsBytes", () => {
    const small = createSkillSet([refunds], { maxInstructionsBytes: 1000 });
    expect(thrown(() => withSkills(small, { instructions: 'x'.repeat(900) })).code).toBe('LIMIT_EXCEEDED');
  });
});

describe('grants', () => {
  const load = set.tools[0] as SkillTool<LoadedSkill>;

  it('checkGrants passes with every grant and names the first one missing', () => {
    expect(() => checkGrants(load, set.permissions)).not.toThrow();
    expect(() => checkGrants(load, new Set(['tool:skills.load', 'skills:read']))).not.toThrow();
    const error = thrown(() => checkGrants(load, ['tool:skills.load']));
    expect(error.code).toBe('PERMISSION_DENIED');
    expect(error.message).toBe('Tool skills.load needs the grant `skills:read`, which this runtime does not allow.');
  });

  it('runTool runs with the grants and rejects without running otherwise', async () => {
    expect((await runTool(load, { name: 'refunds' }, { grants: ['model:x', ...set.permissions] })).name).toBe('refunds');
    let ran = false;
    const spy = { ...load, run: async () => ((ran = true), undefined) };
    const error = await rejected(runTool(spy, { name: 'refunds' }, { grants: [] }));
    expect(error.code).toBe('PERMISSION_DENIED');
    expect(error.message).toContain('`tool:skills.load`');
    expect(ran).toBe(false);
  });
});
