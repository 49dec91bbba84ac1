// satchel/ai-sdk end to end: the SDK's generateText with its mock model calls the tools by script, no network.
import { generateText, isStepCount } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createSkillToolSet } from '../../src/ai-sdk/index.js';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { directorySource } from '../../src/node/index.js';
import { createSkillSet, defineSkill, SKILL_TOOLS, SkillLoader } from '../../src/index.js';
import { tempTrees } from '../support/temp-trees.js';
import { skillMd } from '../support/skill-md.js';

const refunds = defineSkill({
  name: 'refunds',
  description: 'Decide refunds under the store policy.',
  instructions: 'Read references/policy.md first.',
  files: { 'references/policy.md': 'Refunds up to 50 EUR are automatic.' },
});
const set = createSkillSet([refunds]);
const tree = tempTrees('satchel-ai-sdk-');
const allGrants = [...set.permissions, ...SKILL_TOOLS.filePermissions];

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const call = (id: string, toolName: string, input: unknown) => ({
  content: [{ type: 'tool-call' as const, toolCallId: id, toolName, input: JSON.stringify(input) }],
  finishReason: { unified: 'tool-calls' as const, raw: 'tool_calls' },
  usage,
  warnings: [],
});
const answer = (text: string) => ({ content: [{ type: 'text' as const, text }], finishReason: { unified: 'stop' as const, raw: 'stop' }, usage, warnings: [] });

/** A model that answers with `steps` in turn and records the prompts it saw. */
function scripted(steps: ReturnType<typeof call | typeof answer>[]): MockLanguageModelV4 {
  return new MockLanguageModelV4({ doGenerate: steps });
}

/** The tool results (or errors) a prompt fed back to the model, in order. */
function toolOutputs(prompt: Parameters<MockLanguageModelV4['doGenerate']>[0]['prompt']): unknown[] {
  return prompt.flatMap((m) => (m.role === 'tool' ? m.content.flatMap((p) => (p.type === 'tool-result' ? [p.output] : [])) : []));
}

describe('createSkillToolSet in generateText', () => {
  it('offers the read tools under provider names with JSON Schema inputs', () => {
    const tools = createSkillToolSet(set, { grants: allGrants });
    expect(Object.keys(tools)).toEqual(['skills_load', 'skills_read', 'skills_list', 'skills_grep']);
    expect(Object.keys(createSkillToolSet(set, { grants: allGrants, fileTools: false }))).toEqual(['skills_load', 'skills_read']);
    expect(tools['skills_load']?.description).toBe(set.tools[0]?.description);
  });

  it('loads a skill, reads a file and ends with the expected text', async () => {
    const model = scripted([
      call('c1', 'skills_load', { name: 'refunds' }),
      call('c2', 'skills_read', { name: 'refunds', path: 'references/policy.md' }),
      answer('Refund approved: under 50 EUR.'),
    ]);
    const result = await generateText({
      model,
      system: set.catalog(),
      tools: createSkillToolSet(set, { grants: allGrants }),
      prompt: 'Refund 30 EUR?',
      stopWhen: isStepCount(5),
    });
    expect(result.text).toBe('Refund approved: under 50 EUR.');
    expect(result.steps).toHaveLength(3);
    expect(result.steps[0]?.toolResults[0]?.output).toMatchObject({ name: 'refunds', instructions: 'Read references/policy.md first.' });
    expect(result.steps[1]?.toolResults[0]?.output).toEqual({ name: 'refunds', path: 'references/policy.md', text: 'Refunds up to 50 EUR are automatic.' });
    // The model saw the file's text in its third prompt.
    const prompt = model.doGenerateCalls[2]?.prompt ?? [];
    expect(JSON.stringify(prompt)).toContain('Refunds up to 50 EUR are automatic.');
    // The schema the model got is the tool's own.
    const offered = model.doGenerateCalls[0]?.tools?.find((t) => t.name === 'skills_load');
    expect(offered).toMatchObject({ type: 'function', inputSchema: { required: ['name'] } });
  });

  it('ends a call without its grant in PERMISSION_DENIED, never running the tool', async () => {
    const model = scripted([call('c1', 'skills_read', { name: 'refunds', path: 'references/policy.md' }), answer('Cannot read.')]);
    const result = await generateText({
      model,
      tools: createSkillToolSet(set, { grants: ['tool:skills.load', 'skills:read'] }),
      prompt: 'x',
      stopWhen: isStepCount(3),
    });
    const error = result.steps[0]?.content.find((p) => p.type === 'tool-error');
    expect(error).toMatchObject({ toolName: 'skills_read', error: { code: 'PERMISSION_DENIED' } });
    // The model got the refusal as the call's result.
    expect(JSON.stringify(toolOutputs(model.doGenerateCalls[1]?.prompt ?? []))).toContain('tool:skills.read');
    expect(result.text).toBe('Cannot read.');
  });

  it('passes a refusal of the tool (an unknown skill) back to the model', async () => {
    const model = scripted([call('c1', 'skills_load', { name: 'nope' }), answer('No such skill.')]);
    const result = await generateText({ model, tools: createSkillToolSet(set, { grants: allGrants }), prompt: 'x', stopWhen: isStepCount(3) });
    expect(result.steps[0]?.content.find((p) => p.type === 'tool-error')).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('runs over a loader, following its reloads', async () => {
    const root = await tree({ 'notes/SKILL.md': skillMd('notes', { body: 'Version one.' }) });
    const loader = new SkillLoader({ builtin: directorySource(root) });
    await loader.loadAll();
    const tools = createSkillToolSet(loader, { grants: loader.permissions, fileTools: false });
    expect(Object.keys(tools)).toEqual(['skills_load', 'skills_read', 'skills_search']);
    await writeFile(join(root, 'notes/SKILL.md'), skillMd('notes', { body: 'Version two.' }));
    await loader.loadAll();
    const model = scripted([call('c1', 'skills_load', { name: 'notes' }), answer('done')]);
    const result = await generateText({ model, tools, prompt: 'x', stopWhen: isStepCount(3) });
    expect(result.steps[0]?.toolResults[0]?.output).toMatchObject({ instructions: 'Version two.' });
    const search = scripted([call('c2', 'skills_search', { query: 'notes' }), answer('done')]);
    const found = await generateText({ model: search, tools, prompt: 'x', stopWhen: isStepCount(3) });
    expect(found.steps[0]?.toolResults[0]?.output).toMatchObject({ query: 'notes', skills: [{ name: 'notes', score: expect.any(Number) }] });
  });
});
