// satchel/ai-sdk in a real browser (Chromium via vitest browser mode): the SDK's generateText with its mock model,
// over a skill set, with no Node API.
import { generateText, isStepCount } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createSkillToolSet } from '../../src/ai-sdk/index.js';
import { createSkillSet, defineSkill } from '../../src/index.js';

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };

describe('createSkillToolSet in the browser', () => {
  it('loads a skill and reads a file in a generateText loop', async () => {
    const refunds = defineSkill({
      name: 'refunds',
      description: 'Decide refunds under the store policy.',
      instructions: 'Read references/policy.md.',
      files: { 'references/policy.md': 'Refunds up to 50 EUR — café receipts too.' },
    });
    const set = createSkillSet([refunds]);
    const model = new MockLanguageModelV4({
      doGenerate: [
        {
          content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'skills_load', input: '{"name":"refunds"}' }],
          finishReason: { unified: 'tool-calls', raw: undefined },
          usage,
          warnings: [],
        },
        {
          content: [{ type: 'tool-call', toolCallId: 'c2', toolName: 'skills_read', input: '{"name":"refunds","path":"references/policy.md"}' }],
          finishReason: { unified: 'tool-calls', raw: undefined },
          usage,
          warnings: [],
        },
        { content: [{ type: 'text', text: 'Approved.' }], finishReason: { unified: 'stop', raw: undefined }, usage, warnings: [] },
      ],
    });
    const result = await generateText({
      model,
      tools: createSkillToolSet(set, { grants: set.permissions, fileTools: false }),
      prompt: 'Refund?',
      stopWhen: isStepCount(5),
    });
    expect(result.text).toBe('Approved.');
    expect(result.steps[1]?.toolResults[0]?.output).toEqual({
      name: 'refunds',
      path: 'references/policy.md',
      text: 'Refunds up to 50 EUR — café receipts too.',
    });
  });
});
