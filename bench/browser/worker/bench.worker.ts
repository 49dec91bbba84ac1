/**
 * The bench's worker: the runtime over a Vite-plugin bundle of generated
 * skills (`self.name` picks 1,000, 2,000 or 10,000 bundled lazily, or 1,000 bundled eagerly). The bundle is imported lazily,
 * in its own chunk, so the worker's code chunk is measured alone; the
 * runtime is exposed at once (no top-level await: messages sent meanwhile
 * would be lost). A raw `{ bench: 'activate' }` message times `activate`
 * inside the worker, for the round-trip comparison, and reports how long
 * the worker spent in the `activate` calls the page made.
 * @module
 */
import { bundleSource, type SkillBundle, type SkillSource } from '../../../src/index.js';
import { exposeSkillRuntime } from '../../../src/worker/index.js';
import { median } from './median.js';

/** How long the bundle chunk took to import (fetch, compile, run), for the cold start's breakdown. */
let bundleImportMs = Number.NaN;

/** A builtin source that imports its bundle on first use. */
function lazyBundle(load: () => Promise<{ default: SkillBundle }>): SkillSource {
  let source: Promise<SkillSource> | undefined;
  const imported = async (): Promise<SkillSource> => {
    const start = performance.now();
    const { default: bundle } = await load();
    bundleImportMs = performance.now() - start;
    return bundleSource(bundle);
  };
  const get = (): Promise<SkillSource> => (source ??= imported());
  return {
    name: 'bundle',
    list: async (options) => (await get()).list(options),
    read: async (path, options) => (await get()).read(path, options),
    // A lazy bundle's skills are read whole from their chunks on first use.
    readSkill: async (dir, options) => {
      const source = await get();
      if (!source.readSkill) throw new Error('the bundle is not lazy');
      return source.readSkill(dir, options);
    },
  };
}

const bundles: Record<string, () => Promise<{ default: SkillBundle }>> = {
  '1000': () => import('virtual:bench/skills-1000'),
  '2000': () => import('virtual:bench/skills-2000'),
  '10000': () => import('virtual:bench/skills-10000'),
  '1000-eager': () => import('virtual:bench/skills-1000-eager'),
};
const builtin = lazyBundle(bundles[self.name] ?? bundles['1000']!);
// 10,000 skills is past the loader's default maxSkills (5,000): the bench raises it, as an app with that many would.
const runtime = exposeSkillRuntime({ builtin, limits: { maxSkills: 20_000 } });

// Times the loader's own load (parse, digests, index), to tell it from the bundle's import and the answer's trip.
let loaderLoadMs = Number.NaN;
const loadAll = runtime.loader.loadAll.bind(runtime.loader);
runtime.loader.loadAll = async (...args) => {
  const start = performance.now();
  const skills = await loadAll(...args);
  loaderLoadMs = performance.now() - start - bundleImportMs;
  return skills;
};

// Times every `activate` the page asks for, as the worker runs it: splits a round trip into the call and the rest.
const served: number[] = [];
const activate = runtime.loader.activate.bind(runtime.loader);
runtime.loader.activate = (...args) => {
  const start = performance.now();
  const result = activate(...args);
  served.push(performance.now() - start);
  return result;
};

self.addEventListener('message', (event: MessageEvent<{ bench?: string; turn?: string; count?: number }>) => {
  if (event.data?.bench === 'timings') return self.postMessage({ bench: 'timings', bundleImportMs, loaderLoadMs });
  if (event.data?.bench !== 'activate') return;
  const { turn = '', count = 0 } = event.data;
  const times: number[] = [];
  const servedMedian = median(served);
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    activate(turn);
    times.push(performance.now() - start);
  }
  self.postMessage({ bench: 'activate', median: median(times), served: servedMedian });
});
