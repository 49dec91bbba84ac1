/**
 * What a `SkillLoader` offers an agent, kept apart from loading and
 * routing: the catalog within its budget, the tools over the current cache,
 * file reads through the sources, and the record of the skills handed out.
 * @module
 */
import type { CatalogFit } from '../../agent/catalog/budget.js';
import type { CatalogOptions, CatalogTurn } from '../../agent/catalog/options.js';
import type { Diagnostic } from '../../format/diagnostics/diagnostic.js';
import type { ResolvedLimits, Skill, SkillFile } from '../../format/types.js';
import type { RouteHit } from '../../routing/router.js';
import type { SourceCallOptions } from '../../sources/source.js';
import { notHeld, type Cache } from '../cache.js';
import { agentView, readLoaderFile, readSkillSourceFile, readVerifiedBytes, type AgentHooks, type AgentView } from './agent-view.js';
import { LoadedRecord } from './loaded-record.js';
import type { SandboxAttachment, SandboxLink, SandboxOptions, SandboxTarget } from './sandbox.js';
import type { ProjectionReads } from './sandbox-projection.js';
import { FindingsRecord } from './findings-record.js';
import { provenanceOf, type SkillProvenance } from '../../sources/origin.js';
import { servedByOf } from '../../agent/skill-paths.js';
import { loaderSearch, type SearchedLoader } from './skill-search.js';
import { loaderCatalogFit } from './turn-catalog.js';
import type { ToolNeeds } from '../stages/tool-needs.js';

/** What the agent side reads of its loader besides its public face: the cache, and its routing stages. */
export interface AgentInternals {
  /** The current cache; throws `NOT_LOADED` before the first load. */
  cache(): Cache;
  /** `activateRanked` for a turn's catalog; `served` when `skills.load` hands a skill out (learning, with `learn: true`). */
  readonly routing: {
    activateRanked(turn: CatalogTurn): { activated: readonly { readonly skill: Skill }[]; ranking: (text: string) => readonly RouteHit[] };
    served(name: string): void;
  };
  /** `skill` in full: a lazy one read through its source first (`loader.ensureLoaded`). */
  inFull(skill: Skill): Promise<Skill>;
  /** The check of declared needs against `availableTools`: the catalog and `skills.search` leave out what it hides. */
  readonly needs: ToolNeeds;
}

/** A loader's agent side over `host`. */
export class LoaderAgent {
  /** The skills `skills.load` and `activateAsync` handed out (`loader.loaded`). */
  readonly record = new LoadedRecord();
  /** What scans found, by digest: `loader.scan`'s and the source gates'. */
  readonly findings = new FindingsRecord();
  readonly #inner: AgentInternals;
  readonly #limits: ResolvedLimits;
  readonly #timeoutMs: number;
  readonly #hooks: AgentHooks;
  // Made by the first attachSandbox: a loader with no sandbox pays nothing per load.
  #sandboxes: Promise<SandboxLink> | undefined;

  /** `loader` is searched by `skills.search`; `inner` gives the cache and the activations. */
  constructor(loader: SearchedLoader, inner: AgentInternals, limits: ResolvedLimits, timeoutMs: number) {
    this.#inner = inner;
    this.#limits = limits;
    this.#timeoutMs = timeoutMs;
    this.#hooks = {
      // `skills.search` finds what routing ranks, and the named manual skills whose needs are met.
      search: loaderSearch({ routeAsync: (text, o) => loader.routeAsync(text, o), getAll: () => inner.needs.routable(inner.cache()).all }),
      onLoad: (skill: Skill) => {
        this.record.add(skill);
        inner.routing.served(skill.name);
        // skills.load returns once the attached sandboxes hold the skill's files (or failed, which is reported).
        // A sandbox whose code failed to import was never attached: its attachSandbox call said so.
        return this.#sandboxes?.then(
          (link) => link.loaded(skill),
          () => undefined,
        );
      },
      timeoutMs,
      inFull: (skill: Skill) => inner.inFull(skill),
      unmet: (skill: Skill) => inner.needs.unmet(skill),
    };
  }

  /** `activations`, added to the record when they were `served` (handed to a conversation), once the sandboxes hold them. */
  async handedOut<T extends { readonly skill: Skill }>(activations: T[], served: boolean): Promise<T[]> {
    if (!served) return activations;
    for (const { skill } of activations) this.record.add(skill);
    await Promise.all(
      activations.map(({ skill }) =>
        this.#sandboxes?.then(
          (link) => link.loaded(skill),
          () => undefined,
        ),
      ),
    );
    return activations;
  }

  /** Attaches `target`: every skill handed out so far is written into it, then each one handed out later (docs/agent.md). */
  attachSandbox(target: SandboxTarget, options?: SandboxOptions): Promise<SandboxAttachment> {
    // Imported on the first attach (a loader that never projects a skill carries none of it), and known at once, so a
    // skill handed out while the import runs waits for it.
    this.#sandboxes ??= Promise.all([import('./sandbox.js'), import('./sandbox-projection.js')]).then(([{ SandboxLink }, { projectSkill }]) => {
      const reads = this.#reads({});
      return new SandboxLink((skill) => projectSkill(skill, reads));
    });
    return this.#sandboxes.then((link) => link.attach(target, this.record.skills(), options));
  }

  /** The loader's own read path for whole skills: each file through its source, checked against its digest. */
  #reads(options: SourceCallOptions): ProjectionReads {
    const bounds = { timeoutMs: this.#timeoutMs, signal: options.signal };
    return {
      limits: this.#limits,
      inFull: (skill: Skill) => this.#inner.inFull(skill),
      file: (skill: Skill, file: SkillFile) => readVerifiedBytes(skill, file, this.#limits, bounds),
      raw: (skill: Skill, path: string) => readSkillSourceFile(skill, path, this.#limits, bounds),
    };
  }

  /** The scanner's findings for a cached skill, its files read as a sandbox reads them (the SKILL.md checked too); recorded by digest. */
  async scan(name: string, options: SourceCallOptions): Promise<Diagnostic[]> {
    const skill = await this.#inner.inFull(this.#inner.cache().byName.get(name) ?? notHeld(name));
    const [{ projectSkill }, { scanProjected, scanSkillFiles }] = await Promise.all([import('./sandbox-projection.js'), import('./skill-scan.js')]);
    // A served skill's SKILL.md may hold more than the skill shows (an MCP server's allowed-tools not yet approved):
    // scanned as the server serves it, its files checked; any other skill's SKILL.md is checked against its digest too.
    const found = servedByOf(skill)
      ? await scanSkillFiles(skill, this.#limits, { timeoutMs: this.#timeoutMs, signal: options.signal })
      : await scanProjected(skill, await projectSkill(skill, this.#reads(options)));
    this.findings.set(skill.digest, found);
    return found;
  }

  /** Where a cached skill came from, what it needs that is missing, and what a scan found (`loader.provenance`). */
  provenance(name: string): SkillProvenance | undefined {
    const skill = this.#inner.cache().byName.get(name);
    if (!skill) return undefined;
    const unmet = this.#inner.needs.unmet(skill);
    const findings = this.findings.get(skill.digest);
    return { ...provenanceOf(skill), ...(unmet ? { unmetNeeds: unmet } : {}), ...(findings ? { findings } : {}) };
  }

  /** The digest and tools of the current cache. */
  view(): AgentView {
    return agentView(this.#inner.cache().all, this.#limits, this.#hooks);
  }

  /** The catalog for `options`, fitted to its budget; a turn's activations and ranking come from one lexical search. */
  catalogFit(options: CatalogOptions): CatalogFit {
    const cache = this.#inner.needs.routable(this.#inner.cache());
    const skillsOf = (hits: readonly RouteHit[]): { skill: Skill }[] =>
      hits.flatMap((hit) => {
        const skill = cache.byName.get(hit.name);
        return skill ? [{ skill }] : [];
      });
    const activateRanked = (turn: CatalogTurn) => {
      const { activated, ranking } = this.#inner.routing.activateRanked(turn);
      return { activated, ranking: (text: string) => skillsOf(ranking(text)) };
    };
    return loaderCatalogFit(cache, this.#limits, options, { activateRanked });
  }

  /** One listed text file of a cached skill, read through its source and checked against its digest. */
  async readFile(name: string, path: string, options: SourceCallOptions): Promise<string> {
    const skill = await this.#inner.inFull(this.#inner.cache().byName.get(name) ?? notHeld(name));
    return readLoaderFile(skill, path, this.#limits, { signal: options.signal, timeoutMs: this.#timeoutMs });
  }
}
