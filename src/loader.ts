/**
 * `SkillLoader`: unions builtin, org store, user store and subagent specs
 * into one in-memory cache, first of a name wins. `loadAll` is the only
 * async call; every lookup reads the cache synchronously.
 * @module
 */
import { createDiagnostic, type Diagnostic } from './diagnostics.js';
import { SkillError, throwIfAborted } from './errors.js';
import { readTier, type Candidate, type Tier, type TierResult } from './load-tier.js';
import type { SkillSource, SourceListing } from './source.js';
import { DEFAULT_PER_NAMESPACE, storeSource, type SkillStoreLike } from './sources/store.js';
import { subagentSpecToSkill, type SubagentSpec } from './subagent.js';
import { LOADER_LIMITS, resolveLimits, type ResolvedLimits, type Skill, type SkillLimits, type SkillSourceKind } from './types.js';

/** Limits of a loader: the shared limits plus the store's per-namespace cap. */
export interface LoaderLimits extends SkillLimits {
  /** Most skills read from one store namespace (default 50). */
  perNamespace?: number;
}

/** Options of {@link SkillLoader}. */
export interface SkillLoaderOptions {
  /** Skills shipped with the app: a directory in Node, the Vite bundle in the browser. */
  builtin?: SkillSource | readonly SkillSource[];
  /** Org and user skills: anything with `search(namespace)` (LangGraph-style). */
  store?: SkillStoreLike;
  /** Subagent specs, each loaded as a `manual` builtin skill unless its name is taken. */
  subagentSpecs?: readonly SubagentSpec[];
  /** Per-skill and per-load limits; see {@link LOADER_LIMITS} for defaults. */
  limits?: LoaderLimits;
}

/** Progress of a load, reported after each source. */
export interface LoadProgress {
  /** The tier just read. */
  readonly tier: SkillSourceKind | 'subagents';
  /** The source's name. */
  readonly source: string;
  /** Skills in the cache-to-be so far. */
  readonly loaded: number;
  /** Entries skipped so far (errors, limits, shadowed). */
  readonly skipped: number;
}

/** Options of {@link SkillLoader.loadAll}. */
export interface LoadOptions {
  /** Cancels the load; the previous cache stays. */
  signal?: AbortSignal;
  /** Called after each source is read. */
  onProgress?: (progress: LoadProgress) => void;
}

interface Cache {
  readonly byName: ReadonlyMap<string, Skill>;
  readonly byIntent: ReadonlyMap<string, readonly Skill[]>;
  readonly all: readonly Skill[];
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Loads skills from every source into one cache.
 *
 * @example
 * ```ts
 * const loader = new SkillLoader({ builtin: memorySource(files), store, subagentSpecs })
 * await loader.loadAll(orgId, userId)
 * for (const skill of loader.getByIntent('vendor_evaluation')) prompt.push(skill.content)
 * const researcher = loader.getByName('researcher')
 * ```
 */
export class SkillLoader {
  readonly #options: SkillLoaderOptions;
  readonly #limits: ResolvedLimits;
  #cache: Cache | undefined;
  #generation = 0;
  #committed = 0;

  constructor(options: SkillLoaderOptions = {}) {
    this.#options = options;
    this.#limits = resolveLimits(options.limits, LOADER_LIMITS);
  }

  /**
   * Reads builtin, then `[orgId, "skills"]`, then `[orgId, userId, "skills"]`,
   * then the subagent specs; replaces the cache and returns the merged list.
   * Rejects with `LIMIT_EXCEEDED` over a per-load limit, `ABORTED` when
   * cancelled; either way the previous cache stays.
   */
  async loadAll(orgId?: string, userId?: string, options: LoadOptions = {}): Promise<Skill[]> {
    const generation = ++this.#generation;
    const { signal, onProgress } = options;
    throwIfAborted(signal);
    const tiers = this.#tiers(orgId, userId);
    // Each tier is parsed as soon as its listing arrives, while slower sources are still reading;
    // the merge below still follows the precedence order.
    const results = await Promise.all(tiers.map(async (tier) => readTier(tier, await listSafely(tier.source, signal), this.#limits)));
    throwIfAborted(signal);
    const merge = new Merge(this.#limits);
    tiers.forEach((tier, i) => {
      merge.add(results[i] as TierResult);
      onProgress?.({ tier: tier.kind, source: tier.source.name, loaded: merge.size, skipped: merge.skipped });
    });
    merge.addSubagents(this.#options.subagentSpecs ?? []);
    if (this.#options.subagentSpecs?.length) {
      onProgress?.({ tier: 'subagents', source: 'subagentSpecs', loaded: merge.size, skipped: merge.skipped });
    }
    throwIfAborted(signal);
    const cache = merge.cache();
    // Loads may overlap: a newer load that finished first keeps its result.
    if (generation > this.#committed) {
      this.#cache = cache;
      this.#committed = generation;
    }
    return [...cache.all];
  }

  /** The skill of that exact name, `manual` ones included. */
  getByName(name: string): Skill | undefined {
    return this.#loaded().byName.get(name);
  }

  /** Skills listing `intent` (case-insensitive) whose activation is `auto` or `intent-matched`. */
  getByIntent(intent: string): Skill[] {
    return [...(this.#loaded().byIntent.get(intent.toLowerCase()) ?? [])];
  }

  /** Every cached skill, in precedence order. */
  getAll(): Skill[] {
    return [...this.#loaded().all];
  }

  /** Number of cached skills. */
  get size(): number {
    return this.#loaded().all.length;
  }

  /** Everything the last load found: skipped skills, warnings, shadowed names, source problems. */
  get diagnostics(): readonly Diagnostic[] {
    return this.#loaded().diagnostics;
  }

  /** True once a load has completed. */
  get loaded(): boolean {
    return this.#cache !== undefined;
  }

  #loaded(): Cache {
    if (!this.#cache) throw new SkillError('NOT_LOADED', 'The loader has no skills yet: await loadAll() first.');
    return this.#cache;
  }

  #tiers(orgId: string | undefined, userId: string | undefined): Tier[] {
    const builtin = this.#options.builtin;
    const tiers: Tier[] = (builtin === undefined ? [] : Array.isArray(builtin) ? builtin : [builtin as SkillSource]).map((source) => ({ kind: 'builtin' as const, source }));
    const store = this.#options.store;
    const perNamespace = this.#options.limits?.perNamespace ?? DEFAULT_PER_NAMESPACE;
    if (store && orgId !== undefined) {
      tiers.push({ kind: 'org', source: storeSource(store, [orgId, 'skills'], { perNamespace }) });
      if (userId !== undefined) tiers.push({ kind: 'user', source: storeSource(store, [orgId, userId, 'skills'], { perNamespace }) });
    }
    return tiers;
  }
}

/** Lists a source; a failure becomes a `source-error` diagnostic unless it is an abort. */
async function listSafely(source: SkillSource, signal: AbortSignal | undefined): Promise<SourceListing> {
  try {
    return await source.list(signal ? { signal } : {});
  } catch (e) {
    if (signal?.aborted || (e instanceof SkillError && e.code === 'ABORTED')) throw e;
    const reason = e instanceof Error ? e.message : String(e);
    return { entries: [], diagnostics: [createDiagnostic('source-error', 'runtime', `Source ${source.name} failed: ${reason}`, source.name)] };
  }
}

/** Accumulates tiers in precedence order: first of a name wins, per-load limits enforced. */
class Merge {
  readonly #limits: ResolvedLimits;
  readonly #byName = new Map<string, Candidate>();
  readonly #diagnostics: Diagnostic[] = [];
  #bytes = 0;
  skipped = 0;

  constructor(limits: ResolvedLimits) {
    this.#limits = limits;
  }

  get size(): number {
    return this.#byName.size;
  }

  add(result: TierResult): void {
    this.#diagnostics.push(...result.diagnostics);
    this.skipped += result.skipped;
    for (const candidate of result.candidates) this.#offer(candidate);
  }

  addSubagents(specs: readonly SubagentSpec[]): void {
    for (const spec of specs) {
      const parsed = subagentSpecToSkill(spec);
      this.#diagnostics.push(...parsed.errors, ...parsed.warnings, ...parsed.infos);
      if (parsed.skill) this.#offer({ skill: parsed.skill, bytes: parsed.skill.content.length, sourceName: 'subagentSpecs' });
      else this.skipped++;
    }
  }

  #offer(candidate: Candidate): void {
    const { skill } = candidate;
    const holder = this.#byName.get(skill.name);
    if (holder) {
      this.skipped++;
      const where = (c: Candidate): string => `${c.sourceName}${c.skill.path ? ` (${c.skill.path})` : ''}`;
      this.#diagnostics.push(createDiagnostic('shadowed', 'runtime', `Skill "${skill.name}" from ${where(candidate)} is shadowed by the one from ${where(holder)}.`, skill.path ?? candidate.sourceName));
      return;
    }
    if (this.#byName.size + 1 > this.#limits.maxSkills) {
      throw new SkillError('LIMIT_EXCEEDED', `The load holds more than maxSkills (${this.#limits.maxSkills}) skills.`);
    }
    this.#bytes += candidate.bytes;
    if (this.#bytes > this.#limits.maxTotalBytes) {
      throw new SkillError('LIMIT_EXCEEDED', `The load holds more than maxTotalBytes (${this.#limits.maxTotalBytes}) bytes.`);
    }
    this.#byName.set(skill.name, candidate);
  }

  cache(): Cache {
    const all = [...this.#byName.values()].map((c) => c.skill);
    const byIntent = new Map<string, Skill[]>();
    for (const skill of all) {
      if (skill.activation === 'manual') continue;
      for (const intent of new Set((skill.intents ?? []).map((i) => i.toLowerCase()))) {
        byIntent.set(intent, [...(byIntent.get(intent) ?? []), skill]);
      }
    }
    return { byName: new Map(all.map((s) => [s.name, s])), byIntent, all, diagnostics: this.#diagnostics.slice() };
  }
}
