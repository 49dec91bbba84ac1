// End to end: a scripted model picks a catalog skill, loads it, then reads one of its files, through the tools and grants.
import { describe, expect, it } from 'vitest';
import {
  createSkillSet,
  defineSkill,
  findTool,
  isSkillError,
  memorySource,
  runTool,
  SkillLoader,
  toAnthropicTool,
  withSkills,
  type AnthropicTool,
  type SkillProvider,
  type SkillTool,
} from '../../src/index.js';
import { rejected } from '../support/errors.js';

type Message = { role: 'user' | 'assistant' | 'tool'; content: string; call?: ToolCall };
type ToolCall = { name: string; input: Record<string, unknown> };
type Step = { call: ToolCall } | { answer: string };

/**
 * A fake model: it reads the catalog from the system prompt, loads the skill whose description
 * shares the most words with the request, reads the first text file the skill lists, and answers with it.
 */
function scriptedModel(system: string, tools: readonly AnthropicTool[], messages: readonly Message[]): Step {
  const names = new Set(tools.map((t) => t.name));
  if (!names.has('skills_load') || !names.has('skills_read')) return { answer: 'I have no skills.' };
  const last = messages.at(-1);
  if (last?.role === 'user') {
    const words = new Set(last.content.toLowerCase().match(/[a-z]+/g));
    const entries = [...system.matchAll(/^- ([a-z0-9-]+): (.*)$/gm)].map((m) => ({
      name: m[1] as string,
      score: (m[2]?.toLowerCase().match(/[a-z]+/g) ?? []).filter((w) => words.has(w)).length,
    }));
    const best = entries.sort((a, b) => b.score - a.score)[0];
    if (!best) return { answer: 'No skill fits.' };
    return { call: { name: 'skills_load', input: { name: best.name } } };
  }
  if (last?.role === 'tool' && last.call?.name === 'skills_load') {
    const loaded = JSON.parse(last.content) as { name: string; files: { path: string; isText: boolean }[] };
    const file = loaded.files.find((f) => f.isText);
    if (file) return { call: { name: 'skills_read', input: { name: loaded.name, path: file.path } } };
  }
  if (last?.role === 'tool' && last.call?.name === 'skills_read') return { answer: `Per the policy: ${(JSON.parse(last.content) as { text: string }).text}` };
  return { answer: 'Done.' };
}

/** A minimal agent runtime: tool calls run through the grant check; a missing grant ends the run. */
async function runAgent(skills: SkillProvider, request: string, grants: readonly string[]): Promise<{ answer: string; calls: string[] }> {
  const agent = withSkills(skills, { instructions: 'You help customers of an online store.', tools: [] as SkillTool[] });
  const definitions = agent.tools.map(toAnthropicTool);
  const messages: Message[] = [{ role: 'user', content: request }];
  const calls: string[] = [];
  for (let step = 0; step < 8; step++) {
    const next = scriptedModel(agent.instructions, definitions, messages);
    if ('answer' in next) return { answer: next.answer, calls };
    const tool = findTool(agent.tools, next.call.name);
    if (!tool) throw new Error(`unknown tool ${next.call.name}`);
    calls.push(`${tool.id} ${JSON.stringify(next.call.input)}`);
    messages.push({ role: 'assistant', content: '', call: next.call });
    try {
      messages.push({ role: 'tool', content: JSON.stringify(await runTool(tool, next.call.input, { grants })), call: next.call });
    } catch (e) {
      if (isSkillError(e) && e.code === 'PERMISSION_DENIED') throw e;
      messages.push({ role: 'tool', content: JSON.stringify({ error: isSkillError(e) ? e.code : String(e) }), call: next.call });
    }
  }
  throw new Error('the agent did not finish');
}

const refunds = {
  name: 'refunds',
  description: 'Decide refunds under the store policy. Use when a customer asks for their money back.',
  instructions: '# Refunds\n\n1. Read references/policy.md.\n2. Decide.',
  files: { 'references/policy.md': 'Refunds up to 50 EUR are automatic.', 'assets/stamp.png': new Uint8Array([0, 1, 2]) },
};
const shipping = { name: 'shipping', description: 'Track parcels. Use when a delivery is late.', instructions: 'Check the carrier.' };
const request = 'I want my money back for order 1042';

const makers: Record<string, () => Promise<SkillProvider>> = {
  'a skill set': async () => createSkillSet([defineSkill(shipping), defineSkill(refunds)]),
  'a loader': async () => {
    const loader = new SkillLoader({
      builtin: memorySource({
        'refunds/SKILL.md': `---\nname: refunds\ndescription: ${refunds.description}\n---\n${refunds.instructions}\n`,
        'refunds/references/policy.md': refunds.files['references/policy.md'],
        'refunds/assets/stamp.png': refunds.files['assets/stamp.png'],
        'shipping/SKILL.md': `---\nname: shipping\ndescription: ${shipping.description}\n---\n${shipping.instructions}\n`,
      }),
    });
    await loader.loadAll();
    return loader;
  },
};

describe.each(Object.keys(makers))('a scripted agent loop over %s', (label) => {
  const make = makers[label] as () => Promise<SkillProvider>;

  it('picks the skill from the catalog, loads it and reads its file, with the grants', async () => {
    const { answer, calls } = await runAgent(await make(), request, ['model:fake', 'tool:skills.load', 'tool:skills.read', 'skills:read']);
    expect(calls).toEqual(['skills.load {"name":"refunds"}', 'skills.read {"name":"refunds","path":"references/policy.md"}']);
    expect(answer).toBe('Per the policy: Refunds up to 50 EUR are automatic.');
  });

  it('ends with PERMISSION_DENIED at the first load without the grants', async () => {
    const error = await rejected(runAgent(await make(), request, ['model:fake']));
    expect(error.code).toBe('PERMISSION_DENIED');
    expect(error.message).toContain('skills.load');
  });

  it('ends with PERMISSION_DENIED at the read when only skills.load is granted', async () => {
    const error = await rejected(runAgent(await make(), request, ['tool:skills.load', 'skills:read']));
    expect(error.code).toBe('PERMISSION_DENIED');
    expect(error.message).toContain('`tool:skills.read`');
  });
});
