// defineSkill: skills in code, built through the SKILL.md parser.
import { describe, expect, it } from 'vitest';
import { defineSkill, parseSkill, serializeSkill } from '../../src/index.js';
import { sha256Digest } from '../../src/shared/hash.js';
import { thrown } from '../support/errors.js';

const refunds = {
  name: 'refunds',
  description: 'Decide refunds under the store policy.',
  instructions: 'Read references/policy.md, then decide.',
  files: { 'references/policy.md': 'Refunds up to 50 EUR are automatic.' },
};

describe('defineSkill', () => {
  it('gives the same skill and digest as the equivalent SKILL.md', () => {
    const skill = defineSkill(refunds);
    const fromFile = parseSkill(`---\nname: refunds\ndescription: Decide refunds under the store policy.\n---\n\nRead references/policy.md, then decide.\n`, {
      source: 'builtin',
      files: [{ path: 'references/policy.md', content: 'Refunds up to 50 EUR are automatic.' }],
    }).skill;
    expect(skill.digest).toBe(fromFile?.digest);
    expect(skill).toMatchObject({ name: 'refunds', source: 'builtin', content: 'Read references/policy.md, then decide.', activation: 'auto' });
    expect(skill.files).toEqual([{ path: 'references/policy.md', size: 35, isText: true, digest: sha256Digest('Refunds up to 50 EUR are automatic.') }]);
    expect(skill.path).toBeUndefined();
  });

  it('keeps whitespace-led metadata exactly (one SKILL.md writer, no block scalars)', () => {
    const skill = defineSkill({ name: 'ws', description: 'Whitespace metadata.', instructions: 'Do it.', metadata: { note: ' \n\n', tail: 'x  ' } });
    expect(skill.metadata).toEqual({ note: ' \n\n', tail: 'x  ' });
    expect(parseSkill(serializeSkill(skill), { folder: 'ws', source: 'builtin' }).skill?.digest).toBe(skill.digest);
  });

  it('reads other front matter fields, kebab-case or camelCase', () => {
    const skill = defineSkill({
      ...refunds,
      license: 'MIT',
      'allowed-tools': 'Read Grep',
      disableModelInvocation: true,
      intents: ['refund_request'],
      metadata: { owner: 'support' },
      'x-custom': 1,
    });
    expect(skill).toMatchObject({
      license: 'MIT',
      allowedTools: ['Read', 'Grep'],
      disableModelInvocation: true,
      intents: ['refund_request'],
      activation: 'intent-matched',
      metadata: { owner: 'support' },
      extensions: { 'x-custom': 1 },
    });
    expect(skill.diagnostics.map((d) => d.code)).toEqual(['unknown-field']);
  });

  it('lists binary files with their size and never as text', () => {
    const skill = defineSkill({ ...refunds, files: { 'assets/logo.png': new Uint8Array([0x89, 0x50, 0, 1]), 'a.txt': new TextEncoder().encode('hé') } });
    expect(skill.files.map((f) => [f.path, f.size, f.isText])).toEqual([
      ['a.txt', 3, true],
      ['assets/logo.png', 4, false],
    ]);
  });

  it('composes a structured body from sections/', () => {
    const skill = defineSkill({
      name: 'planner',
      description: 'Plan work in steps.',
      instructions: '',
      metadata: { 'body-format': 'structured' },
      files: { 'sections/purpose.md': '# Purpose\nPlan.', 'sections/workflow.md': '# Workflow\n1. Think.' },
    });
    expect(skill.bodyFormat).toBe('structured');
    expect(skill.content).toBe('# planner\n\n## Purpose\nPlan.\n\n## Workflow\n1. Think.');
  });

  it('keeps warnings on the skill and does not throw for them', () => {
    const skill = defineSkill({ ...refunds, name: 'Refunds' });
    expect(skill.diagnostics.map((d) => [d.code, d.severity])).toEqual([['name-format', 'warning']]);
  });

  it.each([
    ['a missing description', { name: 'x', description: '', instructions: 'Do.' }, 'description-missing'],
    ['an unsafe file path', { ...refunds, files: { '../escape.md': 'x' } }, 'unsafe-path'],
    ['an absolute file path', { ...refunds, files: { '/etc/passwd': 'x' } }, 'unsafe-path'],
  ])('throws INVALID_SKILL with diagnostics for %s', (_what, definition, code) => {
    const error = thrown(() => defineSkill(definition));
    expect(error.code).toBe('INVALID_SKILL');
    expect(error.diagnostics.map((d) => d.code)).toContain(code);
    expect(error.message).toContain(code);
  });

  it.each([
    ['SKILL.md among the files', { ...refunds, files: { 'SKILL.md': 'x' } }, /cannot be one of its files/],
    ['a file that is neither text nor bytes', { ...refunds, files: { 'a.md': 42 as unknown as string } }, /must be text or bytes/],
    ['instructions that are not text', { ...refunds, instructions: undefined as unknown as string }, /instructions/],
  ])('throws INVALID_SKILL for %s', (_what, definition, message) => {
    const error = thrown(() => defineSkill(definition));
    expect(error.code).toBe('INVALID_SKILL');
    expect(error.message).toMatch(message);
  });
});
