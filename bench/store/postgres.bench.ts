/**
 * The PostgreSQL store in `npm run bench:store`, beside the IndexedDB
 * figures: `loadAll` of 500 and 10,000 org skills through the loader (its
 * `maxSkills` raised) against a bare `SELECT` of the same head rows; `put`
 * with a revision; `history` of 100 revisions; and how long a change takes
 * to reach a second server's loader. On PGlite (in memory, the second store
 * on the same instance) and, when `SATCHEL_TEST_PG_URL` names one, on a
 * server (the second store in a child process). Medians of interleaved
 * rounds, ratios against the baseline measured in the same process.
 * @module
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { SkillLoader } from '../../src/loader/loader.js';
import { openPostgresSkillStore, type PostgresSkillStore, type PostgresStoreOptions } from '../../src/postgres/index.js';
import { createMemoryStore, type NamespaceExport } from '../../src/store/index.js';
import { generateSkills } from '../generate.js';
import { measure, median, medianOfRatios, round, schedule, table, type Measure } from '../stats.js';
import { startBenchPeer, type BenchPeer } from './postgres-peer.js';

const ORG = ['acme', 'skills'];
const HEAD_COLUMNS = 'ns, name, revision, digest, state, text, files, created_at, updated_at, history_bytes';
const PUTS = 20;
const CHANGES = 5;
const REVISIONS = 100;
const LIMITS = { maxSkills: 20_000, maxTotalBytes: 1024 * 1024 * 1024 };
let sink = 0;

/** Options: rounds and warm-up of the small measures (the 10,000-skill ones run a third as many), and the writer. */
export interface PostgresBenchOptions {
  readonly rounds?: number;
  readonly warmup?: number;
  readonly log?: (line: string) => void;
}

/** A database the measures run on. */
interface Target {
  readonly label: string;
  readonly store: (schema: string, listen?: boolean) => Promise<PostgresSkillStore>;
  readonly select: (schema: string) => Promise<number>;
  /** A second server's store on `schema`: the time each change reached its loader. */
  readonly peer: (schema: string) => Promise<BenchPeer>;
  readonly end: () => Promise<void>;
}

/** Runs on PGlite, then on the server when `SATCHEL_TEST_PG_URL` names one. */
export async function runPostgresBench(options: PostgresBenchOptions = {}): Promise<Record<string, unknown>> {
  const log = options.log ?? ((line: string) => console.log(line));
  log('preparing 10,000 generated org skills (memory store exports, imported in one transaction per schema)…');
  const [small, large] = (await exportsOf(500, 10_000)) as [NamespaceExport, NamespaceExport];
  const results: Record<string, unknown> = { pglite: await onTarget(await pgliteTarget(), small, large, options, log) };
  const url = process.env['SATCHEL_TEST_PG_URL'];
  if (url) results['server'] = await onTarget(serverTarget(url), small, large, options, log);
  else log('PostgreSQL server: skipped (set SATCHEL_TEST_PG_URL=postgres://user@host:port/db to measure one)');
  return results;
}

async function exportsOf(...counts: number[]): Promise<NamespaceExport[]> {
  const skills = generateSkills(Math.max(...counts));
  const memory = createMemoryStore();
  for (const [i, s] of skills.entries()) for (const count of counts) if (i < count) await memory.put(['n', String(count)], s.text);
  return Promise.all(counts.map((count) => memory.exportNamespace(['n', String(count)])));
}

async function pgliteTarget(): Promise<Target> {
  const db = await PGlite.create();
  const store = (schema: string, listen = true) => openPostgresSkillStore({ pglite: db, schema, listen });
  return {
    label: 'PGlite (in memory; the second store on the same instance)',
    store,
    select: async (schema) => (await db.query(`SELECT ${HEAD_COLUMNS} FROM "${schema}".skills WHERE ns = $1`, [JSON.stringify(ORG)])).rows.length,
    peer: (schema) => inProcessPeer(() => store(schema)),
    end: () => db.close(),
  };
}

function serverTarget(url: string): Target {
  const pool = new pg.Pool({ connectionString: url });
  const made: string[] = [];
  return {
    label: `PostgreSQL server (${new URL(url).host}; the second store in a child process)`,
    store: (schema, listen = true) => (made.push(schema), openPostgresSkillStore({ connectionString: url, schema, listen } satisfies PostgresStoreOptions)),
    select: async (schema) => (await pool.query(`SELECT ${HEAD_COLUMNS} FROM "${schema}".skills WHERE ns = $1`, [JSON.stringify(ORG)])).rows.length,
    peer: (schema) => startBenchPeer(url, schema),
    async end() {
      for (const schema of new Set(made)) await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await pool.end();
    },
  };
}

/** A second store and loader in this process: what PGlite, one process's database, can share. */
async function inProcessPeer(open: () => Promise<PostgresSkillStore>): Promise<BenchPeer> {
  const store = await open();
  const loader = new SkillLoader({ store });
  await loader.loadAll('acme');
  const waiting = new Map<string, (h: { name: string; revision: number; at: number }) => void>();
  loader.on('change', (c) => waiting.get(`${c.name}@${c.revision ?? 0}`)?.({ name: c.name, revision: c.revision ?? 0, at: Date.now() }));
  return {
    next: (name, revision) => new Promise((resolve) => waiting.set(`${name}@${revision}`, resolve)),
    async stop() {
      loader.close();
      await store.close();
    },
  };
}

type Work = () => Promise<number>;

/** Every measure on one target; resolves to its report. */
async function onTarget(t: Target, small: NamespaceExport, large: NamespaceExport, o: PostgresBenchOptions, log: (line: string) => void) {
  const id = `bench_${process.pid}_${Date.now().toString(36)}`;
  const [s500, s10k, writes] = [`${id}_500`, `${id}_10k`, `${id}_w`];
  const store500 = await t.store(s500, false);
  const store10k = await t.store(s10k, false);
  const writer = await t.store(writes);
  try {
    await store500.importNamespace(small, { namespace: ORG });
    await store10k.importNamespace(large, { namespace: ORG });
    for (let i = 1; i <= REVISIONS; i++) await writer.put(['acme', 'hist'], skillText('long-history', `Revision ${i}.`));
    const peer = await t.peer(writes);
    const loadAll =
      (store: PostgresSkillStore, count: number): Work =>
      async () => {
        const loader = new SkillLoader({ store, limits: LIMITS });
        const all = await loader.loadAll('acme');
        loader.close();
        if (all.length !== count) throw new Error(`bench: loadAll gave ${all.length} skills, not ${count}`);
        return ((sink += all.length), 1);
      };
    const select =
      (schema: string, count: number): Work =>
      async () => {
        const rows = await t.select(schema);
        if (rows !== count) throw new Error(`bench: the SELECT gave ${rows} rows, not ${count}`);
        return ((sink += rows), 1);
      };
    let puts = 0;
    let changes = 0;
    const propagation: number[] = [];
    const smallMeasures: Measure<Work>[] = [
      measure('select500', 'baseline: SELECT of the 500 head rows', select(s500, 500)),
      measure('loadAll500', 'loadAll: new SkillLoader({ store }).loadAll() of 500 org skills', loadAll(store500, 500)),
      measure('put', 'put: a new revision (validate, revision, head, audit; one transaction)', async () => {
        for (let i = 0; i < PUTS; i++) sink += (await writer.put(['acme', 'writes'], skillText('many-writes', `Write ${++puts}.`))).revision;
        return PUTS;
      }),
      measure('history', `history: store.history (${REVISIONS} revisions)`, async () => {
        sink += (await writer.history(['acme', 'hist'], 'long-history')).length;
        return 1;
      }),
      measure('propagation', 'change seen by the second server’s loader (from the put’s start)', async () => {
        for (let i = 0; i < CHANGES; i++) {
          const n = ++changes;
          const heard = peer.next('moving', n);
          const t0 = Date.now();
          await writer.put(ORG, skillText('moving', `Change ${n}.`));
          propagation.push((await heard).at - t0);
        }
        return CHANGES;
      }),
    ];
    // The propagation row reports its own per-change times (from the put's start to the peer's loader event).
    const rounds = o.rounds ?? 11;
    const warmup = o.warmup ?? 3;
    await timeRounds(smallMeasures, warmup, rounds);
    const largeMeasures = [
      measure('select10k', 'baseline: SELECT of the 10,000 head rows', select(s10k, 10_000)),
      measure('loadAll10k', 'loadAll: 10,000 org skills (maxSkills raised to 20,000)', loadAll(store10k, 10_000)),
    ];
    await timeRounds(largeMeasures, 1, Math.max(3, Math.round(rounds / 3)));
    await peer.stop();
    const measured = propagation.slice(warmup * CHANGES);
    return report(t.label, [...smallMeasures, ...largeMeasures], measured, { rounds, warmup }, log);
  } finally {
    await Promise.all([store500.close(), store10k.close(), writer.close()]);
    await t.end();
  }
}

async function timeRounds(measures: readonly Measure<Work>[], warmup: number, rounds: number): Promise<void> {
  for (const [m, measured] of schedule(measures, warmup, rounds)) {
    const t0 = performance.now();
    const per = await m.work();
    if (measured) m.samples.push((performance.now() - t0) / per);
  }
}

function skillText(name: string, body: string): string {
  return `---\nname: ${name}\ndescription: A skill written many times, for the PostgreSQL store benchmark.\n---\n${body}\n`;
}

function report(label: string, measures: readonly Measure<Work>[], propagation: number[], config: Record<string, number>, log: (line: string) => void) {
  const ms = (key: string): number[] => measures.find((m) => m.key === key)?.samples ?? [];
  const medians = Object.fromEntries(measures.map((m) => [m.key, round(median(m.samples), 3)]));
  medians['propagation'] = round(median(propagation), 1);
  const ratios = {
    loadAll500: round(medianOfRatios(ms('loadAll500'), ms('select500')), 2),
    loadAll10k: round(medianOfRatios(ms('loadAll10k'), ms('select10k')), 2),
  };
  const base: Record<string, keyof typeof ratios> = { loadAll500: 'loadAll500', loadAll10k: 'loadAll10k' };
  const rows = [['measure', 'median ms/op', '× SELECT (median of round ratios)']];
  for (const m of measures)
    rows.push([m.label, (medians[m.key] ?? 0).toFixed(m.key === 'propagation' ? 1 : 3), base[m.key] ? `${ratios[base[m.key]!].toFixed(2)}×` : '—']);
  log(`\nPostgreSQL store bench: ${label}; ${config['rounds']} rounds after ${config['warmup']} warm-up (the 10,000-skill rows fewer)`);
  table(rows, log);
  log(
    `loadAll of 500 / bare SELECT: ${ratios.loadAll500}× (target ≤ 2×); change seen by the second server: ${medians['propagation']} ms median of ${propagation.length} (target ≤ 200 ms)`,
  );
  if (sink === 0) log('(sink is zero)');
  return { label, config, medianMs: medians, ratios, propagationMs: propagation };
}
