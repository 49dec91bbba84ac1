// satchel validate | list | catalog on a plugin folder and on a folder of plugins.
import { describe, expect, it } from 'vitest';
import { PLUGIN_FIXTURE } from '../../support/plugin-tree.js';
import { skillMd } from '../../support/skill-md.js';
import { tempTrees } from '../../support/temp-trees.js';
import { cli } from './run.js';

const tree = tempTrees('satchel-cli-plugins-');

describe('the CLI on plugins', () => {
  it('validate checks every plugin skill, shared files included, and reports a malformed plugin.json', async () => {
    const { code, out } = await cli(await tree(PLUGIN_FIXTURE), 'validate', '.');
    expect(code).toBe(0);
    expect(out).toContain('3 skills checked (runtime profile): 3 valid');
    expect(out).toContain('plugin-manifest');
    expect(out).not.toContain('unsafe-path');
  });

  it('validate fails on a skill name two plugins contribute', async () => {
    const files = {
      ...PLUGIN_FIXTURE,
      'legal/skills/cim-builder/SKILL.md': skillMd('cim-builder', { description: 'A second cim-builder, in the legal plugin.' }),
    };
    const { code, out } = await cli(await tree(files), 'validate', '.');
    expect(code).toBe(1);
    expect(out).toMatch(/duplicate-skill.*cim-builder.*corporate-finance.*legal/);
  });

  it('list and catalog read one plugin folder', async () => {
    const root = await tree(PLUGIN_FIXTURE);
    const list = await cli(root, 'list', 'finance');
    expect(list.code).toBe(0);
    expect(list.out).toMatch(/cim-builder[\s\S]*dcf-model-builder/);
    const catalog = await cli(root, 'catalog', 'finance');
    expect(catalog.code).toBe(0);
    expect(catalog.out).toContain('- dcf-model-builder: Build a discounted cash flow model');
  });
});
