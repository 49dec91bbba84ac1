// createSkillSet: unique names, limits refused at creation, order-independent digest, file contents.
import { describe, expect, it } from 'vitest';
import { createSkillSet, defineSkill, parseSkill, SKILL_TOOLS, type Skill } from '../../src/index.js';
import { thrown } from '../support/errors.js';

function skill(name: string, extra: Record<string, unknown> = {}): Skill {
  return defineSkill({ name, description: `The ${name} skill. Use when testing ${name}.`, instructions: `Do ${name}.`, ...extra });
}

describe('createSkillSet', () => {
  it('holds the skills in order, with get, permissions and tools', () => {
    const a = skill('alpha');
    const b = skill('beta', { files: { 'references/b.md': 'B text' } });
    const set = createSkillSet([a, b]);
    expect(set.skills).toEqual([a, b]);
    expect(set.get('beta')).toBe(b);
    expect(set.get('gamma')).toBeUndefined();
    expect(set.permissions).toEqual(['tool:skills.load', 'tool:skills.read', 'skills:read']);
    expect(set.permissions).toBe(SKILL_TOOLS.permissions);
    expect(set.tools.map((t) => t.id)).toEqual(['skills.load', 'skills.read']);
    expect(set.tools.every((t) => t.version === set.digest)).toBe(true);
    expect(set.limits.maxSkills).toBe(64);
  });

  it('reads a listed text file synchronously', () => {
    const set = createSkillSet([skill('beta', { files: { 'references/b.md': 'B text', 'img.bin': new Uint8Array([0, 1]) } })]);
    expect(set.readFile('beta', 'references/b.md')).toBe('B text');
    expect(thrown(() => set.readFile('beta', 'img.bin')).code).toBe('INVALID_INPUT');
    expect(thrown(() => set.readFile('beta', 'nope.md')).code).toBe('NOT_FOUND');
    expect(thrown(() => set.readFile('beta', '../x')).code).toBe('UNSAFE_PATH');
    expect(thrown(() => set.readFile('gamma', 'references/b.md')).code).toBe('NOT_FOUND');
  });

  it('has a digest over every skill, whatever the order, that changes with any skill', () => {
    const a = skill('alpha');
    const b = skill('beta');
    const digest = createSkillSet([a, b]).digest;
    expect(digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(createSkillSet([b, a]).digest).toBe(digest);
    expect(createSkillSet([a, skill('beta', { instructions: 'Changed.' })]).digest).not.toBe(digest);
    expect(createSkillSet([a]).digest).not.toBe(digest);
  });

  it('combines sets with spread', () => {
    const one = createSkillSet([skill('alpha', { files: { 'a.md': 'A' } })]);
    const two = createSkillSet([skill('beta')]);
    const both = createSkillSet([...one.skills, ...two.skills]);
    expect(both.skills.map((s) => s.name)).toEqual(['alpha', 'beta']);
    expect(both.readFile('alpha', 'a.md')).toBe('A');
  });

  it('refuses a name used twice with CONFLICT naming it', () => {
    const error = thrown(() => createSkillSet([skill('alpha'), skill('beta'), skill('alpha', { instructions: 'Other.' })]));
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toContain('"alpha"');
  });

  it('refuses items that are not skills', () => {
    expect(thrown(() => createSkillSet([{ name: 'x' } as unknown as Skill])).code).toBe('INVALID_SKILL');
    expect(thrown(() => createSkillSet('x' as unknown as Skill[])).code).toBe('INVALID_SKILL');
  });

  it('refuses a skill listing text files whose contents it does not hold', () => {
    const parsed = parseSkill('---\nname: p\ndescription: Parsed.\n---\nBody', { files: [{ path: 'a.md', size: 1, isText: true, digest: 'sha256:00' }] })
      .skill as Skill;
    const error = thrown(() => createSkillSet([parsed]));
    expect(error.code).toBe('INVALID_SKILL');
    expect(error.message).toContain('`a.md`');
    // A copy of a defined skill loses its contents too; a skill without text files needs none.
    expect(thrown(() => createSkillSet([{ ...skill('c', { files: { 'c.md': 'C' } }) }])).code).toBe('INVALID_SKILL');
    expect(createSkillSet([{ ...skill('d') }]).skills).toHaveLength(1);
  });

  describe('limits, refused at creation and never truncated', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => skill(`s${i}`));
    it.each([
      ['maxSkills', () => createSkillSet(many(65)), /65 skills; maxSkills is 64/],
      ['maxSkills (given)', () => createSkillSet(many(3), { maxSkills: 2 }), /maxSkills is 2/],
      [
        'maxFilesPerSkill',
        () => createSkillSet([skill('f', { files: { 'a.md': 'a', 'b.md': 'b' } })], { maxFilesPerSkill: 1 }),
        /2 files; maxFilesPerSkill is 1/,
      ],
      [
        'maxFileBytes (a file)',
        () => createSkillSet([skill('f', { files: { 'big.md': 'x'.repeat(101) } })], { maxFileBytes: 100 }),
        /Skill "f": `big.md` is 101 bytes; maxFileBytes is 100/,
      ],
      [
        'maxFileBytes (SKILL.md)',
        () => createSkillSet([skill('f', { instructions: 'x'.repeat(300) })], { maxFileBytes: 200 }),
        /Skill "f": Its SKILL.md is \d+ bytes; maxFileBytes is 200/,
      ],
      [
        'maxTotalBytes',
        () => createSkillSet([skill('a', { files: { 'a.md': 'x'.repeat(600) } }), skill('b', { files: { 'b.md': 'x'.repeat(600) } })], { maxTotalBytes: 1000 }),
        /maxTotalBytes \(1000\)/,
      ],
      ['maxNesting', () => createSkillSet([skill('n', { files: { 'a/b/c.md': 'x' } })], { maxNesting: 1 }), /nested 2 folders deep; maxNesting is 1/],
      ['maxCatalogBytes', () => createSkillSet(many(10), { maxCatalogBytes: 600 }), /catalog of 10 skills is \d+ bytes, more than maxCatalogBytes \(600\)/],
    ])('%s', (_limit, make, message) => {
      const error = thrown(make);
      expect(error.code).toBe('LIMIT_EXCEEDED');
      expect(error.message).toMatch(message);
    });

    it('accepts a set at its limits', () => {
      expect(createSkillSet(many(64)).skills).toHaveLength(64);
    });
  });
});
