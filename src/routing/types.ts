/**
 * The router's public data shapes: hits, options of a route, the indexed
 * document, the serialised form and the result of a sync.
 * @module
 */
import type { Activation } from '../format/types.js';

/** One ranked skill. */
export interface RouteHit {
  /** The skill's name. */
  readonly name: string;
  /** Calibrated score, 0–1: the share of the query's information the skill covers. */
  readonly score: number;
  /** The query terms (after the text pipeline: stems, stop words included) that matched; the scoring detail. */
  readonly terms: readonly string[];
  /** The words of the query that matched, as it spells them, in its order, without stop words: what to show. */
  readonly words: readonly string[];
  /** The share of the query's weight (each term's idf; stop words lower) that the matched terms carry, 0–1. */
  readonly coverage: number;
}

/** An intent label recognised in a text. */
export interface IntentHit {
  /** The label, as the skill lists it, lower case. */
  readonly intent: string;
  /** The best score of a skill listing it. */
  readonly score: number;
  /** The query terms that matched (stems). */
  readonly terms: readonly string[];
  /** The words of the text that matched, as it spells them, without stop words. */
  readonly words: readonly string[];
}

/** Options of `Router.route`. */
export interface RouteOptions {
  /** Most hits returned (default 10). */
  limit?: number;
  /** Which skills to rank: `auto` only (default) or every routable one. */
  activation?: 'auto' | 'any';
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
  /** The body's headings and first paragraph, and the names of the skill's files, one per line (`bodyTextOf`). */
  readonly body: string;
}

/** A serialised router: ship it built with a builtin bundle, then `loadRouter`. */
export interface RouterJSON {
  /** `ROUTER_SCHEMA_VERSION` of the writer. */
  readonly version: number;
  /** The text pipeline's language. */
  readonly language: string;
  /** Per skill: name, digest, activation, intents (lower case), indexed document, term profile (as `profileText` writes it: `term` or `term~weight`, space-separated). */
  readonly entries: readonly (readonly [
    name: string,
    digest: string,
    activation: Activation,
    intents: readonly string[],
    doc: RouterDocument,
    profile: string,
  ])[];
  /** MiniSearch's own serialisation of the index. */
  readonly index: unknown;
}

/** Changes `Router.sync` applied. */
export interface SyncResult {
  /** Skills indexed anew. */
  readonly added: number;
  /** Skills re-indexed because their digest or activation changed. */
  readonly replaced: number;
  /** Skills dropped from the index. */
  readonly removed: number;
}
