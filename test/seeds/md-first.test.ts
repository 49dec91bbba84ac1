// The MD-first seed (shared/seeds/skills-md-first-agents.md): skills/<name>/SKILL.md folders whose minimal example has
// no `name` — the folder names the skill, with nameFromFolder. Plugin bundles are skill folders found deeper down.
import { describe, expect, it } from 'vitest';
import { directorySource, loadSkills, pluginSource, SkillLoader, type LoadedSkill, type SkillTool } from '../../src/node/index.js';
import { rejected } from '../support/errors.js';
import { workingTree } from '../support/working-tree.js';

// "Minimal Example", verbatim.
const NOTE_TAKING_MD = `---
description: Capture durable notes for the user
allowed-tools: [record_note]
---

# Note Taking

Use this skill when the user shares a fact, preference, or decision that should
outlive the conversation.
`;

const plugin = (name: string): string =>
  `---\ndescription: Build a ${name} for corporate finance work\n---\n\n# ${name}\n\nSee ../../references/conventions.md.\n`;

workingTree('satchel-seed-md-first-', {
  // mkdir -p skills/note-taking; $EDITOR skills/note-taking/SKILL.md
  'skills/note-taking/SKILL.md': NOTE_TAKING_MD,
  'skills/note-taking/references/checklist.md': '- [ ] Is it durable?',
  'skills/note-taking/scripts/export.py': 'print("notes")',
  'skills/note-taking/.DS_Store': 'junk',
  'skills/note-taking/__pycache__/export.cpython-312.pyc': 'junk',
  'plugins/corporate-finance/plugin.json': '{ "name": "corporate-finance" }',
  'plugins/corporate-finance/references/conventions.md': 'Shared conventions.',
  'plugins/corporate-finance/skills/dcf-model-builder/SKILL.md': plugin('DCF model'),
  'plugins/corporate-finance/skills/cim-builder/SKILL.md': plugin('CIM'),
  'plugins/other-bundle/skills/cim-builder/SKILL.md': plugin('CIM'),
});

describe('MD-first seed', () => {
  it('the minimal example loads under its folder name with nameFromFolder, resources travelling with it', async () => {
    const skills = await loadSkills('./skills', undefined, { nameFromFolder: true });
    const note = skills.get('note-taking');
    expect(note).toMatchObject({ name: 'note-taking', description: 'Capture durable notes for the user', allowedTools: ['record_note'] });
    expect(note?.content).toMatch(/^# Note Taking\n\nUse this skill when/);
    expect(note?.diagnostics.map((d) => d.code)).toEqual(['name-from-folder', 'allowed-tools-format']);
    // Junk is excluded; scripts are listed (and never run).
    expect(note?.files.map((f) => f.path)).toEqual(['references/checklist.md', 'scripts/export.py']);
    expect(skills.readFile('note-taking', 'references/checklist.md')).toBe('- [ ] Is it durable?');
  });

  it('without nameFromFolder it is skipped, as the specification client guide says', async () => {
    expect((await rejected(loadSkills('./skills'))).diagnostics.map((d) => d.code)).toEqual(['name-missing']);
    const loader = new SkillLoader({ builtin: directorySource('skills') });
    expect(await loader.loadAll()).toEqual([]);
    // The list form of allowed-tools is reported too (the conformance case tools-yaml-list: load with a warning).
    expect(loader.diagnostics.map((d) => d.code)).toEqual(['name-missing', 'allowed-tools-format']);
  });

  it('plugin skills are found under plugins/<plugin>/skills/<name>/; a name twice is refused', async () => {
    const loader = new SkillLoader({ builtin: directorySource('plugins/corporate-finance', { nameFromFolder: true }) });
    const found = await loader.loadAll();
    expect(found.map((s) => [s.name, s.path])).toEqual([
      ['cim-builder', 'plugins/corporate-finance/skills/cim-builder/SKILL.md'],
      ['dcf-model-builder', 'plugins/corporate-finance/skills/dcf-model-builder/SKILL.md'],
    ]);
    // "Duplicate contributed skill names across bundles fail compilation."
    expect((await rejected(loadSkills('./plugins', undefined, { nameFromFolder: true }))).code).toBe('CONFLICT');
  });

  it("loading a plugin skill exposes its folder plus the plugin's shared resources, with its canonical path and bundle", async () => {
    const loader = new SkillLoader({ builtin: pluginSource('plugins/corporate-finance', { nameFromFolder: true }) });
    await loader.loadAll();
    const loaded = await (loader.tools[0] as SkillTool<LoadedSkill>).run({ name: 'dcf-model-builder' });
    expect(loaded).toMatchObject({ path: '/skills/corporate-finance/skills/dcf-model-builder/SKILL.md', bundle: { name: 'corporate-finance' } });
    expect(loaded.files.map((f) => [f.path, f.contentType])).toEqual([['../../references/conventions.md', 'text/markdown']]);
    expect(await loader.readFile('dcf-model-builder', '../../references/conventions.md')).toBe('Shared conventions.');
    // "Duplicate contributed skill names across bundles fail compilation": named, with both bundles.
    const both = new SkillLoader({ builtin: pluginSource('plugins', { nameFromFolder: true }) });
    await both.loadAll();
    expect(both.diagnostics.find((d) => d.code === 'duplicate-skill')?.message).toContain('"corporate-finance" and again by plugin "other-bundle"');
  });
});
