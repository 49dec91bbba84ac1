// The structured-format seed (shared/seeds/skills-structured-format.md): its layout and the sections/ composition.
import { describe, expect, it } from 'vitest';
import { memorySource, SkillLoader } from '../../src/index.js';

// "Layout", verbatim: `name: my_skill` in folder `my-skill` (the seed's own example breaks both name rules).
const LAYOUT_MD = `---
name: my_skill
description: Brief description of what this skill provides
metadata:
  tags: [coding, python]
  body-format: plain
---

Full instructions and body content here...
`;

const STRUCTURED_MD = LAYOUT_MD.replace('name: my_skill', 'name: my-skill')
  .replace('body-format: plain', 'body-format: structured')
  .replace('Full instructions and body content here...\n', '');

async function loadOne(files: Record<string, string>): Promise<SkillLoader> {
  const loader = new SkillLoader({ builtin: memorySource(files) });
  await loader.loadAll();
  return loader;
}

describe('structured-format seed', () => {
  it('the layout sample loads, its name problems as warnings, tags and body format read', async () => {
    const loader = await loadOne({
      'my-skill/SKILL.md': LAYOUT_MD,
      'my-skill/references/guide.md': '# Guide',
      'my-skill/assets/template.json': '{}',
    });
    const skill = loader.getByName('my_skill');
    expect(skill).toMatchObject({ tags: ['coding', 'python'], bodyFormat: 'plain', content: 'Full instructions and body content here...' });
    expect(skill?.files.map((f) => f.path)).toEqual(['assets/template.json', 'references/guide.md']);
    // A tags list is no text value: the conformance case meta-list-value says load with a warning.
    expect(loader.diagnostics.map((d) => d.code)).toEqual(['name-format', 'name-mismatch', 'metadata-value-type']);
  });

  it('a structured skill composes its body from sections/ in the fixed order, headings demoted', async () => {
    const loader = await loadOne({
      'my-skill/SKILL.md': STRUCTURED_MD,
      'my-skill/sections/workflow.md': '# Workflow\n\n1. Do it.',
      'my-skill/sections/purpose.md': '# Purpose\n\nWhy.',
    });
    expect(loader.getByName('my-skill')?.content).toBe('# my-skill\n\n## Purpose\n\nWhy.\n\n## Workflow\n\n1. Do it.');
    expect(loader.diagnostics.map((d) => d.code)).toEqual(['metadata-value-type']);
  });
});
