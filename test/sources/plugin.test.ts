// memoryPluginSource: plugin skills read their own folder and the plugin's shared files, never a sibling's.
import { describe, expect, it } from 'vitest';
import { memoryPluginSource, SkillLoader, type SkillSource } from '../../src/index.js';
import { rejected } from '../support/errors.js';
import { PLUGIN_FIXTURE } from '../support/plugin-tree.js';
import { skillMd } from '../support/skill-md.js';
import { describeSourceContract } from './source-contract.js';

/** The plugin source over a plugin whose `skills/` holds the contract fixture, seen from inside `skills/`. */
function underSkills(source: SkillSource): SkillSource {
  return {
    name: source.name,
    list: async (call) => {
      const listing = await source.list(call);
      return { ...listing, entries: listing.entries.map((e) => ({ ...e, dir: e.dir.slice('skills/'.length), path: e.path.slice('skills/'.length) })) };
    },
    read: (path, call) => source.read(path.startsWith('/') || path.startsWith('.') || path.includes('\\') ? path : `skills/${path}`, call),
  };
}

describeSourceContract('memory plugin', (fixture) =>
  underSkills(memoryPluginSource({ 'plugin.json': '{"name":"contract"}', ...Object.fromEntries(Object.entries(fixture).map(([k, v]) => [`skills/${k}`, v])) })),
);

async function loaded(source: SkillSource): Promise<SkillLoader> {
  const loader = new SkillLoader({ builtin: source });
  await loader.loadAll();
  return loader;
}

describe('memoryPluginSource', () => {
  it('lists each plugin skill with its own files, the shared ones as its SKILL.md refers to them, and its bundle', async () => {
    const { entries } = await memoryPluginSource(PLUGIN_FIXTURE).list();
    expect(entries.map((e) => e.dir)).toEqual(['finance/skills/cim-builder', 'finance/skills/dcf-model-builder', 'legal/skills/contract-review']);
    const dcf = entries[1];
    expect(dcf?.bundle).toEqual({ name: 'corporate-finance', version: '1.2.0' });
    expect(dcf?.files?.map((f) => f.path).sort()).toEqual([
      '../../assets/logo.png',
      '../../references/glossary.md',
      '../../schemas/model.json',
      '../../shared/util.py',
      'references/steps.md',
    ]);
  });

  it("lets a skill read the shared files and its own, never a sibling skill's folder", async () => {
    const loader = await loaded(memoryPluginSource(PLUGIN_FIXTURE));
    expect(await loader.readFile('dcf-model-builder', '../../shared/util.py')).toContain('def npv');
    expect(await loader.readFile('dcf-model-builder', 'references/steps.md')).toContain('WACC');
    expect(await loader.readFile('cim-builder', 'private.md')).toContain('Only cim-builder');
    expect((await rejected(loader.readFile('dcf-model-builder', '../cim-builder/private.md'))).code).toBe('UNSAFE_PATH');
    expect((await rejected(loader.readFile('dcf-model-builder', '../../skills/cim-builder/private.md'))).code).toBe('UNSAFE_PATH');
    expect((await rejected(loader.readFile('dcf-model-builder', 'private.md'))).code).toBe('NOT_FOUND');
  });

  it('leaves junk out and keeps files outside the shared folders unlisted', async () => {
    const { entries } = await memoryPluginSource(PLUGIN_FIXTURE).list();
    const paths = entries.flatMap((e) => (e.files ?? []).map((f) => f.path));
    expect(paths.some((p) => p.includes('__pycache__') || p.includes('.DS_Store') || p.includes('README'))).toBe(false);
  });

  it('reports a malformed plugin.json and still loads the plugin under its folder name', async () => {
    const source = memoryPluginSource(PLUGIN_FIXTURE);
    const loader = await loaded(source);
    expect(loader.getByName('contract-review')).toBeDefined();
    expect(loader.diagnostics.find((d) => d.code === 'plugin-manifest')?.path).toBe('legal/plugin.json');
    const { entries } = await source.list();
    expect(entries.find((e) => e.dir.startsWith('legal/'))?.bundle).toEqual({ name: 'legal' });
  });

  it('changes the digest of every skill that can read a changed shared file, and of no other', async () => {
    const before = await loaded(memoryPluginSource(PLUGIN_FIXTURE));
    const after = await loaded(memoryPluginSource({ ...PLUGIN_FIXTURE, 'finance/shared/util.py': 'def npv(): return 0\n' }));
    for (const name of ['dcf-model-builder', 'cim-builder']) expect(after.getByName(name)?.digest).not.toBe(before.getByName(name)?.digest);
    expect(after.getByName('contract-review')?.digest).toBe(before.getByName('contract-review')?.digest);
  });

  it('refuses a skill name two plugins contribute, naming the skill and both plugins', async () => {
    const source = memoryPluginSource({
      ...PLUGIN_FIXTURE,
      'legal/skills/cim-builder/SKILL.md': skillMd('cim-builder', { description: 'A second cim-builder skill, in another plugin.' }),
    });
    const loader = await loaded(source);
    const duplicate = loader.diagnostics.find((d) => d.code === 'duplicate-skill');
    expect(duplicate?.severity).toBe('error');
    expect(duplicate?.message).toMatch(/cim-builder.*corporate-finance.*legal/);
    expect(loader.getByName('cim-builder')?.path).toBe('finance/skills/cim-builder/SKILL.md');
  });

  it('compares the names the skills give, not only their folders', async () => {
    const source = memoryPluginSource({
      ...PLUGIN_FIXTURE,
      'legal/skills/memo/SKILL.md': skillMd('cim-builder', { description: 'A cim-builder in a folder of another name.' }),
    });
    const { entries } = await source.list();
    const memo = entries.find((e) => e.dir === 'legal/skills/memo');
    expect(memo?.diagnostics?.map((d) => d.code)).toEqual(['duplicate-skill']);
  });

  it('refuses every skill of a plugin over its file bound', async () => {
    const loader = await loaded(memoryPluginSource(PLUGIN_FIXTURE, { maxPluginFiles: 5 }));
    expect(loader.getByName('dcf-model-builder')).toBeUndefined();
    expect(loader.getByName('contract-review')).toBeDefined();
    expect(loader.diagnostics.some((d) => d.code === 'limit-exceeded' && d.message.includes('maxPluginFiles'))).toBe(true);
  });

  it('refuses every skill of a plugin over its byte bound, and leaves junk inside a skill folder out', async () => {
    const source = memoryPluginSource(
      { ...PLUGIN_FIXTURE, 'finance/skills/cim-builder/.DS_Store': 'x', 'finance/skills/cim-builder/dist/out.js': 'built' },
      { maxPluginBytes: 200 },
    );
    const loader = await loaded(source);
    expect(loader.getByName('cim-builder')).toBeUndefined();
    expect(loader.diagnostics.some((d) => d.code === 'limit-exceeded' && d.message.includes('maxPluginBytes'))).toBe(true);
    const { entries } = await memoryPluginSource({ ...PLUGIN_FIXTURE, 'finance/skills/cim-builder/dist/out.js': 'built' }).list();
    expect(entries.find((e) => e.dir === 'finance/skills/cim-builder')?.files?.map((f) => f.path)).not.toContain('dist/out.js');
  });

  it('ignores a version that is not text, with a warning, and keeps the name', async () => {
    const { entries, diagnostics } = await memoryPluginSource({ ...PLUGIN_FIXTURE, 'legal/plugin.json': '{"name":"legal-kit","version":2}' }).list();
    expect(entries.find((e) => e.dir.startsWith('legal/'))?.bundle).toEqual({ name: 'legal-kit' });
    expect(diagnostics.map((d) => [d.code, d.path])).toEqual([['plugin-manifest', 'legal/plugin.json']]);
  });

  it('reads a single plugin at the root', async () => {
    const files = Object.fromEntries(
      Object.entries(PLUGIN_FIXTURE)
        .filter(([k]) => k.startsWith('finance/'))
        .map(([k, v]) => [k.slice('finance/'.length), v]),
    );
    const loader = await loaded(memoryPluginSource(files));
    expect(
      loader
        .getAll()
        .map((s) => s.name)
        .sort(),
    ).toEqual(['cim-builder', 'dcf-model-builder']);
    expect(await loader.readFile('dcf-model-builder', '../../shared/util.py')).toContain('def npv');
  });
});
