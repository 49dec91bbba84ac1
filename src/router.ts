/**
 * The intent router: a MiniSearch index over the routable skills (name,
 * description, intents, examples, tags) that ranks them for a turn's text
 * with calibrated 0–1 scores, and is updated skill by skill.
 * @module
 */
import MiniSearch, { type Options as MiniSearchOptions, type SearchOptions } from 'minisearch';
import { SkillError } from './errors.js';
import { pipelineOf, resolveRouterOptions, type ResolvedRouterOptions, type RouterOptions } from './router-options.js';
import { calibrate, evidence, idf, ROUTER_FIELDS, termProfile, type RawHit, type TermProfile } from './router-score.js';
import type { TextPipeline } from './text-pipeline.js';
import type { Activation, Skill } from './types.js';

export { DEFAULT_ROUTER_OPTIONS, type RouterOptions } from './router-options.js';

/** Version of {@link RouterJSON}; a serialised router of another version is refused. */
export const ROUTER_SCHEMA_VERSION = 1;

/** One ranked skill. */
export interface RouteHit {
  /** The skill's name. */
  readonly name: string;
  /** Calibrated score, 0–1: the share of the query's information the skill covers. */
  readonly score: number;
  /** The query terms (after the text pipeline) that matched. */
  readonly terms: readonly string[];
}

/** An intent label recognised in a text. */
export interface IntentHit {
  /** The label, as the skill lists it, lower case. */
  readonly intent: string;
  /** The best score of a skill listing it. */
  readonly score: number;
  /** The query terms that matched. */
  readonly terms: readonly string[];
}

/** Options of {@link Router.route}. */
export interface RouteOptions {
  /** Most hits returned (default 10). */
  limit?: number;
  /** Which skills to rank: `auto` only (default) or every routable one. */
  activation?: 'auto' | 'any';
}

/** What the router keeps of a skill. */
interface Entry {
  readonly digest: string;
  readonly activation: Activation;
  readonly intents: readonly string[];
  readonly doc: RouterDocument;
  readonly profile: TermProfile;
}

/** The text a skill is indexed by. */
export interface RouterDocument {
  /** The skill's name (MiniSearch id). */
  readonly id: string;
  /** The name again, as searchable text. */
  readonly name: string;
  /** The description. */
  readonly description: string;
  /** Intent labels, one per line. */
  readonly intents: string;
  /** Examples, one per line. */
  readonly examples: string;
  /** `metadata.tags`, one per line. */
  readonly tags: string;
}

/** A serialised router: ship it built with a builtin bundle, then {@link loadRouter}. */
export interface RouterJSON {
  /** {@link ROUTER_SCHEMA_VERSION} of the writer. */
  readonly version: number;
  /** The text pipeline's language. */
  readonly language: string;
  /** Per skill: name, digest, activation, intents (lower case), indexed document, term profile. */
  readonly entries: readonly (readonly [name: string, digest: string, activation: Activation, intents: readonly string[], doc: RouterDocument, profile: readonly (readonly [string, number])[]])[];
  /** MiniSearch's own serialisation of the index. */
  readonly index: unknown;
}

/** Changes {@link Router.sync} applied. */
export interface SyncResult {
  /** Skills indexed anew. */
  readonly added: number;
  /** Skills re-indexed because their digest or activation changed. */
  readonly replaced: number;
  /** Skills dropped from the index. */
  readonly removed: number;
}

/** True when a skill takes part in routing: not `manual`, not hidden from the model. */
export function isRoutable(skill: Skill): boolean {
  return skill.activation !== 'manual' && skill.disableModelInvocation !== true;
}

/**
 * A routing index over skills, kept up to date one skill at a time.
 *
 * @example
 * ```ts
 * const router = createRouter()
 * router.sync(skills)
 * router.route('merge these two PDFs') // [{ name: 'pdf-tools', score: 0.71, terms: ['merg', 'pdf'] }]
 * ```
 */
export class Router {
  /** The text pipeline that made the index's terms; queries go through it too. */
  readonly pipeline: TextPipeline;
  readonly #options: ResolvedRouterOptions;
  readonly #entries = new Map<string, Entry>();
  readonly #frequency = new Map<string, number>();
  readonly #index: MiniSearch<RouterDocument>;
  readonly #search: SearchOptions;

  /** @internal use {@link createRouter} or {@link loadRouter}. */
  constructor(options: RouterOptions, json?: RouterJSON) {
    this.pipeline = pipelineOf(options);
    this.#options = resolveRouterOptions(options);
    const config = this.#config();
    this.#index = json ? MiniSearch.loadJS(json.index as never, config) : new MiniSearch(config);
    const o = this.#options;
    // Query terms come out of the pipeline already: split on the spaces we join them with, keep as they are.
    this.#search = { boost: o.boost, fuzzy: o.fuzzy, prefix: o.prefix, bm25: o.bm25, tokenize: (q) => q.split(' '), processTerm: (t) => t };
    if (o.stopWordWeight > 0) this.#search.boostTerm = (t) => (this.pipeline.isStopTerm(t) ? o.stopWordWeight : 1);
    for (const [name, digest, activation, intents, doc, profile] of json?.entries ?? []) this.#remember(name, { digest, activation, intents, doc, profile: new Map(profile) });
  }

  /** Number of indexed skills. */
  get size(): number {
    return this.#entries.size;
  }

  /** The digest of the indexed skill of that name, if any. */
  digestOf(name: string): string | undefined {
    return this.#entries.get(name)?.digest;
  }

  /** Indexes a skill, replacing the one of the same name; a skill that does not route is removed instead. */
  upsert(skill: Skill): void {
    if (!isRoutable(skill)) {
      this.remove(skill.name);
      return;
    }
    const current = this.#entries.get(skill.name);
    if (current?.digest === skill.digest && current.activation === skill.activation) return;
    if (current) this.remove(skill.name);
    const doc = documentOf(skill);
    this.#index.add(doc);
    const intents = (skill.intents ?? []).map((i) => i.toLowerCase());
    this.#remember(skill.name, { digest: skill.digest, activation: skill.activation, intents, doc, profile: this.#profileOf(doc) });
  }

  /** Drops a skill from the index; false when it was not there. */
  remove(name: string): boolean {
    const entry = this.#entries.get(name);
    if (!entry) return false;
    this.#index.remove(entry.doc);
    for (const term of entry.profile.keys()) {
      const n = (this.#frequency.get(term) ?? 0) - 1;
      if (n > 0) this.#frequency.set(term, n);
      else this.#frequency.delete(term);
    }
    this.#entries.delete(name);
    return true;
  }

  /** Brings the index in line with `skills` (by name and digest): adds, replaces and removes only what changed. */
  sync(skills: Iterable<Skill>): SyncResult {
    const seen = new Set<string>();
    let added = 0;
    let replaced = 0;
    let removed = 0;
    for (const skill of skills) {
      if (!isRoutable(skill)) continue;
      seen.add(skill.name);
      const current = this.#entries.get(skill.name);
      if (current?.digest === skill.digest && current.activation === skill.activation) continue;
      this.upsert(skill);
      if (current) replaced++;
      else added++;
    }
    for (const name of [...this.#entries.keys()]) {
      if (!seen.has(name) && this.remove(name)) removed++;
    }
    return { added, replaced, removed };
  }

  /** Ranks the skills for `text`, best first, with calibrated scores; no threshold. */
  route(text: string, options: RouteOptions = {}): RouteHit[] {
    const anyActivation = options.activation === 'any';
    return this.#rank(text, (e) => anyActivation || e.activation === 'auto').slice(0, options.limit ?? 10);
  }

  /** Intent labels of the indexed skills that `text` matches, best first. */
  recognizeIntents(text: string, options: { limit?: number } = {}): IntentHit[] {
    const best = new Map<string, IntentHit>();
    for (const hit of this.#rank(text, (e) => e.intents.length > 0)) {
      for (const intent of this.#entries.get(hit.name)?.intents ?? []) {
        if (!best.has(intent)) best.set(intent, { intent, score: hit.score, terms: hit.terms });
      }
    }
    return [...best.values()].slice(0, options.limit ?? 10);
  }

  /** A plain object to store or ship; {@link loadRouter} reads it back. */
  toJSON(): RouterJSON {
    const entries = [...this.#entries].map(([name, e]) => [name, e.digest, e.activation, e.intents, e.doc, [...e.profile]] as const);
    return { version: ROUTER_SCHEMA_VERSION, language: this.pipeline.language, entries, index: this.#index.toJSON() };
  }

  #rank(text: string, keep: (entry: Entry) => boolean): RouteHit[] {
    const stopWeight = this.#options.stopWordWeight;
    const terms = this.pipeline.queryTerms(text, stopWeight > 0);
    if (terms.length === 0 || this.#entries.size === 0) return [];
    const n = this.#entries.size;
    const weights = new Map(terms.map((t) => [t, idf(n, this.#frequency.get(t) ?? 0) * (stopWeight > 0 && this.pipeline.isStopTerm(t) ? stopWeight : 1)]));
    let total = 0;
    for (const w of weights.values()) total += w;
    const inexact = this.#options.inexactWeight;
    const contentful = terms.some((t) => !this.pipeline.isStopTerm(t));
    const found = this.#index.search(terms.join(' '), this.#search) as unknown as RawHit[];
    // MiniSearch multiplies a hit's score by the number of query terms it matched; count stop words as their weight.
    const raw = stopWeight > 0 ? found.map((r) => ({ ...r, score: (r.score / r.queryTerms.length) * r.queryTerms.reduce((q, t) => q + (this.pipeline.isStopTerm(t) ? stopWeight : 1), 0) })) : found;
    let best = 0;
    for (const r of raw) best = Math.max(best, r.score);
    const hits: RouteHit[] = [];
    for (const r of raw) {
      const entry = this.#entries.get(r.id);
      if (!entry || !keep(entry)) continue;
      // Sharing only "the" and "for" with a query is no match, unless the query has nothing else.
      if (contentful && r.queryTerms.every((t) => this.pipeline.isStopTerm(t))) continue;
      // Evidence ranks by what the query covers; BM25 (relative to the best hit) adds term frequency and field length.
      const score = calibrate(evidence(r, weights, entry.profile, inexact) * (r.score / best), total);
      hits.push({ name: r.id, score: round(score), terms: r.queryTerms });
    }
    // Equal scores fall back on the name, so the order never depends on insertion.
    hits.sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return hits;
  }

  #remember(name: string, entry: Entry): void {
    this.#entries.set(name, entry);
    for (const term of entry.profile.keys()) this.#frequency.set(term, (this.#frequency.get(term) ?? 0) + 1);
  }

  #profileOf(doc: RouterDocument): TermProfile {
    const keep = this.#options.stopWordWeight > 0;
    const terms = (text: string): string[] => this.pipeline.terms(text, keep);
    const fields = { name: terms(doc.name), description: terms(doc.description), intents: terms(doc.intents), tags: terms(doc.tags) };
    const examples = doc.examples === '' ? [] : doc.examples.split('\n').map(terms);
    return termProfile({ ...fields, examples }, this.#options.fieldWeights, this.#options.exampleShare);
  }

  #config(): MiniSearchOptions<RouterDocument> {
    return {
      fields: [...ROUTER_FIELDS],
      tokenize: (text) => this.pipeline.words(text),
      processTerm: (word) => this.pipeline.term(word, this.#options.stopWordWeight > 0),
      autoVacuum: false,
    };
  }
}

/** A new, empty router. */
export function createRouter(options: RouterOptions = {}): Router {
  return new Router(options);
}

/**
 * A router read back from {@link Router.toJSON}. Refuses (`INVALID_INDEX`) a
 * different schema version or a pipeline of another language.
 */
export function loadRouter(json: RouterJSON, options: RouterOptions = {}): Router {
  const pipeline = pipelineOf(options);
  if (json?.version !== ROUTER_SCHEMA_VERSION) {
    throw new SkillError('INVALID_INDEX', `The routing index has schema version ${String(json?.version)}; this Satchel reads version ${ROUTER_SCHEMA_VERSION}.`);
  }
  if (json.language !== pipeline.language) {
    throw new SkillError('INVALID_INDEX', `The routing index was built for language "${json.language}", the pipeline is "${pipeline.language}".`);
  }
  try {
    return new Router({ ...options, pipeline }, json);
  } catch (e) {
    throw new SkillError('INVALID_INDEX', `The routing index is malformed: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
}

function documentOf(skill: Skill): RouterDocument {
  return {
    id: skill.name,
    name: skill.name,
    description: skill.description,
    intents: (skill.intents ?? []).join('\n'),
    examples: (skill.examples ?? []).join('\n'),
    tags: (skill.tags ?? []).join('\n'),
  };
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
