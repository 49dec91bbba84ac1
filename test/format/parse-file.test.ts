// parseSkillFile (the Mayura seed's checker) and parseSkillFrontmatter (pleach's): the skill, or one SkillError with every error.
import { describe, expect, it } from 'vitest';
import { parseSkill, parseSkillFile, parseSkillFrontmatter } from '../../src/index.js';
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

describe('parseSkillFrontmatter and parseSkillFile', () => {
  // The two seed parsers are one implementation: the same problem is the same error, word for word.
  const cases = [
    ['a missing description', '---\nname: refund-policy\n---\nBody.\n'],
    ['no front matter', 'Just a body.\n'],
    ['two errors', '---\nname: [a, b]\n---\n'],
  ] as const;
  for (const [what, text] of cases) {
    it(`report ${what} with the same message and diagnostics`, () => {
      const pleach = thrown(() => parseSkillFrontmatter(text, 'org', 'skills/refund-policy/SKILL.md'));
      const mayura = thrown(() => parseSkillFile(text, { source: 'org', path: 'skills/refund-policy/SKILL.md', folder: 'refund-policy' }));
      expect(pleach.code).toBe('INVALID_SKILL');
      expect(mayura.code).toBe('INVALID_SKILL');
      expect(pleach.message).toMatch(/^Invalid skill: skills\/refund-policy\/SKILL\.md:\d+:\d+ [a-z-]+ error: /);
      expect(mayura.message).toBe(pleach.message);
      expect(mayura.path).toBe(pleach.path);
      expect(mayura.diagnostics).toEqual(pleach.diagnostics);
    });
  }

  it('count the errors past the first the same way', () => {
    const text = '---\nname: [a, b]\n---\n';
    const e = thrown(() => parseSkillFrontmatter(text, 'user', 'x/SKILL.md'));
    expect(e.diagnostics?.length).toBeGreaterThan(1);
    expect(e.message).toMatch(new RegExp(`\\(and ${(e.diagnostics?.length ?? 0) - 1} more\\)$`));
    expect(thrown(() => parseSkillFile(text, { source: 'user', path: 'x/SKILL.md', folder: 'x' })).message).toBe(e.message);
  });
});
