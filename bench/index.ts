/**
 * Benchmark entry, bundled and run by `bench/run.mjs` (`npm run bench`).
 *
 *   npm run bench                      # every bench: parse, loader, instructions
 *   npm run bench -- parse --rounds 25 # one bench, more rounds
 *   npm run bench -- loader            # loadAll over a generated directory, with peak memory
 *   npm run bench:load                 # side by side, fresh processes: loadAll against a bare YAML loader, a name reader, JSON.parse of the bundle
 *   npm run bench -- instructions      # the parse ratio in instructions (callgrind), free of machine noise
 *   npm run bench:store                # the IndexedDB store (fake-indexeddb): loadAll of 500 user skills, put, history; then the
 *                                      # PostgreSQL store on PGlite (and a server with SATCHEL_TEST_PG_URL): loadAll of 500 and
 *                                      # 10,000 org skills against a bare SELECT, put, history, change propagation between servers
 *   npm run bench:hostile              # hostile inputs (aliases, deep nesting, huge arguments, big listings): time and peak memory each
 *   npm run bench:routing [file.json…] # routing accuracy and speed on labelled sets (default: bench/data/), lexical and hybrid
 *                                      # (--no-hybrid: lexical only; --model DIR: another model folder; --scale: four bases at 10–1,500 skills,
 *                                      # judged on their test halves); --sweep measures the tuning choices
 *   npm run bench -- catalog           # the routing bench's catalog section alone: listed / skills.search / reachable at 4, 8, 16 KiB
 *   npm run bench -- learning          # the routing bench's learning replay alone: each skill's first 0, 1, 3, 5 turns learned, the rest judged
 *   npm run bench -- decision          # fits the decision rule on the scale runs' tune halves; prints fitted, shipped and old rows
 *   npm run bench -- body              # the body's weight in the index, on the corpus requests, the demo's turns and the dev sets
 *   npm run bench -- safety            # the skill scanner over the shared corpus: findings per rule, a sample of each
 *   npm run bench -- vectors           # skill-vector recipes and blend weights of the embedding stage (hybrid top-1 on the dev sets)
 *
 * Options: `--count N` (skills), `--rounds N`, `--warmup N`, `--seed N`.
 * Each bench prints a plain-text table and writes `reports/bench-<name>.json`.
 * @module
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { instructionsChild, runInstructionsBench } from './parse/instructions.bench.js';
import { hostileChild, runHostileBench } from './hostile/hostile.bench.js';
import { loadChild } from './load/load-kinds.js';
import { runLoadBench } from './load/load.bench.js';
import { CHILD_ENV, loaderChild } from './load/loader-memory.js';
import { runLoaderBench } from './load/loader.bench.js';
import { runParseBench } from './parse/parse.bench.js';
import { runCatalogSection, runLearningSection, runRoutingBench } from './routing/routing.bench.js';
import { runDecisionBench } from './routing/decision.bench.js';
import { runBodySweep } from './routing/body-sweep.js';
import { runVectorVariants } from './routing/vector-variants.js';
import { runStoreBench } from './store/store.bench.js';
import { runCorpusScan } from './safety/corpus-scan.js';
import { postgresPeerChild } from './store/postgres-peer.js';

const BENCHES: Record<string, (o: Options) => unknown> = {
  parse: (o) => runParseBench(o),
  loader: (o) => runLoaderBench(o),
  instructions: (o) => runInstructionsBench(o),
  load: (o) => runLoadBench(o),
  routing: (o) =>
    runRoutingBench({
      ...o,
      files: o.files ?? [],
      sweep: o.sweep ?? false,
      hybrid: o.hybrid ?? true,
      scale: o.scale ?? false,
      ...(o.model ? { model: o.model } : {}),
    }),
  catalog: (o) => runCatalogSection(o.hybrid ?? true, o.model),
  learning: (o) => runLearningSection(o.hybrid ?? true, o.model),
  decision: (o) => runDecisionBench({ hybrid: o.hybrid ?? true, ...(o.model ? { model: o.model } : {}) }),
  body: () => runBodySweep(),
  vectors: () => runVectorVariants(),
  store: (o) => runStoreBench(o),
  hostile: () => runHostileBench(),
  safety: () => runCorpusScan(),
};

/** Benches `npm run bench` runs when none is named (`hostile` has its own script). */
const DEFAULT_BENCHES = ['parse', 'loader', 'instructions', 'routing'];

/** Child processes a bench starts on this same bundle (`SATCHEL_BENCH_CHILD=<name>:<spec>`), e.g. to measure peak memory alone. */
const CHILDREN: Record<string, (spec: string) => Promise<void>> = {
  loader: loaderChild,
  instructions: instructionsChild,
  hostile: hostileChild,
  load: loadChild,
  pgpeer: postgresPeerChild,
};

interface Options {
  count?: number;
  rounds?: number;
  warmup?: number;
  seed?: number;
  /** Data files for benches that read them (`routing`): arguments ending in `.json`. */
  files?: string[];
  /** `--sweep`: the routing bench also measures its tuning choices. */
  sweep?: boolean;
  /** `--no-hybrid`: the routing bench skips the runs with the embedder. */
  hybrid?: boolean;
  /** `--model DIR`: the model folder of the routing bench's hybrid runs. */
  model?: string;
  /** `--scale`: the routing bench also measures thresholds on 50 to 1,500 skills (the corpus mixed in). */
  scale?: boolean;
}

function parseArgs(argv: readonly string[]): { names: string[]; options: Options } {
  const names: string[] = [];
  const options: Options = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const m = /^--(count|rounds|warmup|seed)(?:=(.*))?$/.exec(arg);
    if (m) {
      const raw = m[2] ?? argv[++i];
      const value = Number(raw);
      if (!Number.isInteger(value) || value < 0) throw new Error(`bench: --${m[1]} needs a whole number, got ${String(raw)}`);
      options[m[1] as 'count' | 'rounds' | 'warmup' | 'seed'] = value;
    } else if (arg === '--sweep') options.sweep = true;
    else if (arg === '--no-hybrid') options.hybrid = false;
    else if (arg === '--scale') options.scale = true;
    else if (arg === '--model') options.model = argv[++i] as string;
    else if (arg.startsWith('-')) throw new Error(`bench: unknown option ${arg}`);
    else if (arg.endsWith('.json')) (options.files ??= []).push(arg);
    else names.push(arg);
  }
  return { names, options };
}

async function main(): Promise<void> {
  const { names, options } = parseArgs(process.argv.slice(2));
  const selected = names.length > 0 ? names : DEFAULT_BENCHES;
  const root = process.env['SATCHEL_ROOT'] ?? process.cwd();
  for (const name of selected) {
    const run = BENCHES[name];
    if (!run) throw new Error(`bench: no bench named ${name} (have: ${Object.keys(BENCHES).join(', ')})`);
    const result = await run(options);
    const dir = join(root, 'reports');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `bench-${name}.json`);
    writeFileSync(file, `${JSON.stringify({ ...(result as object), date: new Date().toISOString() }, null, 2)}\n`);
    console.log(`wrote ${join('reports', `bench-${name}.json`)}`);
  }
}

async function child(value: string): Promise<void> {
  const at = value.indexOf(':');
  const run = CHILDREN[value.slice(0, at)];
  if (at < 0 || !run) throw new Error(`bench: no child named ${value.slice(0, at)} (have: ${Object.keys(CHILDREN).join(', ')})`);
  await run(value.slice(at + 1));
}

const childSpec = process.env[CHILD_ENV];
try {
  await (childSpec ? child(childSpec) : main());
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
}
