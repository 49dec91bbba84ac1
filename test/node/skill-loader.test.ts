// satchel/node's SkillLoader: the core loader reading skills/builtin under the working folder by default;
// and nameFromFolder through directorySource and loadSkills.
import { describe, expect, it } from 'vitest';
import { SkillLoader as CoreSkillLoader, memorySource } from '../../src/index.js';
import { directorySource, loadSkills, SkillLoader } from '../../src/node/index.js';
import { skillMd } from '../support/skill-md.js';
import { rejected } from '../support/errors.js';
import { tempTrees } from '../support/temp-trees.js';

const tree = tempTrees('satchel-node-loader-');
const NAMELESS = '---\ndescription: Capture durable notes for the user\n---\n\n# Note Taking\n';

describe('SkillLoader of satchel/node', () => {
  it('is the core class, reading skills/builtin/<name>/SKILL.md under cwd when no builtin is given', async () => {
    const cwd = await tree({ 'skills/builtin/researcher/SKILL.md': skillMd('researcher'), 'skills/other/SKILL.md': skillMd('other') });
    const loader = new SkillLoader({ cwd });
    expect(loader).toBeInstanceOf(CoreSkillLoader);
    const skills = await loader.loadAll();
    expect(skills.map((s) => [s.name, s.source])).toEqual([['researcher', 'builtin']]);
    expect(loader.diagnostics).toEqual([]);
    expect(loader.getByName('researcher')?.path).toBe(`${cwd}/skills/builtin/researcher/SKILL.md`);
  });

  it('loads nothing and reports nothing when the folder is missing (process.cwd() by default)', async () => {
    const loader = new SkillLoader({ cwd: await tree() });
    expect(await loader.loadAll()).toEqual([]);
    expect(loader.diagnostics).toEqual([]);
    // This repository has no skills/builtin folder.
    const here = new SkillLoader();
    expect(await here.loadAll()).toEqual([]);
    expect(here.diagnostics).toEqual([]);
  });

  it('reads no disk when builtin is given, and keeps every other option', async () => {
    const cwd = await tree({ 'skills/builtin/researcher/SKILL.md': skillMd('researcher') });
    const given = new SkillLoader({
      cwd,
      builtin: memorySource({ 'pdf/SKILL.md': skillMd('pdf') }),
      subagentSpecs: [{ name: 'helper', description: 'Helps.' }],
    });
    expect((await given.loadAll()).map((s) => s.name)).toEqual(['pdf', 'helper']);
    expect(await new SkillLoader({ cwd, builtin: [] }).loadAll()).toEqual([]);
  });

  it('passes nameFromFolder to its default builtin source', async () => {
    const cwd = await tree({ 'skills/builtin/note-taking/SKILL.md': NAMELESS });
    expect(await new SkillLoader({ cwd }).loadAll()).toEqual([]);
    const loader = new SkillLoader({ cwd, nameFromFolder: true });
    expect((await loader.loadAll()).map((s) => s.name)).toEqual(['note-taking']);
    expect(loader.diagnostics.map((d) => [d.code, d.path])).toEqual([['name-from-folder', `${cwd}/skills/builtin/note-taking/SKILL.md`]]);
  });
});

describe('nameFromFolder on disk', () => {
  it('directorySource marks its entries, a root skill taking the root folder name', async () => {
    const root = await tree({ 'note-taking/SKILL.md': NAMELESS });
    const loader = new CoreSkillLoader({ builtin: directorySource(root, { nameFromFolder: true }) });
    expect((await loader.loadAll()).map((s) => s.name)).toEqual(['note-taking']);
    const single = new CoreSkillLoader({ builtin: directorySource(`${root}/note-taking`, { nameFromFolder: true }) });
    expect((await single.loadAll()).map((s) => s.name)).toEqual(['note-taking']);
  });

  it('loadSkills skips (rejects) a nameless skill unless told, then loads it with the warning', async () => {
    const root = await tree({ 'note-taking/SKILL.md': NAMELESS, 'note-taking/references/a.md': 'A' });
    expect((await rejected(loadSkills(root))).diagnostics.map((d) => d.code)).toEqual(['name-missing']);
    const set = await loadSkills(root, undefined, { nameFromFolder: true });
    expect(set.skills.map((s) => s.name)).toEqual(['note-taking']);
    expect(set.get('note-taking')?.diagnostics.map((d) => d.code)).toEqual(['name-from-folder']);
    expect(set.readFile('note-taking', 'references/a.md')).toBe('A');
  });
});

describe('SkillLoader of satchel/node: agentMd', () => {
  it('reads { path } under cwd when the loader is made; a missing file is NOT_FOUND', async () => {
    const cwd = await tree({ 'agents/legal/agent.md': '---\nmutability:\n  skills: approval-gated\n---\n# Legal\n' });
    expect(new SkillLoader({ cwd, builtin: [], surface: 'legal', agentMd: { path: 'agents/legal/agent.md' } }).mutability).toBe('approval-gated');
    expect(new SkillLoader({ cwd, builtin: [], agentMd: { text: '---\nmutability: static\n---\n' } }).mutability).toBe('static');
    const missing = (() => {
      try {
        return new SkillLoader({ cwd, builtin: [], agentMd: { path: 'agents/none/agent.md' } });
      } catch (e) {
        return e as { code?: string; message?: string };
      }
    })();
    expect(missing).toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('agents/none/agent.md') });
    const bad = await tree({ 'agent.md': '---\nmutability: sometimes\n---\n' });
    expect(() => new SkillLoader({ cwd: bad, builtin: [], agentMd: { path: 'agent.md' } })).toThrow(/^agent\.md:2:1: `mutability` is one of/);
  });
});
