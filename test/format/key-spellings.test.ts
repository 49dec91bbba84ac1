// A key written in both spellings (kebab and camel) with different values is an error, whatever the key order;
// with equal values it reads as one key.
import { describe, expect, it } from 'vitest';
import { parseSkill, type Diagnostic } from '../../src/index.js';
import { skillMd } from '../support/skill-md.js';

const where = (d: Diagnostic) => [d.code, d.line, d.column];

/** Every top-level key with two spellings, and two different values it can take. */
const PAIRS: readonly [kebab: string, camel: string, a: string, b: string][] = [
  ['allowed-tools', 'allowedTools', 'Read', 'Bash(rm:*)'],
  ['disallowed-tools', 'disallowedTools', 'Read', 'Grep'],
  ['tool-mode', 'toolMode', 'inherit', 'none'],
  ['disable-model-invocation', 'disableModelInvocation', 'true', 'false'],
  ['user-invocable', 'userInvocable', 'true', 'false'],
  ['argument-hint', 'argumentHint', '"[file]"', '"[dir]"'],
];

describe('two spellings of one key', () => {
  for (const [kebab, camel, a, b] of PAIRS) {
    it(`${kebab} and ${camel} with different values is an error at the second key, in either order`, () => {
      for (const profile of ['runtime', 'spec'] as const) {
        for (const [first, second] of [
          [kebab, camel],
          [camel, kebab],
        ]) {
          const r = parseSkill(skillMd('a', { front: `${first}: ${a}\n${second}: ${b}\n` }), { folder: 'a', profile });
          expect(r.skill).toBeUndefined();
          const conflicts = r.errors.filter((d) => d.code === 'key-spelling-conflict');
          expect(conflicts.map(where)).toEqual([['key-spelling-conflict', 5, 1]]);
          expect(conflicts[0]?.message).toContain(`\`${first}\` and \`${second}\``);
        }
      }
    });
    it(`${kebab} and ${camel} with the same value read as one key`, () => {
      const r = parseSkill(skillMd('a', { front: `${camel}: ${a}\n${kebab}: ${a}\n` }), { folder: 'a' });
      expect(r.errors).toEqual([]);
      const once = parseSkill(skillMd('a', { front: `${kebab}: ${a}\n` }), { folder: 'a' }).skill;
      expect(r.skill?.digest).toBe(once?.digest);
    });
  }
  it('execution.maxSteps / max-steps and canDelegate / can-delegate', () => {
    for (const [x, y] of [
      ['maxSteps: 1', 'max-steps: 2'],
      ['can-delegate: true', 'canDelegate: false'],
    ]) {
      const r = parseSkill(skillMd('a', { front: `execution:\n  ${x}\n  ${y}\n` }), { folder: 'a' });
      expect(r.errors.map(where)).toEqual([['key-spelling-conflict', 6, 3]]);
      expect(r.errors[0]?.message).toContain('`execution` has both');
    }
    const same = parseSkill(skillMd('a', { front: 'execution:\n  maxSteps: 3\n  max-steps: 3\n' }), { folder: 'a' });
    expect(same.skill?.execution).toEqual({ maxSteps: 3 });
  });
  it('compares lists and maps by contents', () => {
    const r = parseSkill(skillMd('a', { front: 'allowed-tools: [Read, Grep]\nallowedTools: [Read, Grep]\n' }), { folder: 'a' });
    expect(r.skill?.allowedTools).toEqual(['Read', 'Grep']);
    const d = parseSkill(skillMd('a', { front: 'allowed-tools: [Read, Grep]\nallowedTools: [Grep, Read]\n' }), { folder: 'a' });
    expect(d.errors.map((e) => e.code)).toEqual(['key-spelling-conflict']);
  });
});
