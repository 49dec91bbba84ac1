/**
 * Store benchmark measures, isomorphic (Node on fake-indexeddb, Chromium on its IndexedDB): `loadAll` through the store
 * source over 500 user skills against a bare `idb` `getAll` of the same
 * records; `put` (validation, revision, head and audit entry in one
 * transaction) against a bare transaction writing the same three records;
 * `history` of a skill with 100 revisions against a bare `getAll` of them.
 *
 * As in the other benches, measures run as interleaved rounds (order
 * rotated each round) and we report medians and per-round ratios against
 * the baseline measured in the same process.
 * @module
 */
import { openDB, type IDBPDatabase } from 'idb';
import { LOADER_LIMITS } from '../../src/format/types.js';
import { SkillLoader } from '../../src/loader/loader.js';
import { readTier } from '../../src/loader/tier.js';
import type { SourceListing } from '../../src/sources/source.js';
import { storeSource } from '../../src/sources/store.js';
import { openIndexedDbStore, type SkillStore } from '../../src/store/index.js';
import { generateSkills } from '../generate.js';
import { measure, median, medianOfRatios, round, schedule, table, type Measure } from '../stats.js';

/** Options of {@link runStoreBench}. */
export interface StoreBenchOptions {
  /** User skills loaded (default 500). */
  count?: number;
  /** Measured rounds (default 11). */
  rounds?: number;
  /** Unmeasured warm-up rounds (default 3). */
  warmup?: number;
  /** Generator seed. */
  seed?: number;
  /** Output line writer (default `console.log`). */
  log?: (line: string) => void;
  /** Where it runs, for the report (default `Node <version>, fake-indexeddb`). */
  environment?: string;
}

const USER = ['acme', 'ann', 'skills'];
const NS = JSON.stringify(USER);
const PUTS_PER_ROUND = 20;
const REVISIONS = 100;
let sink = 0;

/** One measure's numbers: median per operation and the rounds. */
interface Stats {
  readonly label: string;
  readonly medianMs: number;
  readonly roundsMs: readonly number[];
}

/** Runs the measures on the global `indexedDB`; throws when the store does not load every skill. */
export async function runStoreMeasures(options: StoreBenchOptions = {}): Promise<Record<string, unknown>> {
  const count = options.count ?? 500;
  const rounds = options.rounds ?? 11;
  const warmup = options.warmup ?? 3;
  const log = options.log ?? ((line: string) => console.log(line));
  const name = `satchel-bench-store-${Date.now()}`;
  const store = await openIndexedDbStore({ name, persist: false, broadcast: false });
  const raw = await openDB(name);
  try {
    const skills = generateSkills(count, options.seed === undefined ? {} : { seed: options.seed });
    for (const s of skills) await store.put(USER, s.text);
    await store.put(['acme', 'skills'], skills[0]?.text ?? '');
    const history = await prepareHistory(store);
    const listing = await storeSource(store, USER, { perNamespace: count }).list();
    const measures = buildMeasures(store, raw, count, history, listing);
    for (const [m, measured] of schedule(measures, warmup, rounds)) {
      // Wall clock only: the same code runs in a browser, which has no process CPU clock.
      const t0 = performance.now();
      const per = await m.work();
      const ms = performance.now() - t0;
      if (measured) m.samples.push(ms / per);
    }
    if (sink === 0) log('(sink is zero)');
    const environment = options.environment ?? `Node ${globalThis.process?.version ?? '?'}, fake-indexeddb`;
    return report(measures, { count, rounds, warmup, putsPerRound: PUTS_PER_ROUND, revisions: REVISIONS }, environment, log);
  } finally {
    raw.close();
    store.close();
    await new Promise((resolve) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = request.onerror = resolve;
    });
  }
}

async function prepareHistory(store: SkillStore): Promise<string> {
  const ns = ['acme', 'hist', 'skills'];
  for (let i = 1; i <= REVISIONS; i++) await store.put(ns, skillText('long-history', `Revision ${i} of the instructions.`));
  return 'long-history';
}

function skillText(name: string, body: string): string {
  return `---\nname: ${name}\ndescription: A skill written many times, for the store benchmark.\n---\n${body}\n`;
}

/** Each measure's work returns how many operations it ran; samples are per operation. */
function buildMeasures(store: SkillStore, raw: IDBPDatabase, count: number, historyName: string, listing: SourceListing): Measure<() => Promise<number>>[] {
  const tier = { kind: 'user' as const, source: storeSource(store, USER, { perNamespace: count }) };
  const range = IDBKeyRange.bound([NS], [NS, []]);
  let puts = 0;
  let rawPuts = 0;
  const histNs = JSON.stringify(['acme', 'hist', 'skills']);
  return [
    measure('loadBaseline', `load baseline: idb getAll of the ${count} head records`, async () => {
      sink += (await raw.getAll('skills', range)).length;
      return 1;
    }),
    measure('loadAll', `load: new SkillLoader({ store }).loadAll() (perNamespace ${count})`, async () => {
      const loader = new SkillLoader({ store, limits: { perNamespace: count } });
      const all = await loader.loadAll('acme', 'ann');
      loader.close();
      if (all.length !== count) throw new Error(`bench: loadAll gave ${all.length} skills, not ${count}`);
      sink += all.length;
      return 1;
    }),
    measure('search', '  step: store.search(namespace)', async () => {
      sink += (await store.search(USER)).length;
      return 1;
    }),
    measure('list', '  step: storeSource(store, namespace).list() (search, documents, file digests)', async () => {
      sink += (await storeSource(store, USER, { perNamespace: count }).list()).entries.length;
      return 1;
    }),
    measure('parse', '  step: readTier(listing) (parseSkill of every entry)', async () => {
      sink += readTier(tier, listing, LOADER_LIMITS).candidates.length;
      return 1;
    }),
    measure('putBaseline', 'put baseline: one idb transaction writing revision, head and audit', async () => {
      for (let i = 0; i < PUTS_PER_ROUND; i++) {
        const n = ++rawPuts;
        const text = skillText('raw-writes', `Raw write ${n}.`);
        const tx = raw.transaction(['skills', 'revisions', 'audit'], 'readwrite', { durability: 'strict' });
        const record = { ns: NS, name: 'raw-writes', revision: n, digest: 'sha256:0', text, files: {}, at: '', actor: { kind: 'person' }, action: 'put' };
        await tx.objectStore('revisions').put(record);
        await tx.objectStore('skills').put({ ...record, state: 'archived', createdAt: '', updatedAt: '' });
        await tx.objectStore('audit').add({ ns: NS, name: 'raw-writes', action: 'put', revision: n, actor: { kind: 'person' }, at: '' });
        await tx.done;
      }
      return PUTS_PER_ROUND;
    }),
    measure('put', 'put: store.put (validate, revision, head, audit)', async () => {
      for (let i = 0; i < PUTS_PER_ROUND; i++) sink += (await store.put(['acme', 'writes', 'skills'], skillText('many-writes', `Write ${++puts}.`))).revision;
      return PUTS_PER_ROUND;
    }),
    measure('historyBaseline', `history baseline: idb getAll of ${REVISIONS} revision records`, async () => {
      sink += (await raw.getAll('revisions', IDBKeyRange.bound([histNs, historyName], [histNs, historyName, []]))).length;
      return 1;
    }),
    measure('history', `history: store.history (${REVISIONS} revisions)`, async () => {
      const revisions = await store.history(['acme', 'hist', 'skills'], historyName);
      if (revisions.length !== REVISIONS) throw new Error(`bench: history gave ${revisions.length} revisions`);
      sink += revisions.length;
      return 1;
    }),
  ];
}

function report(measures: Measure<unknown>[], config: Record<string, number>, environment: string, log: (line: string) => void): Record<string, unknown> {
  const stats: Record<string, Stats> = {};
  for (const m of measures) stats[m.key] = { label: m.label, medianMs: round(median(m.samples), 3), roundsMs: m.samples.map((x) => round(x, 3)) };
  const ratio = (a: string, b: string): number => round(medianOfRatios(stats[a]?.roundsMs ?? [], stats[b]?.roundsMs ?? []), 2);
  const ratios = {
    loadAll: ratio('loadAll', 'loadBaseline'),
    search: ratio('search', 'loadBaseline'),
    list: ratio('list', 'loadBaseline'),
    parse: ratio('parse', 'loadBaseline'),
    put: ratio('put', 'putBaseline'),
    history: ratio('history', 'historyBaseline'),
  };
  const base: Record<string, string> = {
    loadAll: 'loadBaseline',
    search: 'loadBaseline',
    list: 'loadBaseline',
    parse: 'loadBaseline',
    put: 'putBaseline',
    history: 'historyBaseline',
  };
  const rows = [['measure', 'median ms/op', '× baseline (median of round ratios)']];
  for (const m of measures) {
    const b = base[m.key];
    rows.push([m.label, (stats[m.key]?.medianMs ?? 0).toFixed(3), b ? `${ratio(m.key, b).toFixed(2)}×` : '—']);
  }
  log(`store bench (${environment}): ${config['count']} user skills, ${config['rounds']} rounds after ${config['warmup']} warm-up`);
  table(rows, log);
  log(`loadAll / bare getAll: ${ratios.loadAll}× (target ≤ 2×)`);
  return { bench: 'store', environment, config, measures: stats, ratios };
}
