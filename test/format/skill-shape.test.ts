// One Skill shape check for every place a skill may arrive untyped: skill sets, memory sources, pre-parsed bundles.
import { describe, expect, it } from 'vitest';
import { parseSkill } from '../../src/format/parse.js';
import { isSkill } from '../../src/format/types.js';
import { skillMd } from '../support/skill-md.js';

const parsed = parseSkill(skillMd('shape'), { folder: 'shape' }).skill;

describe('isSkill', () => {
  it('accepts a parsed skill and a copy of it (as JSON gives it back)', () => {
    expect(isSkill(parsed)).toBe(true);
    expect(isSkill(JSON.parse(JSON.stringify(parsed)))).toBe(true);
  });

  it.each([
    ['null', null],
    ['a string', 'shape'],
    ['an empty name', { ...parsed, name: '' }],
    ['no digest', { ...parsed, digest: undefined }],
    ['files that are no list', { ...parsed, files: {} }],
    ['no diagnostics', { ...parsed, diagnostics: undefined }],
    ['a body that is no string', { ...parsed, content: null }],
  ])('refuses %s', (_what, value) => {
    expect(isSkill(value)).toBe(false);
  });
});
