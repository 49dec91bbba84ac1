// The house keeps the shape docs/architecture.md records: the page's folder table names every folder and file of src/
// and the folders each may import, this test reads that table (not a copy of it) and holds every import of src/ to it;
// no file takes part in an import circle; only node/ and vite/ reach Node's built-ins, and every package imported is a
// dependency or a peer the page allows where it is imported.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readArchitecturePage } from './architecture-page.js';
import {
  checkArrows,
  checkDrawing,
  checkFiles,
  checkFolders,
  checkLayerOrder,
  checkPackages,
  fileCycles,
  findCycles,
  foldersOf,
  opens,
  treeOf,
  type SourceTree,
} from './layer-checks.js';
import { importGraph, importsOf, sourceFiles } from './source-imports.js';

/** The folders whose code runs only in Node, with the folders under them (docs/architecture.md says the same): `postgres/` is a server entry. */
const NODE_FOLDERS = ['node/', 'vite/', 'postgres/'];

/** Folders whose code may import a client SDK at run time (each its own, an optional peer dependency). */
const CLIENT_FOLDERS = ['ai-sdk/', 'mcp/'];

/** Files elsewhere that may: the `satchel mcp` command, which runs only when asked for. */
const CLIENT_FILES = ['node/cli/commands/mcp.ts'];

const CLIENT_SDK = /^(?:ai|ai\/.*|openai|@anthropic-ai\/.*|@google\/genai|@modelcontextprotocol\/.*|zod)$/;

/** The run-time imports of a client SDK outside the client entries. */
function clientSdkLeaks(tree: SourceTree): string[] {
  return tree.files
    .filter((file) => !CLIENT_FOLDERS.some((c) => opens(c, file.slice(0, file.lastIndexOf('/') + 1))) && !CLIENT_FILES.includes(file))
    .flatMap((file) => (tree.imports.get(file) ?? []).filter((i) => i.kind !== 'type' && CLIENT_SDK.test(i.spec)).map((i) => `src/${file} → ${i.spec}`));
}

const page = readArchitecturePage(readFileSync('docs/architecture.md', 'utf8'));
const files = sourceFiles('src');
const tree: SourceTree = { files, folders: foldersOf(files), imports: importGraph('src', files) };
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies?: Record<string, string> };
const dependencies = new Set(Object.keys(manifest.dependencies ?? {}));

describe('docs/architecture.md and src/', () => {
  it('the page reads: a drawing, the folder table and the package table', () => {
    expect(page.problems).toEqual([]);
    expect(page.folders.length).toBeGreaterThan(0);
  });

  it('the folder table names every folder of src/, and only those', () => {
    expect(checkFolders(page.folders, tree)).toEqual([]);
  });

  it('each row names every file of its folder, and only those', () => {
    expect(checkFiles(page.folders, tree)).toEqual([]);
  });

  it('every import that crosses folders is one the table allows, and the table allows no arrow that no import takes', () => {
    expect(checkArrows(page.folders, tree)).toEqual([]);
  });

  it('the layers the table allows stand one above another', () => {
    expect(checkLayerOrder(page.folders)).toEqual([]);
  });

  it('every file the page names by its path is there (in src/, or from the root: test/…)', () => {
    expect(page.mentions.filter((path) => !existsSync(join('src', path)) && !existsSync(path))).toEqual([]);
  });

  it('the drawing shows every layer', () => {
    expect(checkDrawing(page.drawing, tree)).toEqual([]);
  });

  it('only node/, vite/ and postgres/ import Node built-ins, and every package imported is a dependency or a peer the page allows there', () => {
    expect(checkPackages({ dependencies, nodeFolders: NODE_FOLDERS, peers: page.packages }, tree)).toEqual([]);
  });

  it('only the client entries import a client SDK at run time', () => {
    expect(clientSdkLeaks(tree)).toEqual([]);
  });

  it('no files import each other in a circle', () => {
    expect(fileCycles(tree)).toEqual([]);
  });
});

/** A small page and a tree that agree with it; each test below plants one problem in a copy. */
const PAGE = [
  '# Layers',
  '',
  '```',
  'app/  ┄┄ import() ┄┄▶ plug/',
  'core/ (core/yaml/)',
  '```',
  '',
  '| folder | files | may import |',
  '|---|---|---|',
  '| `./` | `index.ts` (the entry) | `core/` |',
  '| `core/` | `parse.ts` and `types.ts`, the model | — |',
  '| `core/yaml/` | `read.ts` | `core/` by `import type` |',
  '| `app/` | `main.ts` | `core/`, `plug/` by `import()` |',
  '| `plug/` | `plug.ts` | `core/` |',
  '',
  '| optional peer | imported by |',
  '|---|---|',
  '| `ai` | `plug/` |',
  '| `@tensorflow/tfjs-core` | `plug/` by `import()` |',
].join('\n');

const TEXTS: Record<string, string> = {
  'index.ts': "export * from './core/parse.js';\n",
  'core/parse.ts': "import { read } from './yaml/read.js';\nimport type { Skill } from './types.js';\nimport { parse } from 'yaml';\n",
  'core/types.ts': '/** Example: `import { x } from "../app/main.js"` in a comment is no import. */\nexport const m = "import pg from \'pg\'";\n',
  'core/yaml/read.ts': "import type { Skill } from '../types.js';\n",
  'app/main.ts':
    "import { readFile } from 'node:fs/promises';\nimport { parseSkill } from '../core/parse.js';\nconst plug = () => import('../plug/plug.js');\n",
  'plug/plug.ts':
    "import { tool } from 'ai';\nimport type { Tensor } from '@tensorflow/tfjs-core';\nimport { m } from '../core/types.js';\nconst tf = () => import('@tensorflow/tfjs-core');\n",
};

const RULES = { dependencies: new Set(['yaml']), nodeFolders: ['app/'], peers: readArchitecturePage(PAGE).packages };

/** Every check over a page and a tree, in one list. */
function problemsOf(pageText: string, texts: Record<string, string>): string[] {
  const read = readArchitecturePage(pageText);
  const t = treeOf(texts);
  const rules = { ...RULES, peers: read.packages };
  return [
    ...read.problems,
    ...checkFolders(read.folders, t),
    ...checkFiles(read.folders, t),
    ...checkArrows(read.folders, t),
    ...checkLayerOrder(read.folders),
    ...checkDrawing(read.drawing, t),
    ...checkPackages(rules, t),
  ];
}

describe('the layer checks themselves', () => {
  it('read the page: folders, files, arrows (with how they may be taken) and peers', () => {
    const read = readArchitecturePage(PAGE);
    expect(read.problems).toEqual([]);
    expect(read.folders.map((r) => r.folder)).toEqual(['./', 'core/', 'core/yaml/', 'app/', 'plug/']);
    expect(read.folders[1]?.files).toEqual(['parse.ts', 'types.ts']);
    expect(read.folders[3]?.mayImport).toEqual([
      { folder: 'core/', kinds: ['static', 'type', 'dynamic'] },
      { folder: 'plug/', kinds: ['dynamic', 'type'] },
    ]);
    expect(read.mentions).toEqual([]);
    expect(readArchitecturePage('See `sources/store.ts` and `test/support/skill-md.ts`, not `parse.ts`.').mentions).toEqual([
      'sources/store.ts',
      'test/support/skill-md.ts',
    ]);
    expect(read.packages[1]).toEqual({ packages: ['@tensorflow/tfjs-core'], importedBy: [{ folder: 'plug/', kinds: ['dynamic', 'type'] }] });
  });

  it('find nothing wrong with a page and a tree that agree', () => {
    expect(problemsOf(PAGE, TEXTS)).toEqual([]);
  });

  it('refuse a cell they cannot read, and a page without its tables', () => {
    expect(readArchitecturePage(PAGE.replace('`core/`, `plug/` by `import()`', 'core, `plug/` lazily')).problems).toEqual([
      'docs/architecture.md:13: cannot read "core": write `folder/`, `folder/` by `import()`, `folder/` by `import type`, or — for none',
      'docs/architecture.md:13: cannot read "`plug/` lazily": write `folder/`, `folder/` by `import()`, `folder/` by `import type`, or — for none',
    ]);
    expect(readArchitecturePage('# Layers\n').problems).toHaveLength(3);
    expect(readArchitecturePage(PAGE.replace('`read.ts`', '`core/yaml/read.ts`')).problems[0]).toContain('names its own files by their bare names');
  });

  it('report a folder the table does not place, and a row for a folder that is not there', () => {
    expect(problemsOf(PAGE, { ...TEXTS, 'core/toml/read.ts': '' })).toContain('src/core/toml/ has no row in the folder table: add one for `core/toml/`');
    expect(problemsOf(PAGE.replace('| `plug/` |', '| `plugs/` |'), TEXTS)).toContain('the folder table has a row for `plugs/`, which is not a folder of src/');
  });

  it('report a file no row names, and a name that is no file', () => {
    expect(problemsOf(PAGE, { ...TEXTS, 'core/serialize.ts': '' })).toEqual(['src/core/serialize.ts is not named in the row of `core/`']);
    expect(problemsOf(PAGE.replace('`read.ts`', '`read.ts`, `tree.ts`'), TEXTS)).toEqual([
      'the row of `core/yaml/` names `tree.ts`, which is not in src/core/yaml/',
    ]);
  });

  it('report an arrow the table does not allow, a lazy arrow taken statically, and a type-only arrow taken at run time', () => {
    const upward = { ...TEXTS, 'core/types.ts': "import { main } from '../app/main.js';\n" };
    expect(problemsOf(PAGE, upward)).toEqual(['src/core/types.ts → ../app/main.js: `core/` may not import `app/` (docs/architecture.md)']);
    const eager = { ...TEXTS, 'app/main.ts': "import { parseSkill } from '../core/parse.js';\nimport { plug } from '../plug/plug.js';\n" };
    expect(problemsOf(PAGE, eager)).toEqual([
      'src/app/main.ts → ../plug/plug.js: `app/` may not import `plug/` but by import() (docs/architecture.md)',
      'the row of `app/` lets it import `plug/`, but no file of it does: strike it',
    ]);
    expect(problemsOf(PAGE, { ...TEXTS, 'core/yaml/read.ts': "import { m } from '../types.js';\n" })).toEqual([
      'src/core/yaml/read.ts → ../types.js: `core/yaml/` may not import `core/` but by import type (docs/architecture.md)',
      'the row of `core/yaml/` lets it import `core/`, but no file of it does: strike it',
    ]);
    expect(problemsOf(PAGE, { ...TEXTS, 'plug/plug.ts': "import { tool } from 'ai';\nimport('@tensorflow/tfjs-core');\nimport '../index.js';\n" })).toContain(
      'src/plug/plug.ts → ../index.js: `plug/` may not import `./` (docs/architecture.md)',
    );
    expect(problemsOf(PAGE, { ...TEXTS, 'core/types.ts': "import { x } from '../../test/support/x.js';\n" })).toEqual([
      'src/core/types.ts → ../../test/support/x.js: not a file of src/',
    ]);
  });

  it('report a permission no import uses, one another already opens, and one a folder needs none for', () => {
    expect(problemsOf(PAGE.replace('| `main.ts` | `core/`,', '| `main.ts` | `core/`, `core/yaml/`,'), TEXTS)).toEqual([
      'the row of `app/` names `core/yaml/`, which `core/` already opens',
      'the row of `app/` lets it import `core/yaml/`, but no file of it does: strike it',
    ]);
    expect(problemsOf(PAGE.replace('model | — |', 'model | `core/yaml/` |'), TEXTS)).toEqual([
      'the row of `core/` names `core/yaml/`: a folder imports its own sub-folders without leave',
      'the row of `core/` lets it import `core/yaml/`, but no file of it does: strike it',
    ]);
  });

  it('report layers that the table lets import one another in a circle', () => {
    const circle = readArchitecturePage(PAGE.replace('model | — |', 'model | `plug/` |')).folders;
    expect(checkLayerOrder(circle)).toEqual(['the folder table lets these layers import one another in a circle: core/, plug/']);
  });

  it('report a layer the drawing leaves out', () => {
    expect(problemsOf(PAGE.replace('┄┄ import() ┄┄▶ plug/', ''), TEXTS)).toEqual(['the drawing does not show `plug/`']);
  });

  it('report a server package, a Node built-in or a peer out of its place in a browser-safe folder', () => {
    const planted = (text: string): string[] => checkPackages(RULES, treeOf({ ...TEXTS, 'core/types.ts': text }));
    expect(planted("import pg from 'pg';\n")).toEqual([
      'src/core/types.ts imports `pg`: `pg` is neither a dependency in package.json nor a peer the package table lets `core/` import',
    ]);
    expect(planted("import { PGlite } from '@electric-sql/pglite';\n")[0]).toContain('`@electric-sql/pglite` is neither a dependency');
    for (const spec of ['fs', 'node:fs', 'fs/promises', 'worker_threads'])
      expect(planted(`import * as x from '${spec}';\n`)).toEqual([
        `src/core/types.ts imports \`${spec}\`, a Node built-in: only app/ may (the core runs in a browser)`,
      ]);
    expect(planted("import { tool } from 'ai';\n")[0]).toContain('nor a peer the package table lets `core/` import');
    const eager = checkPackages(RULES, treeOf({ ...TEXTS, 'plug/plug.ts': "import { tool } from 'ai';\nimport * as tf from '@tensorflow/tfjs-core';\n" }));
    expect(eager).toEqual([
      'src/plug/plug.ts imports `@tensorflow/tfjs-core` (static): `plug/` may import `@tensorflow/tfjs-core` only by import()',
      'the package table lets `plug/` import `@tensorflow/tfjs-core`, but no file of it does: strike it',
    ]);
  });

  it('report a client SDK imported at run time outside the client entries, not a type-only one', () => {
    const t = treeOf({
      'agent/a.ts': "import { tool } from 'ai';\nimport type { Tool } from 'openai';\n",
      'ai-sdk/b.ts': "import { tool } from 'ai';\n",
      'node/cli/commands/mcp.ts': "import { Server } from '@modelcontextprotocol/sdk/server/index.js';\n",
    });
    expect(clientSdkLeaks(t)).toEqual(['src/agent/a.ts → ai']);
  });

  it('read every import form (import() in a type is a type), and none in comments, strings, templates or regular expressions', () => {
    const text = [
      "import a from './a.js';",
      "import type { B } from '../b.js';",
      "export { c } from './c.js';",
      "export * as d from './d.js';",
      "const e = await import('./e.js');",
      "import './f.js';",
      "import {\n  g,\n  type G,\n} from './g.js';",
      "// import x from './comment.js';",
      "/* export * from './block.js'; */",
      'const s = "import y from \'./string.js\'";',
      'const t = `import z from ${"./template.js"}`;',
      "const r = /import w from '.\\/regex.js'/;",
      'const url = import.meta.url;',
      "export type { H } from './h.js';",
      "export type * from './i.js';",
      "type J = import('./j.js').J;",
      'export const k = 1 / 2;',
    ].join('\n');
    expect(importsOf(text)).toEqual([
      { spec: './a.js', kind: 'static' },
      { spec: '../b.js', kind: 'type' },
      { spec: './c.js', kind: 'static' },
      { spec: './d.js', kind: 'static' },
      { spec: './e.js', kind: 'dynamic' },
      { spec: './f.js', kind: 'static' },
      { spec: './g.js', kind: 'static' },
      { spec: './h.js', kind: 'type' },
      { spec: './i.js', kind: 'type' },
      { spec: './j.js', kind: 'type' },
    ]);
  });

  it('find a circle', () => {
    const edges: Record<string, string[]> = { a: ['b'], b: ['c'], c: ['a'], d: ['a'] };
    expect(findCycles(Object.keys(edges), (n) => edges[n] ?? [])).toEqual([['a', 'b', 'c']]);
    expect(fileCycles(treeOf({ 'x/a.ts': "import './b.js';", 'x/b.ts': "import type { A } from './a.js';", 'x/c.ts': "import './a.js';" }))).toEqual([
      ['x/a.ts', 'x/b.ts'],
    ]);
  });
});
