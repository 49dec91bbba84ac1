// The adapters' outputs typed as the published SDKs type their tools, with no casts: tsc (run by `npm test`)
// fails when a shape drifts; the runtime checks keep vitest honest about the values.
import type Anthropic from '@anthropic-ai/sdk';
import type { FunctionDeclaration, Tool as GeminiTool } from '@google/genai';
import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { createSkillSet, defineSkill, toAnthropicTool, toGeminiFunctionDeclaration, toOpenAIResponsesTool, toOpenAITool } from '../../src/index.js';
import { objectSchemaOf } from '../../src/agent/adapters.js';
import { thrown } from '../support/errors.js';

const refunds = defineSkill({
  name: 'refunds',
  description: 'Decide refunds under the store policy.',
  instructions: 'Read references/policy.md first.',
  files: { 'references/policy.md': 'Refunds up to 50 EUR are automatic.' },
});
const set = createSkillSet([refunds]);
const tools = [...set.tools, ...set.fileTools];

describe('adapter outputs typed by the official SDKs', () => {
  it('fit OpenAI Chat Completions and Responses tools', () => {
    const chat: OpenAI.Chat.Completions.ChatCompletionTool[] = tools.map(toOpenAITool);
    const responses: OpenAI.Responses.Tool[] = tools.map(toOpenAIResponsesTool);
    const fn: OpenAI.Responses.FunctionTool = toOpenAIResponsesTool(set.tools[0]!);
    expect(chat.map((t) => t.type)).toEqual(['function', 'function', 'function', 'function']);
    expect(responses).toHaveLength(4);
    expect(fn.name).toBe('skills_load');
  });

  it('fit Anthropic Messages tools, with an object input schema', () => {
    const anthropic: Anthropic.Messages.Tool[] = tools.map(toAnthropicTool);
    const union: Anthropic.Messages.ToolUnion = toAnthropicTool(set.tools[1]!);
    expect(anthropic.map((t) => t.input_schema.type)).toEqual(['object', 'object', 'object', 'object']);
    expect(union.name).toBe('skills_read');
    expect(anthropic[0]?.input_schema.required).toEqual(['name']);
  });

  it('fit Gemini function declarations', () => {
    const declarations: FunctionDeclaration[] = tools.map(toGeminiFunctionDeclaration);
    const gemini: GeminiTool = { functionDeclarations: declarations };
    expect(gemini.functionDeclarations?.map((d) => d.name)).toEqual(['skills_load', 'skills_read', 'skills_list', 'skills_grep']);
    expect(declarations[0]?.parametersJsonSchema).toBe(set.tools[0]?.inputSchema);
  });

  it('copy the required list, and refuse a schema that is not an object', () => {
    const schema = objectSchemaOf(set.tools[0]!);
    expect(schema.required).not.toBe(set.tools[0]?.inputSchema['required']);
    const err = thrown(() => objectSchemaOf({ id: 'x', description: 'x', inputSchema: { type: 'string' } }));
    expect(err.code).toBe('INVALID_INPUT');
  });
});
