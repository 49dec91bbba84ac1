/**
 * The bench page: cold start of a worker with 1,000 and 10,000 lazily bundled skills against `JSON.parse` of the
 * eager 1,000-skill bundle and the cold start of that eager bundle, `activate` round trips against the same
 * call inside the worker, and the longest main-thread gap while a worker
 * loads 2,000 skills. Writes the figures to `window.benchResult`.
 * @module
 */
import { connectSkillRuntime } from '../../../src/client/index.js';
import { median } from './median.js';

// A turn that activates 3 skills by search (a 6.7 KB answer). Turns the generated skills' shared intent labels match
// activate 50–260 skills (0.2–0.8 MB answers): cloning those costs about 1 ms more per call (docs/worker.md).
const TURN = 'merge these two pdf files into one report';
const COLD_RUNS = 5;
const CALLS = 300;

type BundleName = '1000' | '2000' | '10000' | '1000-eager';

function startWorker(name: BundleName): Worker {
  return new Worker(new URL('./bench.worker.ts', import.meta.url), { type: 'module', name });
}

/** Where a cold start's time goes: the worker's first answer (code loaded), `loadAll` (bundle chunk, parse, index, answer), `activate`. */
interface ColdStart {
  readonly totalMs: number;
  readonly bootMs: number;
  readonly loadAllMs: number;
  /** The part of `loadAllMs` the worker spent importing the bundle's chunk. */
  readonly bundleImportMs: number;
  /** The part the loader spent parsing, hashing and indexing (the rest is the answer's trip, in pages). */
  readonly loaderLoadMs: number;
  readonly activateMs: number;
  /** After the first `activate`: `activateAsync` of the same turn, which reads the activated lazy skills' chunks. */
  readonly bodiesMs: number;
  /** The worker's JS memory after the first activate, as the page measures it (null where the browser does not say). */
  readonly heapBytes: number | null;
}

/** What the worker answers to a raw `{ bench }` message. */
function askWorker<T>(worker: Worker, message: { bench: string } & Record<string, unknown>): Promise<T> {
  return new Promise((resolve) => {
    const listen = (event: MessageEvent<{ bench?: string }>): void => {
      if (event.data?.bench !== message.bench) return;
      worker.removeEventListener('message', listen);
      resolve(event.data as T);
    };
    worker.addEventListener('message', listen);
    worker.postMessage(message);
  });
}

/** Worker creation to the first `activate` answer (a `loadAll` comes first: the worker starts empty). */
async function coldStart(name: BundleName): Promise<ColdStart> {
  const start = performance.now();
  const worker = startWorker(name);
  const client = connectSkillRuntime(worker);
  await client.loaded;
  const booted = performance.now();
  const skills = await client.loadAll();
  const loaded = performance.now();
  if (skills.length !== Number.parseInt(name, 10)) throw new Error(`expected ${name} skills, the worker loaded ${skills.length}`);
  await client.activate(TURN);
  const end = performance.now();
  const heapBytes = await workerHeap();
  const bodiesStart = performance.now();
  await client.activateAsync(TURN);
  const bodiesMs = performance.now() - bodiesStart;
  const { bundleImportMs, loaderLoadMs } = await askWorker<{ bundleImportMs: number; loaderLoadMs: number }>(worker, { bench: 'timings' });
  client.close();
  worker.terminate();
  const parts = { bootMs: booted - start, loadAllMs: loaded - booted, bundleImportMs, loaderLoadMs, activateMs: end - loaded };
  return { totalMs: end - start, ...parts, bodiesMs, heapBytes };
}

/**
 * The live worker's JS memory, measured from the page: `performance.measureUserAgentSpecificMemory()` attributes bytes
 * to each worker (the page is cross-origin isolated for it; Chromium runs with ForceEagerMeasureMemory, so it answers
 * at once). Dedicated workers cannot measure themselves. `null` where the browser does not say.
 */
async function workerHeap(): Promise<number | null> {
  const measure = (performance as { measureUserAgentSpecificMemory?: () => Promise<MemoryMeasurement> }).measureUserAgentSpecificMemory;
  if (typeof measure !== 'function' || !crossOriginIsolated) return null;
  const { breakdown } = await measure.call(performance);
  const inWorker = breakdown.filter((b) => b.attribution.some((a) => a.scope === 'DedicatedWorkerGlobalScope'));
  return inWorker.length === 0 ? null : inWorker.reduce((sum, b) => sum + b.bytes, 0);
}

interface MemoryMeasurement {
  readonly breakdown: readonly { readonly bytes: number; readonly attribution: readonly { readonly scope: string }[] }[];
}

/** Median of each part over {@link COLD_RUNS} fresh workers of `name`. */
async function coldStarts(name: BundleName): Promise<{ medianMs: number; parts: Record<string, number | null> }> {
  const cold: ColdStart[] = [];
  for (let i = 0; i < COLD_RUNS; i++) cold.push(await coldStart(name));
  const part = (key: Exclude<keyof ColdStart, 'heapBytes'>): number => median(cold.map((c) => c[key]));
  const heaps = cold.map((c) => c.heapBytes).filter((h): h is number => h !== null);
  const parts = { firstRunMs: cold[0]?.totalMs ?? Number.NaN, bootMs: part('bootMs'), loadAllMs: part('loadAllMs'), bundleImportMs: part('bundleImportMs') };
  const rest = { loaderLoadMs: part('loaderLoadMs'), activateMs: part('activateMs'), bodiesMs: part('bodiesMs') };
  return { medianMs: part('totalMs'), parts: { ...parts, ...rest, heapBytes: heaps.length > 0 ? median(heaps) : null } };
}

async function jsonParse(): Promise<number> {
  const text = JSON.stringify((await import('virtual:bench/skills-1000-eager')).default);
  const times: number[] = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    const start = performance.now();
    JSON.parse(text);
    times.push(performance.now() - start);
  }
  return median(times);
}

/** The median time of `call` from the page, after a warm-up of both sides. */
async function roundTrip(call: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 30; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  return median(times);
}

/** `activate` timed in a loop inside the worker, and the worker's own time in the calls the page made. */
async function inWorker(worker: Worker): Promise<{ median: number; served: number }> {
  return askWorker(worker, { bench: 'activate', turn: TURN, count: CALLS + 30 });
}

/** The longest gap between timer ticks on the page while `work` runs, and the long tasks (≥ 50 ms) Chromium saw. */
async function longestGapDuring(work: () => Promise<unknown>): Promise<{ gap: number; longTasks: number[] }> {
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(Math.round(entry.duration));
  });
  observer.observe({ type: 'longtask' });
  let longest = 0;
  let last = performance.now();
  let running = true;
  const tick = (): void => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
  try {
    await work();
  } finally {
    running = false;
  }
  await new Promise((resolve) => setTimeout(resolve, 0)); // the observer reports after the task
  observer.disconnect();
  return { gap: longest, longTasks };
}

/** A worker starts, loads 2,000 skills and answers one `activate`. */
async function load2000(): Promise<void> {
  const worker = startWorker('2000');
  const client = connectSkillRuntime(worker);
  const skills = await client.loadAll();
  await client.activate(TURN);
  client.close();
  worker.terminate();
  if (skills.length !== 2000) throw new Error(`expected 2,000 skills, the worker loaded ${skills.length}`);
}

/** Nothing but the timer for `ms`: the machine's own gaps, the baseline of the figure above. */
const idle = (ms: number) => () => new Promise((resolve) => setTimeout(resolve, ms));

/** The 2,000 skills as `loadAll` returns them to the page. */
async function loadOnce(name: BundleName): Promise<unknown[]> {
  const worker = startWorker(name);
  const client = connectSkillRuntime(worker);
  const skills = await client.loadAll();
  client.close();
  worker.terminate();
  return skills;
}

async function run(): Promise<Record<string, unknown>> {
  const cold1000 = await coldStarts('1000');
  const cold10000 = await coldStarts('10000');
  const coldEager = await coldStarts('1000-eager');
  const jsonParseMs = await jsonParse();
  const worker = startWorker('1000');
  const client = connectSkillRuntime(worker);
  const skills = await client.loadAll();
  if (skills.length !== 1000) throw new Error(`expected 1,000 skills, the worker loaded ${skills.length}`);
  const firstName = skills[0]?.name ?? '';
  const roundTripMedianMs = await roundTrip(() => client.activate(TURN));
  const { median: inWorkerMedianMs, served: servedInWorkerMedianMs } = await inWorker(worker);
  // The boundary alone: a call that does nothing (the runtime's ping) and one answering a single skill.
  const emptyRoundTripMedianMs = await roundTrip(() => client.loaded);
  const getByNameRoundTripMedianMs = await roundTrip(() => client.getByName(firstName));
  client.close();
  worker.terminate();
  // Three loads, median of their longest gaps, each after the same time idle: on a shared machine the idle
  // page has gaps of its own (other processes, garbage collection), and they are reported beside.
  const gaps: number[] = [];
  const idleGaps: number[] = [];
  const longTasks: number[] = [];
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    const during = await longestGapDuring(load2000);
    gaps.push(during.gap);
    longTasks.push(...during.longTasks);
    idleGaps.push((await longestGapDuring(idle(performance.now() - start))).gap);
  }
  const longestMainThreadGapMs = median(gaps);
  const skills2000 = await loadOnce('2000');
  const cloneStart = performance.now();
  structuredClone(skills2000);
  const clone2000Ms = performance.now() - cloneStart;
  return {
    coldStartMs: cold1000.medianMs,
    coldStartParts: cold1000.parts,
    coldStart10000Ms: cold10000.medianMs,
    coldStart10000Parts: cold10000.parts,
    coldStartEagerMs: coldEager.medianMs,
    coldStartEagerParts: coldEager.parts,
    jsonParseMs,
    coldStartToJsonParse: cold1000.medianMs / jsonParseMs,
    coldStart10000ToJsonParse: cold10000.medianMs / jsonParseMs,
    coldStartToEager: cold1000.medianMs / coldEager.medianMs,
    roundTripMedianMs,
    inWorkerMedianMs,
    servedInWorkerMedianMs,
    emptyRoundTripMedianMs,
    getByNameRoundTripMedianMs,
    longestMainThreadGapMs,
    longestMainThreadGapRunsMs: gaps,
    idleGapRunsMs: idleGaps,
    longTasksDuringLoadsMs: longTasks,
    clone2000Ms,
  };
}

const output = window as unknown as { benchResult?: unknown; benchError?: string };
run().then(
  (result) => {
    output.benchResult = result;
    document.getElementById('status')!.textContent = 'done';
  },
  (error: unknown) => {
    output.benchError = error instanceof Error ? `${error.message}\n${error.stack}` : String(error);
  },
);
