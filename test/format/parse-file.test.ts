// parseSkillFile (the Mayura seed's checker): the skill, or one SkillError with every error.
import { describe, expect, it } from 'vitest';
import { parseSkill, parseSkillFile } from '../../src/index.js';
import { skillMd } from '../support/skill-md.js';
import { thrown } from '../support/errors.js';

describe('parseSkillFile', () => {
  it('returns the skill parseSkill gives, as a builtin skill, warnings kept on it', () => {
    const text = skillMd('refund-policy', { front: 'colour: blue\n' });
    const skill = parseSkillFile(text);
    expect(skill).toEqual({ ...parseSkill(text, { source: 'builtin' }).skill });
    expect(skill.source).toBe('builtin');
    expect(skill.diagnostics.map((d) => d.code)).toEqual(['unknown-field']);
    expect(parseSkillFile(new TextEncoder().encode(text), { source: 'org' }).source).toBe('org');
  });

  it('throws INVALID_SKILL with every error as data', () => {
    const e = thrown(() => parseSkillFile('---\nname: Bad Name\n---\nBody.\n', { path: 'x/SKILL.md' }));
    expect(e.code).toBe('INVALID_SKILL');
    expect(e.path).toBe('x/SKILL.md');
    expect(e.diagnostics?.map((d) => d.code)).toEqual(['description-missing']);
    expect(e.message).toContain('x/SKILL.md:2:1 description-missing error');
    expect(thrown(() => parseSkillFile('no front matter')).message).toContain('missing-frontmatter');
  });

  it('checks strictly in the spec profile, and names from the folder when asked', () => {
    const text = skillMd('pdf', { front: 'intents: [merge]\n' });
    expect(thrown(() => parseSkillFile(text, { profile: 'spec' })).diagnostics?.map((d) => d.code)).toEqual(['extension-field']);
    expect(parseSkillFile('---\ndescription: Notes.\n---\n', { folder: 'notes', nameFromFolder: true }).name).toBe('notes');
  });
});
