/**
 * `SkillLoader`: unions builtin, org store, user store and subagent specs into one in-memory cache, first of a name
 * wins. `loadAll` is the only async call; every lookup reads the cache synchronously.
 * @module
 */
import type { SkillActivation, Turn } from '../routing/activation.js';
import type { CatalogOptions } from '../agent/catalog/options.js';
import type { CatalogFit } from '../agent/catalog/budget.js';
import type { Diagnostic } from '../format/diagnostics/diagnostic.js';
import { SkillError } from '../format/errors.js';
import { checkedSkill, withReplaced, withSkill, withoutSkill, type Cache } from './cache.js';
import { LazyBodies } from './lazy-bodies.js';
import { LoaderAgent } from './agent/loader-agent.js';
import type { LoadedSkillRecord } from './agent/loaded-record.js';
import { StoreRules } from './agent/store-rules.js';
import type { MutabilityName } from '../format/agent-md.js';
import type { SandboxAttachment, SandboxOptions, SandboxTarget } from './agent/sandbox.js';
import { loadFor, tiersOf } from './load.js';
import { DEFAULT_SOURCE_TIMEOUT_MS } from './source-call.js';
import type { SkillSource, SourceCallOptions } from '../sources/source.js';
import type { SkillProvenance } from '../sources/origin.js';
import { LiveLink, watchedOf, type LoaderChange } from './live.js';
import { SourceWatch } from './source-watch.js';
import { withPublishedPlugins } from '../sources/plugins/select.js';
import { checkSurface } from './surface.js';
import { RoutedLoader } from './routed-loader.js';
import type { LoaderActivationOptions, LoadOptions, SkillLoaderOptions } from './options.js';
import { SKILLS_LOADER_PERMISSIONS } from '../agent/tool-names.js';
import type { SkillTool } from '../agent/tools.js';
import { assertLimits, LOADER_LIMITS, resolveLimits, type ResolvedLimits, type Skill } from '../format/types.js';

export type { ActivationThresholds, LoaderActivationOptions, LoaderLimits, LoaderRoutingOptions, LoadOptions } from './options.js';
export type { LearnedExample, LoadedSkillRecord, LoadProgress, RoutedSkill, SkillLoaderOptions } from './options.js';

/**
 * Loads skills from every source into one cache.
 *
 * @example
 * ```ts
 * const loader = new SkillLoader({ builtin: memorySource(files), store, subagentSpecs })
 * await loader.loadAll(orgId, userId)
 * for (const skill of loader.getByIntent('vendor_evaluation')) prompt.push(skill.content)
 * ```
 */
export class SkillLoader extends RoutedLoader {
  readonly #options: SkillLoaderOptions;
  readonly #limits: ResolvedLimits;
  #cache: Cache | undefined;
  readonly #timeoutMs: number;
  // Applies a store's change events to the cache between loads.
  readonly #live = new LiveLink(this);
  // Applies a watching source's changes (directorySource / pluginSource with `watch: true`) between loads.
  readonly #watch: SourceWatch;
  #generation = 0;
  #committed = 0;
  readonly #agent: LoaderAgent;
  readonly #bodies: LazyBodies;
  // What the loader hands its store after each load: builtin names, the surface's mutability (agent/store-rules.ts).
  readonly #rules: StoreRules;

  constructor(options: SkillLoaderOptions = {}) {
    super(options);
    this.#limits = resolveLimits(options.limits, LOADER_LIMITS, 'SkillLoader');
    assertLimits(options.limits, ['perNamespace'], 'SkillLoader');
    assertLimits(options, ['sourceTimeoutMs'], 'SkillLoader');
    this.#timeoutMs = options.sourceTimeoutMs ?? DEFAULT_SOURCE_TIMEOUT_MS;
    if (options.surface !== undefined) checkSurface(options.surface);
    this.#rules = new StoreRules(options, this.#limits.maxFileBytes);
    this.#options = withPublishedPlugins(options, this.#rules.agentMd?.plugins); // the selected plugins join the builtin tier
    const replace = (held: Skill, next: Skill): void => this.#replace(held, next);
    const inner = { cache: () => this.held(), routing: this.routing, inFull: (skill: Skill) => this.#bodies.full(skill), needs: this.needs };
    this.#agent = new LoaderAgent(this, inner, this.#limits, this.#timeoutMs);
    const gate = { record: this.#agent.findings, limits: this.#limits, timeoutMs: this.#timeoutMs };
    const screen = async (full: Skill, source: SkillSource): Promise<void> =>
      source.safety === undefined ? undefined : (await import('./agent/source-gate.js')).screenFull(full, source, gate);
    this.#bodies = new LazyBodies({ cache: () => this.held(), replace, limits: this.#limits, timeoutMs: this.#timeoutMs, screen });
    // A watched skill was parsed and checked by the same tier reading as a load: put as is, so it keeps its origin.
    const read = { limits: this.#limits, getAll: () => this.getAll(), getByName: (n: string) => this.getByName(n) };
    const write = { put: (skill: Skill) => this.#put(skill), remove: (n: string) => this.remove(n) };
    this.#watch = new SourceWatch({ ...read, ...write, announce: (change) => this.#live.announce(change) }, () => this.#timeoutMs);
  }

  /**
   * Reads builtin, `[orgId, "skills"]`, the remote sources, `[orgId, userId, "skills"]`, then the subagent specs; replaces
   * the cache. `LIMIT_EXCEEDED` over a per-load limit, `ABORTED` when cancelled: either way the previous cache stays.
   */
  async loadAll(orgId?: string, userId?: string, options: LoadOptions = {}): Promise<Skill[]> {
    this.#live.loadStarted();
    this.#watch.loadStarted();
    let skills: Skill[] | undefined;
    try {
      return (skills = await this.#load(orgId, userId, options));
    } finally {
      const loaded = skills !== undefined;
      // After a load, a store that emits changes is listened to for the namespaces it read.
      this.#watch.loadEnded(loaded ? tiersOf(this.#options.builtin, undefined, undefined, undefined, undefined, this.#options.remote) : undefined);
      await this.#live.loadEnded(this.#options.store, loaded ? watchedOf(orgId, userId, this.#options.surface) : undefined);
    }
  }

  /**
   * Subscribes to the one-skill changes a store or a watching source applies between loads; returns the unsubscribe.
   * @example `const off = loader.on('change', ({ name, type, tier }) => console.log(tier, name, type))`
   */
  on(type: 'change', listener: (change: LoaderChange) => void): () => void {
    return this.#live.on(type, listener);
  }

  /** Stops listening to the store's and the watching sources' changes until the next `loadAll` (the cache stays as it is). */
  close(): void {
    this.#live.close();
    this.#watch.close();
  }

  /** Resolves once the changes watching sources reported so far are applied. */
  settled(): Promise<void> {
    return this.#watch.settled();
  }

  async #load(orgId: string | undefined, userId: string | undefined, options: LoadOptions): Promise<Skill[]> {
    const generation = ++this.#generation;
    const call = { orgId, userId, timeoutMs: this.#timeoutMs, findings: this.#agent.findings };
    const cache = this.needs.afterLoad(await loadFor(this.#options, this.#limits, call, options));
    this.#rules.afterLoad(cache.all, orgId, userId);
    this.#agent.findings.keep(cache.all);
    // Loads may overlap: a newer load that finished first keeps its result.
    if (generation > this.#committed) {
      this.#cache = cache;
      this.#committed = generation;
      // The index follows the cache, on first use: only skills whose name or digest changed are re-indexed.
      this.routing.follow(this.needs.routable(cache), JSON.stringify([orgId ?? null, userId ?? null, this.#options.surface ?? null]));
    }
    return [...cache.all];
  }

  /** The skill of that exact name, `manual` ones included. */
  getByName(name: string): Skill | undefined {
    return this.held().byName.get(name);
  }

  /** Skills listing `intent` (case-insensitive) whose activation is `auto` or `intent-matched` (and whose needs are met). */
  getByIntent(intent: string): Skill[] {
    return [...(this.needs.routable(this.held()).byIntent.get(intent.toLowerCase()) ?? [])];
  }

  /** Every cached skill, in precedence order. */
  getAll(): Skill[] {
    return [...this.held().all];
  }

  /** Number of cached skills. */
  get size(): number {
    return this.held().all.length;
  }

  /** Everything the last load found: skipped skills, warnings, shadowed names, source problems. */
  get diagnostics(): readonly Diagnostic[] {
    return this.held().diagnostics;
  }

  /** True once a load has completed. */
  get isLoaded(): boolean {
    return this.#cache !== undefined;
  }

  /** The policy for skill changes the surface's `agent.md` (option `agentMd`) declares; the store applies it to the surface's namespace after each load. */
  get mutability(): MutabilityName | undefined {
    return this.#rules.mutability;
  }

  /** `{ name, digest }` of every skill `skills.load` or `activateAsync` returned since the loader was made (or {@link clearLoaded}), in order. */
  get loaded(): readonly LoadedSkillRecord[] {
    return this.#agent.record.list();
  }

  /** Starts {@link loaded} again (a new conversation). */
  clearLoaded(): void {
    this.#agent.record.clear();
  }

  /**
   * Writes every skill in {@link loaded}, files and all, into `target` under `/skills/<name>/…`, then each skill loaded
   * later as it is loaded (`skills.load` returns once it is written); rejects with the first failure of that replay.
   * @example `const sandbox = await loader.attachSandbox(folderSandbox('/srv/run/42'))  // docs/agent.md, "Sandboxes"`
   */
  attachSandbox(target: SandboxTarget, options?: SandboxOptions): Promise<SandboxAttachment> {
    return this.#agent.attachSandbox(target, options);
  }

  /**
   * {@link activate} with the search stage on blended scores (as `activate` until the vectors are ready); what it returns joins `loaded`.
   * @example `for (const { skill } of await loader.activateAsync('put my receipts in a table')) use(skill)`
   */
  async activateAsync(turn: string | Turn, { record, ...options }: LoaderActivationOptions = {}): Promise<SkillActivation[]> {
    const activated = await this.#bodies.inFull(await this.routing.activateAsync(turn, options, record !== false));
    return this.#agent.handedOut(activated, record !== false);
  }

  /**
   * The held skills `names`, each read in full: a lazy one's body and files are fetched through its source (once,
   * verified against the digest it was listed with) and replace its metadata in the cache and the index. Rejects with
   * the source's error (`SOURCE_FAILED`, `DIGEST_MISMATCH`, …) for a skill that cannot be read; the others are kept.
   * @example `const [pdf] = await loader.ensureLoaded(['pdf-tools'])  // pdf.content is the body`
   */
  async ensureLoaded(names: string | readonly string[], options: SourceCallOptions = {}): Promise<Skill[]> {
    return this.#bodies.ensure(typeof names === 'string' ? [names] : names, options);
  }

  /**
   * Adds or replaces one skill in the cache and the index without a load (the next `loadAll` rebuilds from the sources). A
   * later tier cannot replace an earlier tier's skill, nor a name equal after normalisation or looking like another's
   * (`CONFLICT`). Validated like a SKILL.md: `INVALID_SKILL` with `diagnostics`; a `source` not builtin/org/user: `INVALID_INPUT`.
   */
  upsert(skill: Skill): void {
    this.#put(checkedSkill(skill));
  }

  #put(skill: Skill): void {
    this.#cache = withSkill(this.held(), skill);
    this.routing.upsert(skill);
    this.#rules.reserve([skill]);
  }

  #replace(held: Skill, next: Skill): void {
    const cache = this.held();
    const replaced = withReplaced(cache, held, next);
    if (replaced === cache) return;
    this.#cache = replaced;
    this.routing.upsert(next);
  }

  /** Drops one skill from the cache and the index; false when there was none of that name. */
  remove(name: string): boolean {
    const cache = this.held();
    if (!cache.byName.has(name)) return false;
    this.#cache = withoutSkill(cache, name);
    this.routing.remove(name);
    return true;
  }

  /**
   * The catalog for the system prompt (docs/agent.md), always within `maxBytes` (default `maxCatalogBytes`): whole when
   * it fits; else the turn's activated skills whole, the rest by relevance, shortened, then counted on a last line.
   * @example `system.push(loader.catalog({ turn: 'merge these pdfs', loaded: loader.loaded }))`
   */
  catalog(options: CatalogOptions = {}): string {
    return this.catalogFit(options).text;
  }

  /** {@link catalog} with what its budget did: each listed skill's form, the skills left out, the bytes. */
  catalogFit(options: CatalogOptions = {}): CatalogFit {
    return this.#agent.catalogFit(options);
  }

  /** `skills.load`, `skills.read` and `skills.search` over the current cache; after a load, take them again (their `version` changes). */
  get tools(): readonly SkillTool[] {
    return this.#agent.view().tools;
  }

  /** `skills.list` and `skills.grep` over the current cache (grants: `SKILLS_FILE_PERMISSIONS`); take them again after a load. */
  get fileTools(): readonly SkillTool[] {
    return this.#agent.view().fileTools;
  }

  /** `sha256:` over every cached skill's digest, in any order; the tools' `version`. */
  get digest(): string {
    return this.#agent.view().digest;
  }

  /** The grants the skill tools need: `['tool:skills.load', 'tool:skills.read', 'skills:read', 'tool:skills.search']`. */
  get permissions(): readonly string[] {
    return SKILLS_LOADER_PERMISSIONS;
  }

  /** The limits in force (defaults: {@link LOADER_LIMITS}). */
  get limits(): ResolvedLimits {
    return this.#limits;
  }

  /** One listed text file of a cached skill, read through its source, checked against its digest, raced against `signal` and the timeout. */
  async readFile(name: string, path: string, options: SourceCallOptions = {}): Promise<string> {
    return this.#agent.readFile(name, path, options);
  }

  /** `scanSkill` over a cached skill, every file read through its source and checked (docs/threat-model.md); changes nothing. */
  async scan(name: string, options: SourceCallOptions = {}): Promise<Diagnostic[]> {
    return this.#agent.scan(name, options);
  }

  /** Where a held skill came from (tier, origin, label), what it needs that the app lacks, what a scan found. */
  provenance(name: string): SkillProvenance | undefined {
    return this.#agent.provenance(name);
  }

  /** The current cache; `NOT_LOADED` before the first load. */
  protected held(): Cache {
    if (!this.#cache) throw new SkillError('NOT_LOADED', 'The loader has no skills yet: await loadAll() first.');
    return this.#cache;
  }
}
