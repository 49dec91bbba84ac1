/**
 * One load, from sources to the next cache: the tiers in precedence order,
 * each listed (raced against the signal and a timeout) and parsed as soon as
 * its listing arrives, then merged strictly in order.
 * @module
 */
import { throwIfAborted } from '../format/errors.js';
import { assertLimits, type ResolvedLimits } from '../format/types.js';
import { isSkillSource, type SkillSource } from '../sources/source.js';
import { storeSource, type SkillStoreLike } from '../sources/store.js';
import type { Cache } from './cache.js';
import type { RouterJSON } from '../routing/types.js';
import { listSafely, TierMerger, sourceName } from './merge.js';
import type { SubagentSpec } from './subagent.js';
import { surfaceNamespace } from './surface.js';
import { isLearnedExampleStore, type LearnedExampleStore } from '../sources/learned-store.js';
import { sourceDiagnostic } from '../sources/inventory.js';
import { LoadBudget, readTierInSlices, type Tier, type TierResult } from './tier.js';
import type { LoadOptions, LoadProgress, SkillLoaderOptions } from './options.js';
import type { FindingsRecord } from './agent/findings-record.js';

export type { LoadProgress } from './options.js';

/** Everything one load reads. */
export interface LoadPlan {
  /** The sources in precedence order. */
  readonly tiers: readonly Tier[];
  /** Read last, each a `manual` builtin skill. */
  readonly subagentSpecs: readonly SubagentSpec[] | undefined;
  /** The loader's limits, already validated. */
  readonly limits: ResolvedLimits;
  /** Most ms to wait for one source's `list()`, unless the source states its own `timeoutMs`. */
  readonly timeoutMs: number;
  /** Cancels the load: `ABORTED`. */
  readonly signal?: AbortSignal | undefined;
  /** Called after each source is merged. */
  readonly onProgress?: ((progress: LoadProgress) => void) | undefined;
  /** What the loader's scans found so far, for the gates of the sources that set `safety`. */
  readonly findings?: FindingsRecord | undefined;
}

/** Reads every tier of `plan` into a new cache; rejects with `ABORTED` or `LIMIT_EXCEEDED`. */
export async function loadTiers(plan: LoadPlan): Promise<Cache> {
  const { tiers, limits, signal, onProgress } = plan;
  const budget = new LoadBudget(limits.maxSkills);
  // Each tier is parsed as soon as its listing arrives, while slower sources are still reading;
  // the merge below still follows the precedence order.
  const indexes: (RouterJSON | undefined)[] = [];
  const read = async (tier: Tier, i: number): Promise<TierResult> => {
    const listing = await listSafely(tier.source, signal, plan.timeoutMs);
    // Only a builtin source's index seeds the router: entries for its own skills can then stand for skills another
    // tier holds under the same name and digest, and a lower tier may not steer how those are routed.
    if (tier.kind === 'builtin') indexes[i] = listing.index;
    const result = await readTierInSlices(tier, listing, { limits, budget, signal, sourceName: sourceName(tier.source) });
    // A source with a safety gate has each skill it gave in full scanned before the merge sees it.
    const gated = plan.findings !== undefined && isSkillSource(tier.source) && tier.source.safety !== undefined;
    if (!gated) return result;
    // Imported on use: a worker whose sources set no gate carries none of it.
    const { gateTier } = await import('./agent/source-gate.js');
    return gateTier(tier.source, result, { record: plan.findings as FindingsRecord, limits, timeoutMs: plan.timeoutMs, signal });
  };
  let results: TierResult[];
  try {
    results = await Promise.all(tiers.map(read));
  } finally {
    budget.stopped = true; // a rejection leaves no tier parsing on in the background
  }
  throwIfAborted(signal);
  const merge = new TierMerger(limits);
  tiers.forEach((tier, i) => {
    merge.add(results[i] as TierResult);
    onProgress?.({ tier: tier.kind, source: sourceName(tier.source), loaded: merge.size, skipped: merge.skipped });
  });
  const specs = plan.subagentSpecs;
  if (specs !== undefined) {
    merge.addSubagents(specs);
    if (!Array.isArray(specs) || specs.length > 0) onProgress?.({ tier: 'subagents', source: 'subagentSpecs', loaded: merge.size, skipped: merge.skipped });
  }
  throwIfAborted(signal);
  const index = indexes.find((x) => x !== undefined);
  return index === undefined ? merge.cache() : { ...merge.cache(), index };
}

/**
 * The tiers of a load: the builtin sources, then the org namespace of the store when an org id is given, then the
 * remote sources (org tier, whatever the ids), then the user namespace when both ids are given (a subagent
 * surface's own namespace in place of the root agent's, see surface.ts).
 */
export function tiersOf(
  builtin: SkillSource | readonly SkillSource[] | undefined,
  store: SkillStoreLike | undefined,
  perNamespace: number | undefined,
  orgId?: string,
  userId?: string,
  remote?: SkillSource | readonly SkillSource[],
  surface?: string,
): Tier[] {
  const tiers: Tier[] = sourcesOf(builtin).map((source) => ({ kind: 'builtin' as const, source }));
  // No perNamespace: Satchel's own stores are read whole, a foreign one up to the source's default.
  const options = perNamespace === undefined ? {} : { perNamespace };
  const withStore = store !== undefined && orgId !== undefined;
  if (withStore) tiers.push({ kind: 'org', source: storeSource(store, [orgId, 'skills'], options) });
  for (const source of sourcesOf(remote)) tiers.push({ kind: 'org', source });
  if (withStore && userId !== undefined) tiers.push({ kind: 'user', source: storeSource(store, surfaceNamespace(orgId, userId, surface), options) });
  return tiers;
}

function sourcesOf(given: SkillSource | readonly SkillSource[] | undefined): readonly SkillSource[] {
  return given === undefined ? [] : Array.isArray(given) ? given : [given as SkillSource];
}

/** Where and how one `loadAll` reads: the ids, and the loader's own source timeout. */
export interface LoadCall {
  readonly orgId: string | undefined;
  readonly userId: string | undefined;
  readonly timeoutMs: number;
  /** What the loader's scans found so far (the source gates read and add to it). */
  readonly findings?: FindingsRecord;
}

/** One `loadAll` of a loader with these options: its tiers read and merged into a cache (the caller commits it). */
export async function loadFor(options: SkillLoaderOptions, limits: ResolvedLimits, call: LoadCall, load: LoadOptions): Promise<Cache> {
  const { signal, onProgress } = load;
  assertLimits(load, ['sourceTimeoutMs'], 'loadAll');
  throwIfAborted(signal);
  const { builtin, store, subagentSpecs, remote, surface } = options;
  const cache = await loadTiers({
    tiers: tiersOf(builtin, store, options.limits?.perNamespace, call.orgId, call.userId, remote, surface),
    subagentSpecs,
    limits,
    timeoutMs: load.sourceTimeoutMs ?? call.timeoutMs,
    signal,
    onProgress,
    findings: call.findings,
  });
  if (!isLearnedExampleStore(store) || call.orgId === undefined || call.userId === undefined) return cache;
  return withLearned(cache, store, surfaceNamespace(call.orgId, call.userId, surface));
}

/** `cache` with the user's learned examples read from `store`; a store that fails to give them is a diagnostic, not a failed load. */
async function withLearned(cache: Cache, store: LearnedExampleStore, namespace: string[]): Promise<Cache> {
  try {
    return { ...cache, learned: { namespace, examples: await store.learnedExamples(namespace) } };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    const message = `The store could not give the learned examples of ${namespace.join('/')} (${why}); routing goes on without them.`;
    return { ...cache, diagnostics: [...cache.diagnostics, sourceDiagnostic('source-error', message, namespace.join('/'))] };
  }
}
