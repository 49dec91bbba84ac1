/**
 * The intent router: a MiniSearch index over the routable skills (name,
 * description, intents, examples, tags) that ranks them for a turn's text
 * with calibrated 0–1 scores, and is updated skill by skill.
 * @module
 */
import MiniSearch, { type Options as MiniSearchOptions, type SearchOptions } from 'minisearch';
import { pipelineOf, resolveRouterOptions, type ResolvedRouterOptions, type RouterOptions } from './options.js';
import { bestExampleEvidence, exampleTermsOf, lengthFactor, massOf } from './examples.js';
import { feedbackTerms, relatedTerms } from './feedback.js';
import { calibrate, evidence, idf, profileOfText, profileText, ROUTER_FIELDS, type RawHit, type RouterField, type TermProfile } from './score.js';
import { fieldWords, profileOfWords, type FieldWords } from './field-words.js';
import { matchedWords, shownWordsOf, type ShownWord } from './matched-words.js';
import type { TextPipeline } from './text-pipeline.js';
import type { IntentHit, RouteHit, RouteOptions, RouterDocument, RouterJSON, SyncResult } from './types.js';
import { withPrior } from './usage-prior.js';
import type { Activation, Skill } from '../format/types.js';
import { bodyTextOf } from './body-text.js';
import { QuerySearch } from './query-search.js';

export { DEFAULT_ROUTER_OPTIONS, type RouterOptions } from './options.js';
export type { IntentHit, RouteHit, RouteOptions, RouterDocument, RouterJSON, SyncResult } from './types.js';

/** Version of {@link RouterJSON}; a serialised router of another version is refused. */
export const ROUTER_SCHEMA_VERSION = 4;

/** What the router keeps of a skill. */
interface Entry {
  readonly digest: string;
  readonly activation: Activation;
  readonly intents: readonly string[];
  readonly doc: RouterDocument;
  readonly profile: TermProfile;
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
 * router.route('merge these two PDFs') // [{ name: 'pdf-tools', score: 0.66, terms: ['merg', 'these', 'two', 'pdf'], words: ['merge', 'two', 'PDFs'] }]
 * ```
 */
export class Router {
  /** The text pipeline that made the index's terms; queries go through it too. */
  readonly pipeline: TextPipeline;
  readonly #options: ResolvedRouterOptions;
  readonly #entries = new Map<string, Entry>();
  readonly #frequency = new Map<string, number>();
  #mass = 0;
  readonly #index: MiniSearch<RouterDocument>;
  readonly #search: SearchOptions;
  /** The search of each pass, with the stop terms' scores it keeps until the index changes. */
  readonly #query: QuerySearch;
  /** The words of the skill being added, for MiniSearch's tokenizer. */
  #adding: FieldWords | undefined;

  /** @internal use {@link createRouter} or {@link loadRouter}. */
  constructor(options: RouterOptions, json?: RouterJSON) {
    this.pipeline = pipelineOf(options);
    this.#options = resolveRouterOptions(options);
    const config = this.#config();
    this.#index = json ? MiniSearch.loadJS(json.index as never, config) : new MiniSearch(config);
    const o = this.#options;
    // Query terms come out of the pipeline already: split on the spaces we join them with, keep as they are.
    this.#search = { boost: o.boost, fuzzy: o.fuzzy, prefix: o.prefix, bm25: o.bm25, tokenize: (q) => q.split(' '), processTerm: (t) => t };
    this.#query = new QuerySearch(this.#index, this.#search, config.fields, (t) => this.pipeline.isStopTerm(t));
    for (const [name, digest, activation, intents, doc, profile] of json?.entries ?? [])
      this.#remember(name, { digest, activation, intents, doc, profile: profileOfText(profile) });
    // An index whose two halves disagree would route to skills it cannot name, or refuse to re-index them.
    if (json && (this.#index.documentCount !== this.#entries.size || [...this.#entries.keys()].some((n) => !this.#index.has(n)))) {
      throw new Error('its entries and its search index do not list the same skills');
    }
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
    // Each field is split into words once: MiniSearch indexes these words, and the term profile is made from them.
    const words = fieldWords(this.pipeline, doc);
    this.#adding = words;
    try {
      this.#index.add(doc);
    } finally {
      this.#adding = undefined;
      this.#query.clear();
    }
    const intents = (skill.intents ?? []).map((i) => i.toLowerCase());
    this.#remember(skill.name, {
      digest: skill.digest,
      activation: skill.activation,
      intents,
      doc,
      profile: profileOfWords(this.pipeline, words, this.#options),
    });
  }

  /** Drops a skill from the index; false when it was not there. */
  remove(name: string): boolean {
    const entry = this.#entries.get(name);
    if (!entry) return false;
    this.#index.remove(entry.doc);
    this.#query.clear();
    for (const term of entry.profile.keys()) {
      const n = (this.#frequency.get(term) ?? 0) - this.#df(entry.profile, term);
      if (n > 1e-9) this.#frequency.set(term, n);
      else this.#frequency.delete(term);
    }
    this.#entries.delete(name);
    this.#mass -= massOf(entry.profile);
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
    const ranked = this.#rank(text, (e) => anyActivation || e.activation === 'auto');
    const prior = this.#options.prior;
    return (prior ? withPrior(ranked, prior) : ranked).slice(0, options.limit ?? 10);
  }

  /** Intent labels of the indexed skills that `text` matches, best first. */
  recognizeIntents(text: string, options: { limit?: number } = {}): IntentHit[] {
    const best = new Map<string, IntentHit>();
    for (const hit of this.#rank(text, (e) => e.intents.length > 0)) {
      for (const intent of this.#entries.get(hit.name)?.intents ?? []) {
        if (!best.has(intent)) best.set(intent, { intent, score: hit.score, terms: hit.terms, words: hit.words });
      }
    }
    return [...best.values()].slice(0, options.limit ?? 10);
  }

  /** A plain object to store or ship; {@link loadRouter} reads it back. */
  toJSON(): RouterJSON {
    const entries = [...this.#entries].map(([name, e]) => [name, e.digest, e.activation, e.intents, e.doc, profileText(e.profile)] as const);
    return { version: ROUTER_SCHEMA_VERSION, language: this.pipeline.language, entries, index: this.#index.toJSON() };
  }

  #rank(text: string, keep: (entry: Entry) => boolean): RouteHit[] {
    const stopWeight = this.#options.stopWordWeight;
    const terms = this.pipeline.queryTerms(text, stopWeight > 0);
    if (terms.length === 0 || this.#entries.size === 0) return [];
    const n = this.#entries.size;
    const idfOf = (t: string): number => idf(n, this.#frequency.get(t) ?? 0) ** this.#options.idfPower;
    const prior = this.#options.termPrior;
    const factors = new Map(terms.map((t) => [t, stopWeight > 0 && this.pipeline.isStopTerm(t) ? stopWeight : prior ? prior(t) : 1]));
    const weights = new Map(terms.map((t) => [t, idfOf(t) * (factors.get(t) as number)]));
    let total = 0;
    for (const w of weights.values()) total += w;
    const contentful = terms.some((t) => !this.pipeline.isStopTerm(t));
    const related = this.#options.related;
    const all = related ? [...terms, ...relatedTerms(terms, weights, factors, idfOf, related)] : terms;
    const shown = shownWordsOf(this.pipeline, text, terms);
    const hits = this.#pass(all, factors, weights, total, contentful, keep, shown);
    const fb = this.#options.feedback;
    if (!fb || hits.length === 0) return hits;
    const top = hits.slice(0, fb.docs).map((h) => ({ score: h.score, profile: (this.#entries.get(h.name) as Entry).profile }));
    const extra = feedbackTerms(top, new Set(all), idfOf, (t) => this.pipeline.isStopTerm(t), fb);
    if (extra.size === 0) return hits;
    for (const [t, w] of extra) {
      weights.set(t, w);
      factors.set(t, w / idfOf(t));
    }
    return this.#pass([...all, ...extra.keys()], factors, weights, total, contentful, keep, shown);
  }

  /** One search: MiniSearch with each term boosted by its factor, then calibrated evidence; `shown` only names the matches. */
  #pass(
    terms: string[],
    factors: ReadonlyMap<string, number>,
    weights: ReadonlyMap<string, number>,
    total: number,
    contentful: boolean,
    keep: (entry: Entry) => boolean,
    shown: readonly ShownWord[],
  ): RouteHit[] {
    const { hits: raw, best } = this.#query.run(terms, factors, contentful);
    const hits: RouteHit[] = [];
    for (const r of raw) {
      const entry = this.#entries.get(r.id);
      if (!entry || !keep(entry)) continue;
      // Sharing only "the" and "for" with a query is no match, unless the query has nothing else.
      if (contentful && r.queryTerms.every((t) => this.pipeline.isStopTerm(t))) continue;
      // Evidence ranks by what the query covers; BM25 (relative to the best hit) adds term frequency and field length.
      // A best score of 0 (every hit reached only through zero-weight terms) gives no BM25 share, not 0/0.
      const relative = best > 0 ? (r.score / best) ** this.#options.bm25Power : 0;
      let score = calibrate(
        evidence(r, weights, entry.profile, this.#options.inexactWeight) *
          relative *
          lengthFactor(entry.profile, this.#mass / this.#entries.size, this.#options.lengthNorm),
        total,
      );
      const ex = this.#options.exampleMatch;
      if (ex) score = Math.max(score, calibrate(ex.weight * bestExampleEvidence(exampleTermsOf(entry.doc, this.#termsOf), weights, ex.lengthPower), total));
      // A skill left with no evidence at all (its only terms weighted 0) is no match.
      if (score > 0)
        hits.push({ name: r.id, score: round(score), terms: r.queryTerms, words: matchedWords(shown, r.queryTerms), coverage: coverageOf(r, weights, total) });
    }
    // Equal scores fall back on the name, so the order never depends on insertion.
    hits.sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return hits;
  }

  #remember(name: string, entry: Entry): void {
    this.#mass += massOf(entry.profile);
    this.#entries.set(name, entry);
    for (const term of entry.profile.keys()) this.#frequency.set(term, (this.#frequency.get(term) ?? 0) + this.#df(entry.profile, term));
  }

  /** What a skill adds to a term's document frequency: 1, or its profile strength with `softFrequency`. */
  #df(profile: TermProfile, term: string): number {
    return this.#options.softFrequency ? (profile.get(term) ?? 0) : 1;
  }

  readonly #termsOf = (text: string): string[] => this.pipeline.terms(text, this.#options.stopWordWeight > 0);

  #config(): MiniSearchOptions<RouterDocument> {
    return {
      fields: [...ROUTER_FIELDS],
      // While a skill is being added its words are already known; otherwise (a removal) they are made again.
      // MiniSearch only reads the list it gets.
      tokenize: (text, field) =>
        ((field === undefined ? undefined : this.#adding?.[field as RouterField]) as string[] | undefined) ?? this.pipeline.words(text),
      processTerm: (word) => this.pipeline.term(word, this.#options.stopWordWeight > 0),
      autoVacuum: false,
    };
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
    body: bodyTextOf(skill),
  };
}

/** The share of the query's weight whose terms the hit matched (stop words at their lower weight), 0–1. */
function coverageOf(hit: RawHit, weights: ReadonlyMap<string, number>, total: number): number {
  let covered = 0;
  for (const t of hit.queryTerms) covered += weights.get(t) ?? 0;
  return total > 0 ? round(Math.min(1, covered / total)) : 0;
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
