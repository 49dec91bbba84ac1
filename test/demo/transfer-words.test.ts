// The demo's words for import and export: a broken .zip said plainly, and each skill of a refused archive with its reason.
import { describe, expect, it } from 'vitest';
import { strToU8, unzipSync, zipSync } from 'fflate';
import type { Skill } from '../../src/index.js';
import type { SkillSummary } from '../../src/store/index.js';
import { archiveNames, archiveRefusals, plural, sizeText, zipProblem } from '../../demo/lib/transfer-words.js';

function unzipError(bytes: Uint8Array): unknown {
  try {
    unzipSync(bytes);
  } catch (error) {
    return error;
  }
  throw new Error('unzipped');
}

describe('a broken .zip', () => {
  it('is named in the page words, never fflate words', () => {
    const zip = zipSync({ 'a/SKILL.md': strToU8('---\nname: a\n---\n') });
    for (const broken of [zip.slice(0, zip.length >> 1), strToU8('not a zip at all')]) {
      const words = zipProblem(unzipError(broken));
      expect(words).toBe('has no table of contents where a .zip keeps it: it is cut short, damaged, or not a .zip at all');
      expect(words).not.toMatch(/invalid zip data/);
    }
    expect(zipProblem(Object.assign(new Error('unexpected EOF'), { code: 0 }))).toMatch(/^ends too early/);
    expect(zipProblem(new Error('something else'))).toBe('could not be unpacked: it looks damaged');
  });
});

describe('a refused archive', () => {
  const loaded = [
    { name: 'refund-policy', source: 'builtin' },
    { name: 'mine', source: 'user' },
  ] as unknown as Skill[];
  const held = [{ name: 'mine', revision: 3, state: 'archived' }] as unknown as SkillSummary[];

  it('lists the skill names of the JSON, and nothing when it is not JSON', () => {
    expect(archiveNames(JSON.stringify({ skills: [{ name: 'a' }, { name: 2 }, { name: 'b' }] }))).toEqual(['a', 'b']);
    expect(archiveNames('{"format": "x"}')).toEqual([]);
    expect(archiveNames('{not json')).toBeUndefined();
  });

  it('gives each skill its reason: a builtin name, a skill already there, or all-or-nothing', () => {
    expect(archiveRefusals(['Refund-Policy', 'mine', 'fresh'], loaded, held, 'your skills')).toEqual([
      { name: 'Refund-Policy', blocking: true, reason: 'a built-in skill has this name, and built-in skills are read-only' },
      { name: 'mine', blocking: true, reason: 'already in your skills (r3, archived); an archive import never overwrites a skill' },
      { name: 'fresh', blocking: false, reason: 'new here, but an archive imports all of its skills or none' },
    ]);
  });

  it('says sizes and counts as a person reads them', () => {
    expect([sizeText(900), sizeText(2048), plural(1, 'skill'), plural(2, 'skill')]).toEqual(['900 B', '2.0 KB', '1 skill', '2 skills']);
  });
});
