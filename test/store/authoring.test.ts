// The write tools' authoring rules on their own: sanitised names, lengths by code point, resource paths.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkLength, checkResourcePath, sanitiseName } from '../../src/store/evolution/authoring.js';
import { thrown } from '../support/errors.js';

const SPEC_FORM = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

describe('authoring rules', () => {
  it('sanitises any name to the spec form (or nothing), idempotently, leaving spec-form names alone', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (name) => {
        const out = sanitiseName(name);
        expect(out === '' || SPEC_FORM.test(out)).toBe(true);
        expect(sanitiseName(out)).toBe(out);
      }),
    );
    fc.assert(fc.property(fc.stringMatching(SPEC_FORM), (name) => sanitiseName(name) === name));
    expect(sanitiseName('  My__Skill (v2)! ')).toBe('my-skill-v2');
  });

  it('counts code points, not UTF-16 units, and says by how much a length misses', () => {
    expect(() => checkLength('name', 'The name', '😀😀😀😀😀')).not.toThrow();
    expect(thrown(() => checkLength('description', 'The description', '😀'.repeat(24))).message).toMatch(/24 characters; the rule is 25–500, so it is 1 short/);
  });

  it('keeps resources under references/, assets/ and the seven sections/', () => {
    expect(checkResourcePath('references/deep/guide.md')).toBe('references/deep/guide.md');
    expect(checkResourcePath('sections/decision-criteria.md')).toBe('sections/decision-criteria.md');
    expect(thrown(() => checkResourcePath('SKILL.md')).code).toBe('INVALID_INPUT');
    expect(thrown(() => checkResourcePath('/etc/passwd')).code).toBe('UNSAFE_PATH');
    expect(thrown(() => checkResourcePath(7)).code).toBe('INVALID_INPUT');
  });
});
