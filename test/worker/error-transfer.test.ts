// The SkillError transfer handler: what a thrown SkillError becomes on the wire and back.
import { transferHandlers } from 'comlink';
import { describe, expect, it } from 'vitest';
import { SkillError } from '../../src/index.js';
import { fromWire, registerSkillErrorTransfer, toWire } from '../../src/worker/error-transfer.js';

describe('the SkillError transfer handler', () => {
  it('round-trips code, message, diagnostics, path, stack and a SkillError cause through structured clone', () => {
    const inner = new SkillError('SOURCE_FAILED', 'The disk is gone.');
    const diagnostic = { code: 'invalid-yaml', severity: 'error', message: 'Bad YAML.', path: 'a/SKILL.md', line: 2, column: 3 } as const;
    const error = new SkillError('INVALID_SKILL', 'Not a skill.', { diagnostics: [diagnostic], path: 'a/SKILL.md', cause: inner });
    const back = fromWire(structuredClone(toWire(error)));
    expect(back).toBeInstanceOf(SkillError);
    expect(back).toMatchObject({ code: 'INVALID_SKILL', message: 'Not a skill.', diagnostics: [diagnostic], path: 'a/SKILL.md', stack: error.stack });
    expect(back.cause).toBeInstanceOf(SkillError);
    expect(back.cause).toMatchObject({ code: 'SOURCE_FAILED', message: 'The disk is gone.' });
  });

  it('sends the text of a cause that cannot be cloned', () => {
    const error = new SkillError('SOURCE_FAILED', 'Failed.', { cause: { retry: () => 1 } });
    expect(structuredClone(toWire(error)).cause).toBe('[object Object]');
    const withFunction = Object.assign(new Error('with a hook'), { hook: () => 1 });
    expect(fromWire(structuredClone(toWire(new SkillError('SOURCE_FAILED', 'Failed.', { cause: withFunction })))).cause).toMatchObject({
      message: 'with a hook',
    });
  });

  it('wraps Comlink’s own handler once, however often it is registered', () => {
    registerSkillErrorTransfer();
    const handler = transferHandlers.get('throw');
    registerSkillErrorTransfer();
    expect(transferHandlers.get('throw')).toBe(handler);
    const [wire] = handler!.serialize({ value: new TypeError('plain') });
    expect(() => handler!.deserialize(wire)).toThrow(expect.objectContaining({ name: 'TypeError', message: 'plain' }));
  });
});
