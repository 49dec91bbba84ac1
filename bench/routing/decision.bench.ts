/**
 * `npm run bench -- decision`: draws every scale set, routes every turn
 * lexically and (unless `--no-hybrid`) blended, writes the samples to
 * `reports/decision-samples.json`, fits the decision rule on their tune half
 * (bench/routing/decision-fit.ts) and prints the fitted rules with the rows of
 * the fitted and the shipped rules on the test half. The shipped rules
 * (src/routing/decision.ts) are the numbers this prints.
 * @module
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultRoutingFiles, readRoutingSet } from './routing-data.js';
import { loadBenchEmbedder } from './routing-hybrid.js';
import { baseSamples, type DecisionSample } from './decision-samples.js';
import { corpusTools, ownOutOfScope, scaleBases } from './scale-bases.js';
import { fitDecision } from './decision-fit.js';
import { OLD_RULES, scaleRows } from './routing-scale.js';
import { BLENDED_DECISION, LEXICAL_DECISION } from '../../src/routing/decision/rule.js';

/** Collects the samples of every base; returns them and writes them beside the other reports. */
export async function runDecisionSamples(options: { hybrid?: boolean; model?: string; log?: (line: string) => void } = {}): Promise<DecisionSample[]> {
  const log = options.log ?? console.log;
  const root = process.env['SATCHEL_ROOT'] ?? process.cwd();
  const sets = defaultRoutingFiles(root).map(readRoutingSet);
  const corpus = corpusTools(root);
  const own = ownOutOfScope(root);
  const loaded = options.hybrid === false ? undefined : await loadBenchEmbedder(options.model);
  const caches = { skills: new Map<string, Float32Array>(), queries: new Map<string, Float32Array>() };
  const samples: DecisionSample[] = [];
  for (const base of scaleBases(root, sets)) {
    if (base.queries.length === 0) continue;
    const t0 = performance.now();
    const got = await baseSamples(base, corpus, own, loaded?.embedder, caches);
    samples.push(...got);
    log(`${base.name}: ${got.length} samples in ${Math.round(performance.now() - t0)} ms`);
  }
  loaded?.embedder.dispose();
  mkdirSync(join(root, 'reports'), { recursive: true });
  writeFileSync(join(root, 'reports', 'decision-samples.json'), JSON.stringify(samples));
  return samples;
}

/** The decision bench: samples, the fit, and the rows of both rule sets on the test half. */
export async function runDecisionBench(options: { hybrid?: boolean; model?: string; log?: (line: string) => void } = {}): Promise<unknown> {
  const log = options.log ?? console.log;
  const samples = await runDecisionSamples(options);
  const hybrid = samples.some((s) => s.mode === 'hybrid');
  const fitted = { lexical: fitDecision(samples, 'lexical'), hybrid: hybrid ? fitDecision(samples, 'hybrid') : BLENDED_DECISION };
  log(JSON.stringify({ fitted }));
  const shipped = { lexical: LEXICAL_DECISION, hybrid: BLENDED_DECISION };
  const rows = {
    fitted: scaleRows(samples, fitted, 'test'),
    shipped: scaleRows(samples, shipped, 'test'),
    shippedTune: scaleRows(samples, shipped, 'tune'),
    old: scaleRows(samples, OLD_RULES, 'test'),
  };
  for (const [rules, list] of Object.entries(rows)) for (const row of list) log(JSON.stringify({ rules, ...row }));
  return { fitted, shipped, rows };
}
