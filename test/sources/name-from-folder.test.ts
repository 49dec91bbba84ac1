// The sources' nameFromFolder option: their entries are parsed with it, so nameless SKILL.md files load under their folder.
import { describe, expect, it } from 'vitest';
import { bundleSource, memorySource, SkillLoader, storeSource, type SkillBundle, type SkillSource, type SkillStoreLike } from '../../src/index.js';
import { skillMd } from '../support/skill-md.js';

const NAMELESS = '---\ndescription: Capture durable notes for the user\n---\n\n# Note Taking\n';

async function load(source: SkillSource): Promise<{ names: string[]; codes: string[] }> {
  const loader = new SkillLoader({ builtin: source });
  const skills = await loader.loadAll();
  return { names: skills.map((s) => s.name), codes: loader.diagnostics.map((d) => d.code) };
}

const bundle: SkillBundle = {
  version: 1,
  entries: [{ dir: 'note-taking', path: 'skills/note-taking/SKILL.md', folder: 'note-taking', fileName: 'SKILL.md', text: NAMELESS, files: [] }],
};

const store = (key?: string): SkillStoreLike => ({
  search: async () => [{ ...(key === undefined ? {} : { key }), value: NAMELESS }],
});

describe('sources with nameFromFolder', () => {
  it('memorySource', async () => {
    const files = { 'note-taking/SKILL.md': NAMELESS, 'pdf/SKILL.md': skillMd('pdf') };
    expect(await load(memorySource(files))).toEqual({ names: ['pdf'], codes: ['name-missing'] });
    expect(await load(memorySource(files, { nameFromFolder: true }))).toEqual({ names: ['note-taking', 'pdf'], codes: ['name-from-folder'] });
    const { entries } = await memorySource(files, { nameFromFolder: true }).list();
    expect(entries.every((e) => e.nameFromFolder === true)).toBe(true);
  });

  it('bundleSource', async () => {
    expect(await load(bundleSource(bundle))).toEqual({ names: [], codes: ['name-missing'] });
    expect(await load(bundleSource(bundle, { nameFromFolder: true }))).toEqual({ names: ['note-taking'], codes: ['name-from-folder'] });
  });

  it('storeSource: the item key is the folder, only with the option', async () => {
    expect(await load(storeSource(store('note-taking'), ['acme', 'skills']))).toEqual({ names: [], codes: ['name-missing'] });
    expect(await load(storeSource(store('note-taking'), ['acme', 'skills'], { nameFromFolder: true }))).toEqual({
      names: ['note-taking'],
      codes: ['name-from-folder'],
    });
    // Without a key there is no folder to take a name from.
    expect(await load(storeSource(store(), ['acme', 'skills'], { nameFromFolder: true }))).toEqual({ names: [], codes: ['name-missing'] });
  });
});
