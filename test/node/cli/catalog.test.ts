// satchel catalog <path…>: what the model would see.
import { describe, expect, it } from 'vitest';
import { tempTrees } from '../../support/temp-trees.js';
import { cli } from './run.js';

const tree = tempTrees('satchel-cli-catalog-');

const files = {
  'skills/refunds/SKILL.md': '---\nname: refunds\ndescription: Decide refunds & returns <fast>.\n---\nDecide.\n',
  'skills/pdf/SKILL.md': '---\nname: pdf\ndescription: Fill PDF forms.\n---\nFill.\n',
  'skills/deploy/SKILL.md': '---\nname: deploy\ndescription: Deploy.\ndisable-model-invocation: true\n---\nGo.\n',
  'bad/broken/SKILL.md': '---\nname: broken\n---\nNo description.\n',
};

describe('satchel catalog', () => {
  it('prints the Markdown catalog on stdout and a summary on stderr', async () => {
    const root = await tree(files);
    const { code, out, err } = await cli(root, 'catalog', 'skills');
    expect(code).toBe(0);
    expect(out).toMatch(/^## Skills\n\nSkills are folders/);
    expect(out.endsWith('\n- pdf: Fill PDF forms.\n- refunds: Decide refunds & returns <fast>.\n')).toBe(true);
    expect(out).not.toContain('deploy');
    expect(err).toMatch(/^3 skills, \d+ of 16384 catalog bytes\n$/);
  });

  it('--xml prints the <available_skills> form, escaped', async () => {
    const { code, out } = await cli(await tree(files), 'catalog', '--xml', 'skills');
    expect(code).toBe(0);
    expect(out).toContain('<description>Decide refunds &amp; returns &lt;fast&gt;.</description>');
    expect(out.trimEnd().endsWith('</available_skills>')).toBe(true);
  });

  it('--json prints the catalog, its size, the digest and the tools', async () => {
    const { code, out } = await cli(await tree(files), 'catalog', '--json', 'skills');
    expect(code).toBe(0);
    const json = JSON.parse(out) as { catalog: string; bytes: number; digest: string; skills: number; tools: { id: string; version: string }[] };
    expect(json.bytes).toBe(new TextEncoder().encode(json.catalog).byteLength);
    expect(json.skills).toBe(3);
    expect(json.tools.map((t) => t.id)).toEqual(['skills.load', 'skills.read']);
    expect(json.tools[0]?.version).toBe(json.digest);
  });

  it('exits 1 with the reason and diagnostics when the set is refused', async () => {
    const { code, out, err } = await cli(await tree(files), 'catalog', 'skills', 'bad');
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toContain('satchel catalog: INVALID_SKILL:');
    expect(err).toContain('bad/broken/SKILL.md:');
    expect(err).toContain('description-missing');
    expect(err).toContain('fix: ');
  });

  it('is in the usage text', async () => {
    expect((await cli('/', '--help')).out).toContain('catalog <path…>');
    expect((await cli('/', '--help')).out).toContain('--xml');
  });
});
