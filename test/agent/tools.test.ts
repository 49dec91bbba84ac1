// skills.load and skills.read: shape, schema, results, refusals; the provider adapters.
import { describe, expect, it } from 'vitest';
import {
  createSkillSet,
  defineSkill,
  findTool,
  toAnthropicTool,
  toOpenAIResponsesTool,
  toOpenAITool,
  type LoadedSkill,
  type ReadFileResult,
  type SkillTool,
} from '../../src/index.js';
import { rejected } from '../support/errors.js';

const refunds = defineSkill({
  name: 'refunds',
  description: 'Decide refunds under the store policy.',
  instructions: 'Refund order $0 for reason: $ARGUMENTS[1]. Read references/policy.md first.',
  files: { 'references/policy.md': 'Refunds up to 50 EUR are automatic.', 'assets/logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0]) },
});
const pdf = defineSkill({ name: 'pdf', description: 'Fill PDF forms.', instructions: 'Fill the form.' });
const deploy = defineSkill({
  name: 'deploy',
  description: 'Deploy the store.',
  instructions: 'Read checklist.md.',
  files: { 'checklist.md': 'Check twice.' },
  'disable-model-invocation': true,
});
const set = createSkillSet([refunds, pdf, deploy]);
const load = set.tools[0] as SkillTool<LoadedSkill>;
const read = set.tools[1] as SkillTool<ReadFileResult>;

describe('tool objects', () => {
  it('are read-only, free, versioned by the set digest, with their grants', () => {
    expect(load).toMatchObject({ id: 'skills.load', effects: 'none', cost: 0, version: set.digest, grants: ['tool:skills.load', 'skills:read'] });
    expect(read).toMatchObject({ id: 'skills.read', effects: 'none', cost: 0, version: set.digest, grants: ['tool:skills.read', 'skills:read'] });
    expect(Object.isFrozen(load)).toBe(true);
  });

  it('constrain skills.load names to the loadable skills; skills.read serves every skill', () => {
    expect(load.inputSchema).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string', enum: ['refunds', 'pdf'], description: expect.any(String) },
        arguments: { type: 'string', description: expect.any(String) },
      },
      required: ['name'],
      additionalProperties: false,
    });
    expect(read.inputSchema).toMatchObject({
      properties: { name: { enum: ['refunds', 'pdf', 'deploy'] }, path: { type: 'string' } },
      required: ['name', 'path'],
    });
  });

  it('do not exist for a set with no skill visible to the model', () => {
    expect(createSkillSet([]).tools).toEqual([]);
    expect(createSkillSet([deploy]).tools).toEqual([]);
  });
});

describe('skills.load', () => {
  it('returns name, description, full instructions, the file inventory with content types, the canonical path and no bundle', async () => {
    expect(await load.run({ name: 'refunds' })).toEqual({
      name: 'refunds',
      description: 'Decide refunds under the store policy.',
      instructions: 'Refund order $0 for reason: $ARGUMENTS[1]. Read references/policy.md first.',
      files: [
        { path: 'assets/logo.png', size: 5, isText: false, contentType: 'image/png' },
        { path: 'references/policy.md', size: 35, isText: true, contentType: 'text/markdown' },
      ],
      path: '/skills/refunds/SKILL.md',
      bundle: null,
    });
  });

  it('substitutes arguments', async () => {
    const loaded = await load.run({ name: 'refunds', arguments: '1042 "arrived broken"' });
    expect(loaded.instructions).toBe('Refund order 1042 for reason: arrived broken. Read references/policy.md first.');
    expect((await load.run({ name: 'pdf', arguments: 'form.pdf' })).instructions).toBe('Fill the form.\n\nARGUMENTS: form.pdf');
  });

  it.each([
    ['an unknown skill', { name: 'nope' }, 'NOT_FOUND', /no skill named "nope".*refunds, pdf/],
    ['a skill hidden from the model', { name: 'deploy' }, 'NOT_FOUND', /no skill named "deploy"/],
    ['a missing name', {}, 'INVALID_INPUT', /`name`/],
    ['a name that is not text', { name: 3 }, 'INVALID_INPUT', /`name`/],
    ['arguments that are not text', { name: 'pdf', arguments: ['a'] }, 'INVALID_INPUT', /`arguments`/],
    ['an input that is not an object', 'refunds', 'INVALID_INPUT', /object/],
  ])('refuses %s', async (_what, input, code, message) => {
    const error = await rejected(load.run(input));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });
});

describe('skills.read', () => {
  it('returns the text of a listed text file', async () => {
    expect(await read.run({ name: 'refunds', path: 'references/policy.md' })).toEqual({
      name: 'refunds',
      path: 'references/policy.md',
      text: 'Refunds up to 50 EUR are automatic.',
    });
  });

  it('reads the files of a skill hidden from the model (a user may have called it by name)', async () => {
    expect((await read.run({ name: 'deploy', path: 'checklist.md' })).text).toBe('Check twice.');
  });

  it.each([
    ['an unknown skill', { name: 'nope', path: 'a.md' }, 'NOT_FOUND', /no skill named "nope"/],
    ['an unlisted path', { name: 'refunds', path: 'references/other.md' }, 'NOT_FOUND', /no file `references\/other.md`.*references\/policy.md/],
    ['SKILL.md', { name: 'refunds', path: 'SKILL.md' }, 'NOT_FOUND', /instructions come from loading/],
    ['a path with ..', { name: 'refunds', path: 'references/../../etc/passwd' }, 'UNSAFE_PATH', /climbs out/],
    ['an absolute path', { name: 'refunds', path: '/etc/passwd' }, 'UNSAFE_PATH', /absolute/],
    ['a Windows absolute path', { name: 'refunds', path: 'C:/x' }, 'UNSAFE_PATH', /absolute/],
    ['a backslash path', { name: 'refunds', path: 'references\\policy.md' }, 'UNSAFE_PATH', /backslash/],
    ['a binary file', { name: 'refunds', path: 'assets/logo.png' }, 'INVALID_INPUT', /binary/],
    ['a missing path', { name: 'refunds' }, 'INVALID_INPUT', /`path`/],
  ])('refuses %s', async (_what, input, code, message) => {
    const error = await rejected(read.run(input));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });
});

describe('adapters', () => {
  it('give OpenAI Chat Completions, OpenAI Responses and Anthropic shapes from the same objects', () => {
    expect(toOpenAITool(load)).toEqual({ type: 'function', function: { name: 'skills_load', description: load.description, parameters: load.inputSchema } });
    expect(toOpenAIResponsesTool(read)).toEqual({
      type: 'function',
      name: 'skills_read',
      description: read.description,
      parameters: read.inputSchema,
      strict: false,
    });
    expect(toAnthropicTool(load)).toEqual({ name: 'skills_load', description: load.description, input_schema: load.inputSchema });
    expect(toAnthropicTool(load).input_schema).not.toBe(load.inputSchema);
    for (const t of set.tools) expect(toAnthropicTool(t).name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });

  it('map a call back to its tool by id or provider name', () => {
    expect(findTool(set.tools, 'skills_load')).toBe(load);
    expect(findTool(set.tools, 'skills.read')).toBe(read);
    expect(findTool(set.tools, 'other')).toBeUndefined();
  });
});
