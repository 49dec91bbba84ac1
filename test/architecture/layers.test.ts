// The house keeps its shape: imports point down the layers of docs/architecture.md, no file takes part in an
// import circle, and only the environment folders reach Node's built-ins.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Each folder of `src/` and the folders it may import from (besides itself). */
export const LAYERS: Readonly<Record<string, readonly string[]>> = {
  shared: [],
  format: ['shared'],
  // A builtin bundle carries a serialised routing index, so sources may take routing's types; never the reverse.
  sources: ['shared', 'format', 'routing'],
  routing: ['shared', 'format'],
  agent: ['shared', 'format', 'sources', 'routing'],
  loader: ['shared', 'format', 'sources', 'routing', 'agent'],
  store: ['shared', 'format', 'sources', 'routing', 'agent', 'loader'],
  embeddings: ['shared', 'format', 'sources', 'routing', 'agent', 'loader'],
  worker: ['shared', 'format', 'sources', 'routing', 'agent', 'loader', 'store', 'embeddings'],
  client: ['shared', 'format', 'sources', 'routing', 'agent', 'loader', 'store', 'embeddings', 'worker'],
  // The client entries wrap the core's tools for one framework each (their SDKs are optional peers).
  'ai-sdk': ['shared', 'format', 'sources', 'routing', 'agent', 'loader'],
  mcp: ['shared', 'format', 'sources', 'routing', 'agent', 'loader'],
  // satchel/node re-exports the whole core entry, so seed code needs one import.
  node: ['shared', 'format', 'sources', 'routing', 'agent', 'loader', 'store', 'mcp', 'embeddings', '.'],
  vite: ['shared', 'format', 'sources', 'routing', 'agent', 'loader', 'node'],
  // The root entry curates every core layer.
  '.': ['shared', 'format', 'sources', 'routing', 'agent', 'loader'],
};

/** Folders whose code may import `node:*`. */
const NODE_FOLDERS = new Set(['node', 'vite']);

/** Folders whose code may import a client SDK (each its own, an optional peer dependency). */
const CLIENT_FOLDERS = new Set(['ai-sdk', 'mcp']);

/** Files elsewhere that may: the `satchel mcp` command, which loads the MCP SDK only when run. */
const CLIENT_FILES = new Set(['src/node/cli/mcp.ts']);

const SRC = 'src';

/** The module specifiers a file imports for their values: `import type` and `export type` leave none at run time. */
function runtimeImportsOf(text: string): string[] {
  const typeOnly = /(?:^|[\s;])(?:import|export)\s+type\s[^'"]*?from\s*['"][^'"]+['"]/gm;
  return importsOf(text.replace(typeOnly, ''));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(path);
    return d.name.endsWith('.ts') && !d.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every module specifier a file imports or re-exports (static and dynamic, type-only included). */
export function importsOf(text: string): string[] {
  const specs: string[] = [];
  const pattern = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^import\s*['"]([^'"]+)['"]/gm;
  for (const m of text.matchAll(pattern)) specs.push((m[1] ?? m[2] ?? m[3]) as string);
  return specs;
}

/** The top folder of a `src/` file (`'.'` for files directly in `src/`). */
function folderOf(file: string): string {
  const rel = posix.normalize(relative(SRC, file).split('\\').join('/'));
  return rel.includes('/') ? (rel.split('/')[0] as string) : '.';
}

function resolveLocal(from: string, spec: string): string {
  return posix.normalize(posix.join(dirname(from).split('\\').join('/'), spec)).replace(/\.js$/, '.ts');
}

const files = sourceFiles(SRC).map((f) => f.split('\\').join('/'));
const graph = new Map(
  files.map((file) => {
    const specs = importsOf(readFileSync(file, 'utf8'));
    return [file, specs] as const;
  }),
);

describe('the layers of src/', () => {
  it('knows every folder of src/', () => {
    const unknown = [...new Set(files.map(folderOf))].filter((f) => !(f in LAYERS));
    expect(unknown, 'add new folders to LAYERS here and to docs/architecture.md').toEqual([]);
  });

  it('imports point only down the layers', () => {
    const wrong: string[] = [];
    for (const [file, specs] of graph) {
      const from = folderOf(file);
      for (const spec of specs.filter((s) => s.startsWith('.'))) {
        const to = folderOf(resolveLocal(file, spec));
        if (to !== from && !(LAYERS[from] ?? []).includes(to)) wrong.push(`${file} → ${spec} (${from} may not import ${to})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('only src/node and src/vite import Node built-ins', () => {
    const leaks: string[] = [];
    for (const [file, specs] of graph) {
      if (NODE_FOLDERS.has(folderOf(file))) continue;
      for (const spec of specs) if (spec.startsWith('node:') || ['fs', 'path', 'os', 'crypto', 'child_process'].includes(spec)) leaks.push(`${file} → ${spec}`);
    }
    expect(leaks).toEqual([]);
  });

  it('only the client entries import a client SDK at run time', () => {
    const sdk = /^(?:ai|ai\/.*|openai|@anthropic-ai\/.*|@google\/genai|@modelcontextprotocol\/.*|zod)$/;
    const leaks: string[] = [];
    for (const file of files) {
      if (CLIENT_FOLDERS.has(folderOf(file)) || CLIENT_FILES.has(file)) continue;
      for (const spec of runtimeImportsOf(readFileSync(file, 'utf8'))) if (sdk.test(spec)) leaks.push(`${file} → ${spec}`);
    }
    expect(leaks).toEqual([]);
  });

  it('no files import each other in a circle', () => {
    expect(findCycles(files, (f) => (graph.get(f) ?? []).filter((s) => s.startsWith('.')).map((s) => resolveLocal(f, s)))).toEqual([]);
  });
});

describe('the layer checks themselves', () => {
  it('read every import form', () => {
    const text =
      "import a from './a.js';\nimport type { B } from '../b.js';\nexport { c } from './c.js';\nexport * from './d.js';\nconst e = await import('./e.js');\nimport './f.js';\n";
    expect(importsOf(text)).toEqual(['./a.js', '../b.js', './c.js', './d.js', './e.js', './f.js']);
  });

  it('tell type-only imports from run-time ones', () => {
    const text = "import type { A } from 'ai';\nimport { tool } from 'ai';\nexport type { B } from 'openai';\nconst m = await import('zod');\n";
    expect(runtimeImportsOf(text)).toEqual(['ai', 'zod']);
  });

  it('find a circle', () => {
    const edges: Record<string, string[]> = { a: ['b'], b: ['c'], c: ['a'], d: ['a'] };
    expect(findCycles(Object.keys(edges), (n) => edges[n] ?? [])).toEqual([['a', 'b', 'c']]);
  });
});

/** The strongly connected groups of more than one file (or a file importing itself), each sorted. */
function findCycles(nodes: readonly string[], next: (node: string) => readonly string[]): string[][] {
  // Tarjan's algorithm, iterative enough for a few hundred files.
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
