// Loads every collection of a corpus folder and tallies the outcome per skill folder.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseSkill, type ParseResult } from '../../src/index.js';
import { directorySource } from '../../src/node/index.js';

/** The outcome for one skill folder. */
export interface FolderResult {
  /** Folder relative to the corpus root. */
  dir: string;
  result: ParseResult;
}

/** Counts as the issue asks: loaded, loaded with warnings, skipped by the code of the first error. */
export interface CorpusSummary {
  folders: number;
  loaded: number;
  loadedWithWarnings: number;
  skipped: Record<string, number>;
  warnings: Record<string, number>;
}

/** Lists every collection under `root` with one directory source each and parses every entry. */
export async function readCorpus(root: string, includeHidden = true): Promise<FolderResult[]> {
  const results: FolderResult[] = [];
  const collections = (await readdir(root, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  for (const collection of collections) {
    const source = directorySource(join(root, collection), { includeHidden, maxFolders: 20_000 });
    const listing = await source.list();
    for (const entry of listing.entries) {
      const listed = entry.diagnostics ?? [];
      const parsed = listed.some((d) => d.severity === 'error')
        ? { errors: [], warnings: [], infos: [] }
        : parseSkill(entry.text ?? '', {
            path: entry.path,
            ...(entry.folder === undefined ? {} : { folder: entry.folder }),
            ...(entry.fileName === undefined ? {} : { fileName: entry.fileName }),
            ...(entry.files === undefined ? {} : { files: entry.files }),
          });
      const result: ParseResult = {
        errors: [...listed.filter((d) => d.severity === 'error'), ...parsed.errors],
        warnings: [...listed.filter((d) => d.severity === 'warning'), ...parsed.warnings],
        infos: [...listed.filter((d) => d.severity === 'info'), ...parsed.infos],
      };
      if (parsed.skill && result.errors.length === 0) result.skill = parsed.skill;
      results.push({ dir: entry.dir === '' ? collection : `${collection}/${entry.dir}`, result });
    }
  }
  return results;
}

/** Tallies folder results. */
export function summarize(results: readonly FolderResult[]): CorpusSummary {
  const summary: CorpusSummary = { folders: results.length, loaded: 0, loadedWithWarnings: 0, skipped: {}, warnings: {} };
  for (const { result } of results) {
    if (!result.skill) {
      const code = result.errors[0]?.code ?? 'unknown';
      summary.skipped[code] = (summary.skipped[code] ?? 0) + 1;
      continue;
    }
    summary.loaded++;
    if (result.warnings.length > 0) summary.loadedWithWarnings++;
    for (const code of new Set(result.warnings.map((w) => w.code))) summary.warnings[code] = (summary.warnings[code] ?? 0) + 1;
  }
  return summary;
}
