// pluginSource: plugin folders on disk, with the directory source's hardening, and the source contract under `skills/`.
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pluginSource, SkillLoader, type SkillSource } from '../../src/node/index.js';
import { rejected } from '../support/errors.js';
import { PLUGIN_FIXTURE } from '../support/plugin-tree.js';
import { tempTrees } from '../support/temp-trees.js';
import { describeSourceContract } from '../sources/source-contract.js';

const tempTree = tempTrees('satchel-plugin-');

async function loaded(source: SkillSource): Promise<SkillLoader> {
  const loader = new SkillLoader({ builtin: source });
  await loader.loadAll();
  return loader;
}

/** The plugin source over a plugin whose `skills/` holds the contract fixture, seen from inside `skills/`. */
function underSkills(source: SkillSource): SkillSource {
  const strip = (dir: string): string => dir.slice('skills/'.length);
  return {
    name: source.name,
    list: async (call) => {
      const listing = await source.list(call);
      return { ...listing, entries: listing.entries.map((e) => ({ ...e, dir: strip(e.dir) })) };
    },
    read: (path, call) => source.read(path.startsWith('/') || path.startsWith('.') || path.includes('\\') ? path : `skills/${path}`, call),
  };
}

let contractRoot = '';
describeSourceContract(
  'plugin',
  async (fixture) => {
    contractRoot = await tempTree({ 'plugin.json': '{"name":"contract"}', ...Object.fromEntries(Object.entries(fixture).map(([k, v]) => [`skills/${k}`, v])) });
    return underSkills(pluginSource(contractRoot));
  },
  { entryPath: (dir, fileName) => `${contractRoot}/skills/${dir}/${fileName}` },
);

describe('pluginSource', () => {
  it('reads a folder of plugins: shared files reachable by relative path, a sibling skill never', async () => {
    const root = await tempTree(PLUGIN_FIXTURE);
    const loader = await loaded(pluginSource(root));
    expect(
      loader
        .getAll()
        .map((s) => s.name)
        .sort(),
    ).toEqual(['cim-builder', 'contract-review', 'dcf-model-builder']);
    expect(await loader.readFile('dcf-model-builder', '../../shared/util.py')).toContain('def npv');
    expect((await rejected(loader.readFile('dcf-model-builder', '../cim-builder/private.md'))).code).toBe('UNSAFE_PATH');
    expect((await rejected(loader.readFile('dcf-model-builder', 'private.md'))).code).toBe('NOT_FOUND');
    const files = loader.getByName('dcf-model-builder')?.files.map((f) => f.path) ?? [];
    expect(files).toContain('../../assets/logo.png');
    expect(files.some((p) => p.includes('__pycache__') || p.includes('.DS_Store'))).toBe(false);
    expect(loader.diagnostics.find((d) => d.code === 'plugin-manifest')?.path).toBe('legal/plugin.json');
  });

  it('reads one plugin folder, and gives the same digests as the memory form', async () => {
    const finance = Object.fromEntries(Object.entries(PLUGIN_FIXTURE).filter(([k]) => k.startsWith('finance/')));
    const root = await tempTree(finance);
    const disk = await loaded(pluginSource(join(root, 'finance')));
    const { memoryPluginSource } = await import('../../src/index.js');
    const memory = await loaded(memoryPluginSource(finance));
    for (const name of ['dcf-model-builder', 'cim-builder']) expect(disk.getByName(name)?.digest).toBe(memory.getByName(name)?.digest);
  });

  it('refuses the skills of a plugin holding a symbolic link among its shared files', async () => {
    const root = await tempTree(PLUGIN_FIXTURE);
    await symlink('/etc/hostname', join(root, 'finance/shared/escape.txt'));
    const loader = await loaded(pluginSource(root));
    expect(loader.getByName('dcf-model-builder')).toBeUndefined();
    expect(loader.getByName('contract-review')).toBeDefined();
    expect(loader.diagnostics.some((d) => d.code === 'unsafe-path' && d.message.includes('escape.txt'))).toBe(true);
  });

  it('bounds the folders it reads in the shared folders, refusing the plugin past the bound', async () => {
    const folders = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`finance/shared/empty-${i}/deeper/.keep`, '']));
    const loader = await loaded(pluginSource(await tempTree({ ...PLUGIN_FIXTURE, ...folders }), { maxPluginFiles: 10 }));
    expect(loader.getByName('dcf-model-builder')).toBeUndefined();
    expect(loader.diagnostics.filter((d) => d.code === 'limit-exceeded' && d.message.includes('folders')).length).toBeGreaterThan(0);
  });

  it('never reads junk, even by its exact path', async () => {
    const root = await tempTree(PLUGIN_FIXTURE);
    await mkdir(join(root, 'finance/shared/build'), { recursive: true });
    await writeFile(join(root, 'finance/shared/build/out.js'), 'built');
    const source = pluginSource(root);
    const { entries } = await source.list();
    expect(entries.flatMap((e) => e.files ?? []).some((f) => f.path.includes('build/'))).toBe(false);
    expect((await rejected(source.read('finance/shared/build/out.js'))).code).toBe('NOT_FOUND');
  });
});
