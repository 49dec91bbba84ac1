/**
 * The routing bench's catalog section: for every turn that expects a skill,
 * is that skill in the loader's catalog for the turn at 4, 8 and 16 KiB
 * (`loader.catalogFit({ turn, maxBytes })`, in any form, a name alone
 * included), does `skills.search` put it in its top 5 for the turn's text,
 * and is it reachable by either? Also the median time of one per-turn
 * catalog. Sets: the corpus requests over the corpus skills, and the two
 * development sets.
 * @module
 */
import type { SkillSearchResult } from '../../src/agent/search-tool.js';
import type { SkillTool } from '../../src/agent/tools.js';
import { loadRoutingSet, readRoutingSet, type RoutingQuery, type RoutingSet } from './routing-data.js';
import { corpusRequests, corpusTools } from './scale-bases.js';
import { pct } from './routing-eval.js';
import { median, round } from '../stats.js';
import type { SkillLoaderOptions } from '../../src/loader/loader.js';

/** The budgets measured, in bytes. */
export const CATALOG_BUDGETS = [4096, 8192, 16384] as const;

/** One set at one budget. */
export interface CatalogRow {
  readonly set: string;
  readonly mode: 'lexical' | 'hybrid';
  readonly skills: number;
  readonly turns: number;
  readonly maxBytes: number;
  /** Share of turns whose expected skill is listed (%), in any form. */
  readonly listed: number;
  /** … listed with its description (whole or shortened). */
  readonly listedWithDescription: number;
  /** Share whose expected skill is in `skills.search`'s top 5 for the turn's text (%). */
  readonly searchTop5: number;
  /** Listed or found (%). */
  readonly reachable: number;
  /** Median skills listed per catalog. */
  readonly medianListed: number;
  /** Median time of one `catalogFit({ turn, maxBytes })` after `activate(turn)`, as an app runs a turn (the search is shared), ms. */
  readonly catalogMedianMs: number;
  /** … of one `catalogFit` alone, its search included, ms. */
  readonly coldCatalogMedianMs: number;
  /** … of the `activate(turn)` before it, ms (the turn's search). */
  readonly activateMedianMs: number;
}

/** The corpus requests as a routing set over the corpus skills. */
export function corpusSet(root: string): RoutingSet {
  return { name: 'corpus requests', tools: corpusTools(root), queries: corpusRequests(root) };
}

/** Every row: the corpus and the two development sets, lexical (and with `routing.embedder`, the search by meaning too). */
export async function runCatalogBench(
  root: string,
  files: readonly string[],
  log: (line: string) => void,
  routing: SkillLoaderOptions['routing'] = {},
): Promise<CatalogRow[]> {
  const rows: CatalogRow[] = [];
  for (const set of [corpusSet(root), ...files.map(readRoutingSet)]) {
    for (const row of await measureSet(set, routing)) {
      log(JSON.stringify({ catalog: true, ...row }));
      rows.push(row);
    }
  }
  return rows;
}

async function measureSet(set: RoutingSet, routing: SkillLoaderOptions['routing']): Promise<CatalogRow[]> {
  const { loader, names } = await loadRoutingSet(set, routing);
  await loader.embeddingsReady();
  const search = loader.tools.find((t) => t.id === 'skills.search') as SkillTool<SkillSearchResult>;
  const turns = set.queries.filter((q) => q.expected.length > 0);
  const expectedOf = (q: RoutingQuery): Set<string> => new Set(q.expected.flatMap((id) => names.get(id) ?? []));
  const found: boolean[] = [];
  for (const q of turns) {
    const hits = (await search.run({ query: q.text.slice(0, 2000), limit: 5 })).skills.map((s) => s.name);
    const expected = expectedOf(q);
    found.push(hits.some((h) => expected.has(h)));
  }
  const share = (flags: readonly boolean[]): number => pct(flags.filter(Boolean).length / Math.max(1, flags.length));
  const mode = routing?.embedder ? 'hybrid' : 'lexical';
  return CATALOG_BUDGETS.map((maxBytes) => {
    const listed: boolean[] = [];
    const described: boolean[] = [];
    const counts: number[] = [];
    const times: number[] = [];
    const cold: number[] = [];
    const activate: number[] = [];
    // Alone: the loader keeps the last turn's ranking, so each turn here searches afresh.
    for (const q of turns) {
      const t0 = performance.now();
      loader.catalogFit({ turn: q.text, maxBytes });
      cold.push(performance.now() - t0);
    }
    for (const q of turns) {
      const t0 = performance.now();
      loader.activate(q.text);
      const t1 = performance.now();
      const fit = loader.catalogFit({ turn: q.text, maxBytes });
      times.push(performance.now() - t1);
      activate.push(t1 - t0);
      const expected = expectedOf(q);
      const entry = fit.entries.find((e) => expected.has(e.name));
      listed.push(entry !== undefined);
      described.push(entry !== undefined && entry.form !== 'name');
      counts.push(fit.entries.length);
    }
    const reachable = listed.map((l, i) => l || found[i] === true);
    return {
      set: set.name,
      mode,
      skills: loader.size,
      turns: turns.length,
      maxBytes,
      listed: share(listed),
      listedWithDescription: share(described),
      searchTop5: share(found),
      reachable: share(reachable),
      medianListed: median(counts),
      catalogMedianMs: round(median(times), 3),
      coldCatalogMedianMs: round(median(cold), 3),
      activateMedianMs: round(median(activate), 3),
    };
  });
}
