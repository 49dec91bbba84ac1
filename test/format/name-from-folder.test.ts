// parseSkill's nameFromFolder: a SKILL.md without `name` (MD-first skills) loads under its folder's name, opt-in.
import { describe, expect, it } from 'vitest';
import { parseSkill, type ParseResult } from '../../src/index.js';
import { skillMd } from '../support/skill-md.js';

const NAMELESS = '---\ndescription: Capture durable notes for the user\nallowed-tools: record_note\n---\n\n# Note Taking\n';

const codes = (r: ParseResult): string[][] => [r.errors.map((d) => d.code), r.warnings.map((d) => d.code)];

describe('parseSkill nameFromFolder', () => {
  it('is off by default: no name is a name-missing error, as the client guide says', () => {
    const r = parseSkill(NAMELESS, { folder: 'note-taking' });
    expect(r.skill).toBeUndefined();
    expect(codes(r)).toEqual([['name-missing'], []]);
  });

  it('takes the folder name with a located name-from-folder warning', () => {
    const r = parseSkill(NAMELESS, { folder: 'note-taking', nameFromFolder: true });
    expect(r.skill?.name).toBe('note-taking');
    expect(r.skill?.allowedTools).toEqual(['record_note']);
    expect(codes(r)).toEqual([[], ['name-from-folder']]);
    expect(r.warnings[0]).toMatchObject({ path: 'note-taking/SKILL.md', line: 2, column: 1 });
    expect(r.warnings[0]?.message).toContain('"note-taking"');
  });

  it('also covers an empty or null name, at the key', () => {
    for (const name of ['""', '']) {
      const r = parseSkill(`---\nname: ${name}\ndescription: Notes.\n---\nBody.\n`, { folder: 'notes', nameFromFolder: true });
      expect(r.skill?.name).toBe('notes');
      expect(r.warnings.map((d) => [d.code, d.line])).toEqual([['name-from-folder', 2]]);
    }
  });

  it('checks the folder name as it would check `name`', () => {
    const r = parseSkill(NAMELESS, { folder: 'Note_Taking', nameFromFolder: true });
    expect(r.skill?.name).toBe('Note_Taking');
    expect(codes(r)).toEqual([[], ['name-from-folder', 'name-format']]);
    const long = 'a'.repeat(65);
    expect(codes(parseSkill(NAMELESS, { folder: long, nameFromFolder: true }))).toEqual([[], ['name-from-folder', 'name-too-long']]);
  });

  it('needs a folder, and changes nothing when `name` is there', () => {
    expect(codes(parseSkill(NAMELESS, { nameFromFolder: true }))).toEqual([['name-missing'], []]);
    const named = parseSkill(skillMd('pdf'), { folder: 'pdf-tools', nameFromFolder: true });
    expect(named.skill?.name).toBe('pdf');
    expect(codes(named)).toEqual([[], ['name-mismatch']]);
    // A name of the wrong type is no missing name.
    expect(codes(parseSkill('---\nname: [a]\ndescription: D.\n---\n', { folder: 'a', nameFromFolder: true }))[0]).toEqual(['name-type']);
  });

  it('is an error in the spec profile: a portable skill names itself', () => {
    const r = parseSkill(NAMELESS, { folder: 'note-taking', nameFromFolder: true, profile: 'spec' });
    expect(r.skill).toBeUndefined();
    expect(r.errors.map((d) => d.code)).toContain('name-from-folder');
  });
});
