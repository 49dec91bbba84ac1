// loadSkills (satchel/node): skill folders on disk into a set, read once, all or nothing.
import { symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSkillSet, defineSkill } from '../../src/index.js';
import { loadSkills } from '../../src/node/index.js';
import { tempTrees } from '../support/temp-trees.js';
import { rejected } from '../support/errors.js';
import { skillMd } from '../support/skill-md.js';

const tree = tempTrees('satchel-load-skills-');

/** A skill whose body points at its guide. */
const guided = (name: string, front?: string): string =>
  skillMd(name, { ...(front === undefined ? {} : { front }), body: `# ${name}\n\nRead references/guide.md.` });

describe('loadSkills', () => {
  it('reads a folder of skill folders, with text contents and binaries listed only', async () => {
    const root = await tree({
      'refunds/SKILL.md': guided('refunds'),
      'refunds/references/guide.md': 'Refunds up to 50 EUR are automatic.',
      'refunds/assets/logo.png': Buffer.from([0x89, 0x50, 0, 1]),
      'shipping/SKILL.md': guided('shipping'),
      'not-a-skill/readme.md': 'No SKILL.md here.',
      'node_modules/x/SKILL.md': guided('x'),
    });
    const set = await loadSkills(root);
    expect(set.skills.map((s) => s.name)).toEqual(['refunds', 'shipping']);
    expect(set.skills.every((s) => s.source === 'builtin')).toBe(true);
    expect(set.readFile('refunds', 'references/guide.md')).toBe('Refunds up to 50 EUR are automatic.');
    expect(set.get('refunds')?.files.map((f) => [f.path, f.isText])).toEqual([
      ['assets/logo.png', false],
      ['references/guide.md', true],
    ]);
    expect(set.catalog()).toContain('- shipping: The shipping skill.');
  });

  it('reads a single skill folder and several paths, and pins contents at load', async () => {
    const a = await tree({ 'SKILL.md': guided('pdf'), 'forms.md': 'Form guide.' });
    const b = await tree({ 'notes/SKILL.md': guided('notes') });
    const set = await loadSkills([a, b]);
    expect(set.skills.map((s) => s.name)).toEqual(['pdf', 'notes']);
    await writeFile(join(a, 'forms.md'), 'Changed on disk.');
    expect(set.readFile('pdf', 'forms.md')).toBe('Form guide.');
  });

  it('combines with defined skills and other sets', async () => {
    const a = await createSkillSet((await loadSkills(await tree({ 'pdf/SKILL.md': guided('pdf') }))).skills);
    const both = createSkillSet([...a.skills, defineSkill({ name: 'inline', description: 'Defined in code.', instructions: 'Do.' })]);
    expect(both.skills.map((s) => s.name)).toEqual(['pdf', 'inline']);
  });

  it('refuses a skill that does not load, with its diagnostics', async () => {
    const root = await tree({ 'good/SKILL.md': guided('good'), 'bad/SKILL.md': '---\nname: bad\n---\nNo description.\n' });
    const error = await rejected(loadSkills(root));
    expect(error.code).toBe('INVALID_SKILL');
    expect(error.message).toContain('description-missing');
    expect(error.diagnostics.map((d) => d.code)).toEqual(['description-missing']);
  });

  it('refuses a name found twice', async () => {
    const a = await tree({ 'pdf/SKILL.md': guided('pdf') });
    const b = await tree({ 'pdf/SKILL.md': guided('pdf', 'license: MIT\n') });
    const error = await rejected(loadSkills([a, b]));
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toContain('"pdf"');
  });

  it('refuses a missing path', async () => {
    expect((await rejected(loadSkills('/nonexistent/satchel/skills'))).code).toBe('NOT_FOUND');
  });

  it('refuses a symbolic link inside a skill', async () => {
    const root = await tree({ 'pdf/SKILL.md': guided('pdf') });
    await symlink('/etc/hostname', join(root, 'pdf', 'link.md'));
    const error = await rejected(loadSkills(root));
    expect(error.code).toBe('INVALID_SKILL');
    expect(error.diagnostics.map((d) => d.code)).toContain('unsafe-path');
  });

  it.each([
    ['maxSkills', { 'a/SKILL.md': guided('a'), 'b/SKILL.md': guided('b') }, { maxSkills: 1 }, /maxSkills/],
    ['maxFileBytes', { 'a/SKILL.md': guided('a'), 'a/big.md': 'x'.repeat(2000) }, { maxFileBytes: 1000 }, /maxFileBytes \(1000\)/],
    ['maxFilesPerSkill', { 'a/SKILL.md': guided('a'), 'a/1.md': '1', 'a/2.md': '2' }, { maxFilesPerSkill: 1 }, /maxFilesPerSkill \(1\)/],
    ['maxDepth', { 'x/y/z/a/SKILL.md': guided('a') }, { maxDepth: 1 }, /discovery-limit/],
    ['maxCatalogBytes', { 'a/SKILL.md': guided('a'), 'b/SKILL.md': guided('b') }, { maxCatalogBytes: 300 }, /maxCatalogBytes \(300\)/],
  ])('refuses a set over %s', async (_limit, files, limits, message) => {
    const error = await rejected(loadSkills(await tree(files), limits));
    expect(error.code).toBe('LIMIT_EXCEEDED');
    expect(error.message).toMatch(message);
  });
});
