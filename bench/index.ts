/**
 * Benchmark entry, bundled and run by `bench/run.mjs` (`npm run bench`).
 *
 *   npm run bench                      # every bench
 *   npm run bench -- parse --rounds 25 # one bench, more rounds
 *
 * Options: `--count N` (skills), `--rounds N`, `--warmup N`, `--seed N`.
 * Each bench prints a plain-text table and writes `reports/bench-<name>.json`.
 * @module
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runParseBench } from './parse.bench.js';

const BENCHES: Record<string, (o: Options) => unknown> = {
  parse: (o) => runParseBench(o),
};

interface Options {
  count?: number;
  rounds?: number;
  warmup?: number;
  seed?: number;
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
      options[m[1] as keyof Options] = value;
    } else if (arg.startsWith('-')) throw new Error(`bench: unknown option ${arg}`);
    else names.push(arg);
  }
  return { names, options };
}

function main(): void {
  const { names, options } = parseArgs(process.argv.slice(2));
  const selected = names.length > 0 ? names : Object.keys(BENCHES);
  const root = process.env['SATCHEL_ROOT'] ?? process.cwd();
  for (const name of selected) {
    const run = BENCHES[name];
    if (!run) throw new Error(`bench: no bench named ${name} (have: ${Object.keys(BENCHES).join(', ')})`);
    const result = run(options);
    const dir = join(root, 'reports');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `bench-${name}.json`);
    writeFileSync(file, `${JSON.stringify({ ...(result as object), date: new Date().toISOString() }, null, 2)}\n`);
    console.log(`wrote ${join('reports', `bench-${name}.json`)}`);
  }
}

try {
  main();
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
}
