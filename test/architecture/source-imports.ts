// What a TypeScript file imports, read from its syntax tree (Vite's `parseAst`, oxc underneath: TypeScript 7 ships no
// JavaScript compiler API), so an `import … from 'x'` in a TSDoc example, an error message or generated code is no import.
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { parseAst } from 'vite';

/** How a module is imported: a declaration (`static`), `import type`/`export type` (`type`, erased at run time), or `import()` (`dynamic`). */
export type ImportKind = 'static' | 'type' | 'dynamic';

/** One module specifier a file imports or re-exports. */
export interface SourceImport {
  /** The specifier as written (`'../format/types.js'`, `'yaml'`). */
  readonly spec: string;
  /** How it is imported. */
  readonly kind: ImportKind;
}

/** The part of an ESTree node this reader looks at. */
interface AstNode {
  readonly type: string;
  readonly source?: { readonly type: string; readonly value?: unknown } | null;
  readonly importKind?: string;
  readonly exportKind?: string;
}

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/** The import a node makes, if it makes one with a literal specifier. */
function importOf(node: AstNode): SourceImport | undefined {
  const spec = node.source?.type === 'Literal' && typeof node.source.value === 'string' ? node.source.value : undefined;
  if (spec === undefined) return undefined;
  switch (node.type) {
    case 'ImportDeclaration':
      return { spec, kind: node.importKind === 'type' ? 'type' : 'static' };
    case 'ExportNamedDeclaration':
    case 'ExportAllDeclaration':
      return { spec, kind: node.exportKind === 'type' ? 'type' : 'static' };
    case 'ImportExpression':
      return { spec, kind: 'dynamic' };
    case 'TSImportType':
      return { spec, kind: 'type' };
    default:
      return undefined;
  }
}

/**
 * Every module a file imports or re-exports, in source order: declarations (`import { type A }` still loads its module
 * under `verbatimModuleSyntax`, so it is `static`), `import type` and `export type`, `import('…')` with a literal, and
 * `import('…')` in a type. Read from the syntax tree, so nothing in a comment, string or regular expression counts.
 */
export function importsOf(text: string): SourceImport[] {
  const found: SourceImport[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (isNode(value)) {
      const made = importOf(value);
      if (made !== undefined) found.push(made);
      for (const child of Object.values(value)) if (typeof child === 'object') visit(child);
    }
  };
  visit(parseAst(text, { lang: 'ts' }));
  return found;
}

/** Every `.ts` file under `root` (declaration files included), as a path relative to `root` with `/` separators. */
export function sourceFiles(root: string, dir = ''): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .flatMap((d) => {
      const path = dir === '' ? d.name : `${dir}/${d.name}`;
      if (d.isDirectory()) return sourceFiles(root, path);
      return d.name.endsWith('.ts') ? [path] : [];
    })
    .sort();
}

/** The folder of a path relative to `src/`: `'format/yaml/'` for `'format/yaml/read.ts'`, `'./'` for `'index.ts'`. */
export function folderOf(file: string): string {
  const dir = posix.dirname(file);
  return dir === '.' ? './' : `${dir}/`;
}

/** The file a relative specifier names, relative to the same root as `from`, or undefined when it leaves the root. */
export function resolveLocal(from: string, spec: string): string | undefined {
  const path = posix.normalize(posix.join(posix.dirname(from), spec)).replace(/\.js$/, '.ts');
  return path.startsWith('../') || path === '..' ? undefined : path;
}

/** Each file under `root` with what it imports. */
export function importGraph(root: string, files: readonly string[]): Map<string, SourceImport[]> {
  return new Map(files.map((file) => [file, importsOf(readFileSync(join(root, file), 'utf8'))]));
}
