// Reads docs/architecture.md as data: its drawing, its folder table (one row per folder of src/: the files it holds and
// the folders it may import) and its package table (the optional peers, and the folders that may import each).
import type { ImportKind } from './source-imports.js';

/** A folder a row may import, and how: in any way, only by `import()` (it loads when a function runs), or only by `import type` (it never loads). */
export interface Permission {
  /** A folder relative to `src/` (`'format/'`, `'./'`); it opens the folders under it too, except `'./'`. */
  readonly folder: string;
  /** The kinds of import allowed: all three; `dynamic` and `type` for ``by `import()` ``; `type` alone for ``by `import type` ``. */
  readonly kinds: readonly ImportKind[];
}

/** One row of the folder table. */
export interface FolderRow {
  /** The folder, relative to `src/`, ending in `/` (`'format/yaml/'`); `'./'` is `src/` itself. */
  readonly folder: string;
  /** The bare names of the `.ts` files the row names. */
  readonly files: readonly string[];
  /** The folders its files may import, besides their own folder and the folders under it. */
  readonly mayImport: readonly Permission[];
}

/** One row of the package table: optional peers, and where they may be imported. */
export interface PackageRow {
  /** Package names (`'ai'`, `'@tensorflow/tfjs-core'`). */
  readonly packages: readonly string[];
  /** The folders that may import them (each opens the folders under it). */
  readonly importedBy: readonly Permission[];
}

/** What the page says, and what of it could not be read. */
export interface ArchitecturePage {
  /** The text of the first fenced block: the drawing of the layers. */
  readonly drawing: string;
  /** The folder table, in the page's order. */
  readonly folders: readonly FolderRow[];
  /** The package table, in the page's order. */
  readonly packages: readonly PackageRow[];
  /** Every path of a `.ts` file the page names in backticks with a folder (`sources/store.ts`), wherever it stands. */
  readonly mentions: readonly string[];
  /** Each cell or table that could not be read, with its line. */
  readonly problems: readonly string[];
}

/** The header of the folder table. */
export const FOLDER_HEADER = ['folder', 'files', 'may import'] as const;

/** The header of the package table. */
export const PACKAGE_HEADER = ['optional peer', 'imported by'] as const;

interface TableRow {
  readonly line: number;
  readonly cells: readonly string[];
}

function cellsOf(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());
}

/** The body rows of the table whose header is `header`, or undefined when the page has none. */
function tableOf(lines: readonly string[], header: readonly string[]): TableRow[] | undefined {
  const at = lines.findIndex((l) => l.trim().startsWith('|') && cellsOf(l).join('|').toLowerCase() === header.join('|'));
  if (at < 0) return undefined;
  const rows: TableRow[] = [];
  for (let i = at + 2; i < lines.length && (lines[i] as string).trim().startsWith('|'); i++) rows.push({ line: i + 1, cells: cellsOf(lines[i] as string) });
  return rows;
}

const PERMISSION = /^`([^`\s]*\/)`(?: by `(import\(\)|import type)`)?$/;

const KINDS: Readonly<Record<string, readonly ImportKind[]>> = { 'import()': ['dynamic', 'type'], 'import type': ['type'] };

/** A "may import" or "imported by" cell: `—`, or folders in backticks separated by commas, each maybe followed by ``by `import()` `` or ``by `import type` ``. */
export function readPermissions(cell: string, where: string, problems: string[]): Permission[] {
  if (cell === '—') return [];
  return cell.split(',').flatMap((item) => {
    const m = PERMISSION.exec(item.trim());
    if (m) return [{ folder: m[1] as string, kinds: KINDS[m[2] ?? ''] ?? ['static', 'type', 'dynamic'] }];
    problems.push(`${where}: cannot read "${item.trim()}": write \`folder/\`, \`folder/\` by \`import()\`, \`folder/\` by \`import type\`, or — for none`);
    return [];
  });
}

function folderRow(row: TableRow, problems: string[]): FolderRow | undefined {
  const where = `docs/architecture.md:${row.line}`;
  const [folderCell = '', filesCell = '', importCell = ''] = row.cells;
  if (row.cells.length !== FOLDER_HEADER.length) problems.push(`${where}: a row of the folder table needs ${FOLDER_HEADER.length} cells`);
  const folder = /^`([^`\s]*\/)`$/.exec(folderCell)?.[1];
  if (folder === undefined) {
    problems.push(`${where}: the folder cell "${folderCell}" must be one folder in backticks, ending in / (\`format/yaml/\`)`);
    return undefined;
  }
  const files: string[] = [];
  for (const [, name = ''] of filesCell.matchAll(/`([^`]+)`/g)) {
    if (!name.endsWith('.ts')) continue;
    if (/^[\w.-]+$/.test(name)) files.push(name);
    else problems.push(`${where}: \`${name}\`: the row of \`${folder}\` names its own files by their bare names`);
  }
  return { folder, files, mayImport: readPermissions(importCell, where, problems) };
}

function packageRow(row: TableRow, problems: string[]): PackageRow {
  const where = `docs/architecture.md:${row.line}`;
  const [packagesCell = '', byCell = ''] = row.cells;
  const packages = packagesCell.split(',').flatMap((item) => {
    const name = /^`([^`\s]+)`$/.exec(item.trim())?.[1];
    if (name === undefined) problems.push(`${where}: cannot read the package "${item.trim()}": write it in backticks`);
    return name === undefined ? [] : [name];
  });
  return { packages, importedBy: readPermissions(byCell, where, problems) };
}

/** Reads the drawing, the folder table and the package table of the architecture page. */
export function readArchitecturePage(markdown: string): ArchitecturePage {
  const lines = markdown.split(/\r?\n/);
  const problems: string[] = [];
  const drawing = /^```[^\n]*\n([\s\S]*?)^```/m.exec(markdown)?.[1];
  if (drawing === undefined) problems.push('docs/architecture.md has no drawing (a fenced block)');
  const folderTable = tableOf(lines, FOLDER_HEADER);
  if (folderTable === undefined) problems.push(`docs/architecture.md has no table headed | ${FOLDER_HEADER.join(' | ')} |`);
  const packageTable = tableOf(lines, PACKAGE_HEADER);
  if (packageTable === undefined) problems.push(`docs/architecture.md has no table headed | ${PACKAGE_HEADER.join(' | ')} |`);
  return {
    drawing: drawing ?? '',
    folders: (folderTable ?? []).flatMap((row) => folderRow(row, problems) ?? []),
    packages: (packageTable ?? []).map((row) => packageRow(row, problems)),
    mentions: [...new Set([...markdown.matchAll(/`([\w.-]+(?:\/[\w.-]+)+\.ts)`/g)].map((m) => m[1] as string))],
    problems,
  };
}
