// pluginSource under hostile trees: a `skills/` that is a symbolic link is refused with a word, plugin folders count
// against maxFolders, and a plugin.json over the file limit is reported as too large, not as missing.
import { mkdir, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pluginSource } from '../../src/node/index.js';
import { skillMd } from '../support/skill-md.js';
import { tempTrees } from '../support/temp-trees.js';

const tempTree = tempTrees('satchel-plugin-bounds-');
const manifest = (name: string): string => JSON.stringify({ name, version: '1.0.0', description: `The ${name} plugin.` });

describe('pluginSource bounds', () => {
  it('refuses a plugin whose skills/ is a symbolic link, naming it', async () => {
    const root = await tempTree({ 'elsewhere/pdf/SKILL.md': skillMd('pdf') });
    await mkdir(join(root, 'plugins', 'linked'), { recursive: true });
    await symlink(join(root, 'elsewhere'), join(root, 'plugins', 'linked', 'skills'));
    const listing = await pluginSource(join(root, 'plugins')).list();
    expect(listing.entries).toEqual([]);
    const refusal = listing.diagnostics.find((d) => d.code === 'unsafe-path');
    expect(refusal?.message).toContain('`linked/skills` is a symbolic link');
  });

  it('counts plugin folders against maxFolders, with a discovery-limit warning', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 30; i++) {
      const name = `plugin-${String(i).padStart(2, '0')}`;
      files[`${name}/plugin.json`] = manifest(name);
      files[`${name}/skills/skill-${i}/SKILL.md`] = skillMd(`skill-${i}`);
    }
    const root = await tempTree(files);
    const listing = await pluginSource(root, { maxFolders: 10 }).list();
    expect(listing.entries.length).toBeLessThanOrEqual(10);
    const limit = listing.diagnostics.find((d) => d.code === 'discovery-limit');
    expect(limit?.message).toMatch(/^Discovery stopped at maxFolders \(10\): 20 more folders were not searched for plugins/);
  });

  it('reports a plugin.json over maxFileBytes as too large', async () => {
    const root = await tempTree({ 'big/plugin.json': JSON.stringify({ name: 'big', description: 'x'.repeat(2000) }), 'big/skills/a/SKILL.md': skillMd('a') });
    const listing = await pluginSource(root, { maxFileBytes: 1000 }).list();
    const all = [...listing.diagnostics, ...listing.entries.flatMap((e) => e.diagnostics ?? [])];
    const diagnostic = all.find((d) => d.message.includes('plugin.json'));
    expect(diagnostic?.code).toBe('file-too-large');
    expect(diagnostic?.message).toMatch(/over maxFileBytes \(1000\)/);
    expect(all.some((d) => /has no `plugin.json`/.test(d.message))).toBe(false);
  });

  it('says so when plugin.json cannot be read, instead of naming the plugin after its folder in silence', async () => {
    const root = await tempTree({ 'gone/plugin.json': manifest('gone'), 'gone/skills/a/SKILL.md': skillMd('a') });
    // The file disappears between the listing of its folder and its opening.
    const beforeOpen = async (abs: string): Promise<void> => {
      if (abs.endsWith('plugin.json')) await rm(abs);
    };
    const listing = await pluginSource(root, { beforeOpen }).list();
    const all = [...listing.diagnostics, ...listing.entries.flatMap((e) => e.diagnostics ?? [])];
    expect(all.find((d) => d.message.includes('plugin.json'))?.message).toMatch(/could not be read \(ENOENT\)/);
    expect(all.some((d) => /has no `plugin.json`/.test(d.message))).toBe(false);
  });
});
