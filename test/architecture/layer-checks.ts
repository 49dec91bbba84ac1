// The rules of docs/architecture.md as functions from the page and the tree to a list of problems, one line each;
// an empty list means the page and the code agree. Paths are relative to src/ (`format/yaml/read.ts`).
import { builtinModules } from 'node:module';
import type { FolderRow, PackageRow, Permission } from './architecture-page.js';
import { folderOf, importsOf, resolveLocal, type SourceImport } from './source-imports.js';

/** The files and folders of `src/`, and what each file imports. */
export interface SourceTree {
  /** Every `.ts` file, relative to `src/`. */
  readonly files: readonly string[];
  /** Every folder that holds a file, relative to `src/` and ending in `/`; `'./'` is `src/`. */
  readonly folders: readonly string[];
  /** What each file imports. */
  readonly imports: ReadonlyMap<string, readonly SourceImport[]>;
}

/** Every folder that holds one of the files, itself or below (an empty folder, which git does not keep, is none). */
export function foldersOf(files: readonly string[]): string[] {
  const folders = new Set(['./']);
  for (const file of files) for (let dir = folderOf(file); dir !== './'; dir = folderOf(dir.slice(0, -1))) folders.add(dir);
  return [...folders].sort();
}

/** A tree made from file texts, for the checks' own tests. */
export function treeOf(texts: Readonly<Record<string, string>>): SourceTree {
  const files = Object.keys(texts).sort();
  return { files, folders: foldersOf(files), imports: new Map(files.map((f) => [f, importsOf(texts[f] ?? '')])) };
}

/** The layer a folder belongs to: its top folder (`'format/'` for `'format/yaml/'`); `'./'` is a layer of its own. */
export function layerOf(folder: string): string {
  return folder === './' ? folder : `${folder.split('/')[0]}/`;
}

/** Whether naming `named` opens `folder`: the folder itself and the folders under it, but `'./'` opens only `src/`'s own files. */
export function opens(named: string, folder: string): boolean {
  return folder === named || (named !== './' && folder.startsWith(named));
}

/** Every folder of the tree has a row, and every row is a folder of the tree, once. */
export function checkFolders(rows: readonly FolderRow[], tree: SourceTree): string[] {
  const named = rows.map((r) => r.folder);
  return [
    ...tree.folders.filter((f) => !named.includes(f)).map((f) => `src/${f === './' ? '' : f} has no row in the folder table: add one for \`${f}\``),
    ...named.filter((f) => !tree.folders.includes(f)).map((f) => `the folder table has a row for \`${f}\`, which is not a folder of src/`),
    ...named.filter((f, i) => named.indexOf(f) !== i).map((f) => `the folder table has two rows for \`${f}\``),
  ];
}

/** Every file is named in its folder's row, and every name is a file of that folder. */
export function checkFiles(rows: readonly FolderRow[], tree: SourceTree): string[] {
  const problems: string[] = [];
  for (const row of rows) {
    const present = tree.files.filter((f) => folderOf(f) === row.folder).map((f) => f.slice(f.lastIndexOf('/') + 1));
    for (const name of present)
      if (!row.files.includes(name)) problems.push(`src/${row.folder === './' ? '' : row.folder}${name} is not named in the row of \`${row.folder}\``);
    for (const name of new Set(row.files))
      if (!present.includes(name))
        problems.push(`the row of \`${row.folder}\` names \`${name}\`, which is not in src/${row.folder === './' ? '' : row.folder}`);
  }
  return problems;
}

/** Each relative import of the tree, resolved: the importing file, the specifier, its kind and the file it names (undefined outside `src/`). */
function localArrows(tree: SourceTree): { file: string; spec: string; kind: SourceImport['kind']; target: string | undefined }[] {
  return tree.files.flatMap((file) =>
    (tree.imports.get(file) ?? []).filter((i) => i.spec.startsWith('.')).map((i) => ({ file, spec: i.spec, kind: i.kind, target: resolveLocal(file, i.spec) })),
  );
}

/** The permissions of one row that are themselves wrong: unknown folders, its own folder, and names another name already opens. */
function rowProblems(row: FolderRow, known: readonly string[]): string[] {
  const problems: string[] = [];
  for (const p of row.mayImport) {
    if (!known.includes(p.folder)) problems.push(`the row of \`${row.folder}\` names \`${p.folder}\`, which has no row`);
    else if (opens(row.folder, p.folder))
      problems.push(`the row of \`${row.folder}\` names \`${p.folder}\`: a folder imports its own sub-folders without leave`);
    const wider = row.mayImport.find((q) => q !== p && q.folder !== p.folder && opens(q.folder, p.folder));
    if (wider !== undefined) problems.push(`the row of \`${row.folder}\` names \`${p.folder}\`, which \`${wider.folder}\` already opens`);
  }
  return problems;
}

/** How a permission's kinds read in a message: `by import()` or `by import type`. */
function byWhat(p: Permission): string {
  return p.kinds.includes('dynamic') ? 'by import()' : 'by import type';
}

/** Every import that crosses folders is one the table allows, and every folder a row allows is imported by some file of it. */
export function checkArrows(rows: readonly FolderRow[], tree: SourceTree): string[] {
  const known = rows.map((r) => r.folder);
  const problems = rows.flatMap((r) => rowProblems(r, known));
  const used = new Set<Permission>();
  for (const { file, spec, kind, target } of localArrows(tree)) {
    if (target === undefined || !tree.files.includes(target)) {
      problems.push(`src/${file} → ${spec}: not a file of src/`);
      continue;
    }
    const from = folderOf(file);
    const to = folderOf(target);
    const row = rows.find((r) => r.folder === from);
    if (row === undefined || opens(from, to)) continue;
    const open = row.mayImport.filter((p) => opens(p.folder, to));
    const fit = open.filter((p) => p.kinds.includes(kind));
    fit.forEach((p) => used.add(p));
    if (fit.length > 0) continue;
    const only = open[0] === undefined ? '' : ` but ${byWhat(open[0])}`;
    problems.push(`src/${file} → ${spec}: \`${from}\` may not import \`${to}\`${only} (docs/architecture.md)`);
  }
  for (const row of rows)
    for (const p of row.mayImport)
      if (!used.has(p) && known.includes(p.folder))
        problems.push(`the row of \`${row.folder}\` lets it import \`${p.folder}\`, but no file of it does: strike it`);
  return problems;
}

/** The layers the table allows stand one above another: no circle among them (folders of one layer may import each other). */
export function checkLayerOrder(rows: readonly FolderRow[]): string[] {
  const edges = new Map<string, Set<string>>();
  for (const row of rows)
    for (const p of row.mayImport) {
      const [from, to] = [layerOf(row.folder), layerOf(p.folder)];
      if (from !== to) edges.set(from, new Set([...(edges.get(from) ?? []), to]));
    }
  return findCycles([...edges.keys()].sort(), (n) => [...(edges.get(n) ?? [])]).map(
    (c) => `the folder table lets these layers import one another in a circle: ${c.join(', ')}`,
  );
}

/** Every layer of the tree stands in the drawing, by its folder name. */
export function checkDrawing(drawing: string, tree: SourceTree): string[] {
  const layers = [...new Set(tree.folders.map(layerOf))].filter((l) => l !== './');
  return layers
    .filter((l) => !new RegExp(`(?<![\\w/-])${l.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(drawing))
    .map((l) => `the drawing does not show \`${l}\``);
}

/** The package a bare specifier names: `'@noble/hashes'` for `'@noble/hashes/sha2.js'`, `'yaml'` for `'yaml'`. */
export function packageOf(spec: string): string {
  const parts = spec.split('/');
  return (spec.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/** Whether a specifier names a Node built-in (`node:fs`, `fs`, `fs/promises`). */
export function isNodeBuiltin(spec: string): boolean {
  return spec.startsWith('node:') || builtinModules.includes(spec) || builtinModules.includes(packageOf(spec));
}

/** Where packages may be imported: the runtime dependencies anywhere, Node built-ins only in `nodeFolders`, each peer where the package table says. */
export interface PackageRules {
  /** The `dependencies` of package.json. */
  readonly dependencies: ReadonlySet<string>;
  /** The folders whose code runs only in Node (`'node/'`, `'vite/'`; the folders under them too). */
  readonly nodeFolders: readonly string[];
  /** The package table of the page. */
  readonly peers: readonly PackageRow[];
}

/** Every bare import is a runtime dependency, a Node built-in in a Node-only folder, or a peer the page allows there (by `import()` where it says so). */
export function checkPackages(rules: PackageRules, tree: SourceTree): string[] {
  const problems: string[] = [];
  const used = new Set<string>();
  for (const file of tree.files) {
    const folder = folderOf(file);
    const nodeOnly = rules.nodeFolders.some((n) => opens(n, folder));
    for (const { spec, kind } of (tree.imports.get(file) ?? []).filter((i) => !i.spec.startsWith('.'))) {
      const name = packageOf(spec);
      if (isNodeBuiltin(spec)) {
        if (!nodeOnly) problems.push(`src/${file} imports \`${spec}\`, a Node built-in: only ${rules.nodeFolders.join(', ')} may (the core runs in a browser)`);
        continue;
      }
      if (rules.dependencies.has(name)) continue;
      const leave = rules.peers.flatMap((row, r) =>
        row.packages.includes(name) ? row.importedBy.filter((p) => opens(p.folder, folder)).map((p) => ({ p, key: `${r}:${p.folder}:${name}` })) : [],
      );
      const fit = leave.find(({ p }) => p.kinds.includes(kind));
      if (fit !== undefined) used.add(fit.key);
      else if (leave[0] !== undefined)
        problems.push(`src/${file} imports \`${spec}\` (${kind}): \`${folder}\` may import \`${name}\` only ${byWhat(leave[0].p)}`);
      else
        problems.push(
          `src/${file} imports \`${spec}\`: \`${name}\` is neither a dependency in package.json nor a peer the package table lets \`${folder}\` import`,
        );
    }
  }
  rules.peers.forEach((row, r) => {
    for (const p of row.importedBy)
      for (const name of row.packages)
        if (!used.has(`${r}:${p.folder}:${name}`))
          problems.push(`the package table lets \`${p.folder}\` import \`${name}\`, but no file of it does: strike it`);
  });
  return problems;
}

/** The strongly connected groups of more than one node (or a node that reaches itself), each sorted. */
export function findCycles(nodes: readonly string[], next: (node: string) => readonly string[]): string[][] {
  // Tarjan's algorithm; recursion is deep enough for a few hundred files.
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!indices.has(w)) {
        if (!nodes.includes(w)) continue;
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, indices.get(w) ?? 0));
    }
    if (low.get(v) === indices.get(v)) {
      const group: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || next(v).includes(v)) cycles.push(group.sort());
    }
  };
  for (const n of nodes) if (!indices.has(n)) visit(n);
  return cycles;
}

/** The files that import each other in a circle, through their relative imports of any kind. */
export function fileCycles(tree: SourceTree): string[][] {
  const next = (f: string): string[] =>
    (tree.imports.get(f) ?? []).flatMap((i) => (i.spec.startsWith('.') ? (resolveLocal(f, i.spec) ?? []) : [])).filter((t) => tree.files.includes(t));
  return findCycles(tree.files, next);
}
