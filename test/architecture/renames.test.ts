// Renamed public names (docs/renames.md): each old name is still exported from its entry, as the very same value as
// its new name, marked @deprecated in the source, and listed on the page.
import 'fake-indexeddb/auto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type * as Embeddings from '../../src/embeddings/index.js';
import type * as AiSdk from '../../src/ai-sdk/index.js';
import type * as Store from '../../src/store/index.js';

/** Deprecated value aliases: the entry, the old name and the new one. */
const VALUE_ALIASES: readonly (readonly [entry: string, old: string, renamed: string])[] = [
  ['satchel', 'usagePrior', 'createUsagePrior'],
  ['satchel/node', 'usagePrior', 'createUsagePrior'],
  ['satchel/store', 'openSkillStore', 'openIndexedDbStore'],
  ['satchel/store', 'writeTools', 'createWriteTools'],
  ['satchel/store', 'ARCHIVE_FORMAT', 'EXPORT_FORMAT'],
  ['satchel/store', 'archiveDigest', 'exportDigest'],
  ['satchel/embeddings', 'createUseEmbedder', 'createSentenceEncoder'],
  ['satchel/embeddings', 'vectorCacheFrom', 'fileVectorCache'],
  ['satchel/node', 'useModelFiles', 'readModelFiles'],
  ['satchel/node', 'useWasmPaths', 'tfjsWasmPaths'],
  ['satchel/ai-sdk', 'skillTools', 'createSkillToolSet'],
];

/** Deprecated type aliases, checked by the compiler below and listed here for the page. */
const TYPE_ALIASES: readonly (readonly [entry: string, old: string, renamed: string])[] = [
  ['satchel/store', 'OpenSkillStoreOptions', 'IndexedDbStoreOptions'],
  ['satchel/store', 'SkillArchive', 'NamespaceExport'],
  ['satchel/store', 'ArchivedSkill', 'ExportedSkill'],
  ['satchel/store', 'ArchivedRevision', 'ExportedRevision'],
  ['satchel/store', 'ArchivedFile', 'ExportedFile'],
  ['satchel/store', 'ArchivedUsage', 'ExportedUsage'],
  ['satchel/embeddings', 'UseEmbedder', 'SentenceEncoder'],
  ['satchel/embeddings', 'UseEmbedderOptions', 'SentenceEncoderOptions'],
  ['satchel/ai-sdk', 'SkillToolsOptions', 'SkillToolSetOptions'],
];

/** Deprecated store methods: the same function under both names. */
const METHOD_ALIASES = [
  ['exportArchive', 'exportNamespace'],
  ['importArchive', 'importNamespace'],
] as const;

const ENTRY_MODULES: Record<string, () => Promise<Record<string, unknown>>> = {
  satchel: () => import('../../src/index.js'),
  'satchel/node': () => import('../../src/node/index.js'),
  'satchel/store': () => import('../../src/store/index.js'),
  'satchel/embeddings': () => import('../../src/embeddings/index.js'),
  'satchel/ai-sdk': () => import('../../src/ai-sdk/index.js'),
};

const ENTRY_FILES: Record<string, string> = {
  'satchel/store': 'src/store/index.ts',
  'satchel/embeddings': 'src/embeddings/index.ts',
  'satchel/ai-sdk': 'src/ai-sdk/index.ts',
};

/** Every `.ts` file under `dir`, with its text. */
function sources(dir: string): { file: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') ? [{ file: path, text: readFileSync(path, 'utf8') }] : [];
  });
}

describe('deprecated aliases of renamed names', () => {
  it.each(VALUE_ALIASES)('%s exports %s as the same value as %s', async (entry, old, renamed) => {
    const load = ENTRY_MODULES[entry];
    if (!load) throw new Error(`no module for ${entry}`);
    const mod = await load();
    expect(mod[renamed]).toBeDefined();
    expect(mod[old]).toBe(mod[renamed]);
  });

  it('each value alias is declared once, as `old = new`, under a @deprecated tag naming the new name', () => {
    const all = sources('src');
    for (const [, old, renamed] of new Map(VALUE_ALIASES.map((a) => [a[1], a])).values()) {
      const declared = all.filter(({ text }) => new RegExp(`^export const ${old}\\b`, 'm').test(text));
      expect(declared.map((d) => d.file)).toHaveLength(1);
      const text = declared[0]?.text ?? '';
      expect(text).toMatch(new RegExp(`/\\*\\* @deprecated Use \\{@link ${renamed}\\}[^\\n]*\\*/\\nexport const ${old} = ${renamed};`));
    }
  });

  it('each type alias is the same type as its new name (checked by the compiler: `tsc` covers test/)', () => {
    expectTypeOf<Store.OpenSkillStoreOptions>().toEqualTypeOf<Store.IndexedDbStoreOptions>();
    expectTypeOf<Store.SkillArchive>().toEqualTypeOf<Store.NamespaceExport>();
    expectTypeOf<Store.ArchivedSkill>().toEqualTypeOf<Store.ExportedSkill>();
    expectTypeOf<Store.ArchivedRevision>().toEqualTypeOf<Store.ExportedRevision>();
    expectTypeOf<Store.ArchivedFile>().toEqualTypeOf<Store.ExportedFile>();
    expectTypeOf<Store.ArchivedUsage>().toEqualTypeOf<Store.ExportedUsage>();
    expectTypeOf<Embeddings.UseEmbedder>().toEqualTypeOf<Embeddings.SentenceEncoder>();
    expectTypeOf<Embeddings.UseEmbedderOptions>().toEqualTypeOf<Embeddings.SentenceEncoderOptions>();
    expectTypeOf<AiSdk.SkillToolsOptions>().toEqualTypeOf<AiSdk.SkillToolSetOptions>();
  });

  it('each type alias is declared as `old = new` under a @deprecated tag, and exported from its entry', () => {
    const all = sources('src');
    for (const [entry, old, renamed] of TYPE_ALIASES) {
      const declared = all.filter(({ text }) =>
        new RegExp(`/\\*\\* @deprecated Use \\{@link ${renamed}\\}\\. \\*/\\nexport type ${old} = ${renamed};`).test(text),
      );
      expect(declared, old).toHaveLength(1);
      const index = readFileSync(ENTRY_FILES[entry] ?? '', 'utf8');
      expect(index, entry).toMatch(new RegExp(`\\btype ${old}\\b`));
    }
  });

  it('the stores answer to the old method names with the same functions, and the worker forwards both', async () => {
    const { createMemoryStore, openIndexedDbStore } = await import('../../src/store/index.js');
    const { FORWARDED_STORE_METHODS } = await import('../../src/worker/index.js');
    const idb = await openIndexedDbStore({ indexedDB: new IDBFactory(), name: 'renames', persist: false, broadcast: false });
    for (const store of [createMemoryStore(), idb]) {
      for (const [old, renamed] of METHOD_ALIASES) {
        expect(typeof store[renamed]).toBe('function');
        expect(store[old]).toBe(store[renamed]);
      }
    }
    idb.close();
    for (const names of METHOD_ALIASES) expect(FORWARDED_STORE_METHODS).toEqual(expect.arrayContaining([...names]));
  });

  it('docs/renames.md lists every rename, old name and new on one row', () => {
    const rows = readFileSync('docs/renames.md', 'utf8').split('\n');
    const listed = (old: string, renamed: string) => rows.some((row) => row.includes(`\`${old}\``) && row.includes(`\`${renamed}\``));
    const missing = [
      ...VALUE_ALIASES,
      ...TYPE_ALIASES,
      ...METHOD_ALIASES.map(([old, renamed]) => ['satchel/store', `store.${old}`, `store.${renamed}`] as const),
    ]
      .filter(([, old, renamed]) => !listed(old, renamed))
      .map(([entry, old, renamed]) => `${entry}: ${old} → ${renamed}`);
    expect(missing).toEqual([]);
  });
});
