/**
 * The router's one search per pass: MiniSearch's OR query over the query
 * terms, with each hit's score rescaled so a matched term counts as its factor.
 *
 * A long turn holds many stop terms ("the", "to", …) and each matches nearly
 * every skill, so scoring them is most of a search. MiniSearch scores an OR
 * query term by term: a document's raw score is the sum, in query order, of
 * each matched term's own score (which depends on that term and the index
 * only), times the number of terms it matched. So a stop term's scores are
 * kept per index version, and a query searches only its content terms afresh,
 * then adds the terms up in the same order MiniSearch would: same sums to the
 * last bit, same `queryTerms` and `match`. Documents matched by stop terms
 * alone are no hit, but their scores still count in the best score.
 * @module
 */
import type MiniSearch from 'minisearch';
import type { SearchOptions } from 'minisearch';
import type { RawHit } from './score.js';

/** A pass's hits, scores rescaled, and the best rescaled score over every document matched (hits or not). */
export interface QueryHits {
  readonly hits: RawHit[];
  readonly best: number;
}

/**
 * @internal Switch for tests and benches: while `enabled` is false every query goes through one MiniSearch search,
 * as before the stop-term cache (the reference the cached path must equal).
 */
export const stopTermCaching = { enabled: true };

/**
 * Most stop terms whose scores are kept, least recently used out first: 13 bytes per skill a term matches (at most
 * 128 × 13 B × skills; English has about 100 stop terms, and over the 1,399 corpus skills they hold about 200 KB).
 */
const CAPACITY = 128;

/** One term's scores: the documents it matches (by our number), their scores, and the fields as bits (fields order). */
interface TermScores {
  readonly factor: number;
  readonly docs: Int32Array;
  readonly scores: Float64Array;
  readonly fields: Uint8Array;
}

/** The router's search, with the stop-term scores it keeps; {@link QuerySearch.clear} on every change to the index. */
export class QuerySearch {
  readonly #cache = new Map<string, TermScores>();
  /** Document ids by our number, and back; numbered as they are first seen in this index version. */
  readonly #ids: string[] = [];
  readonly #numbers = new Map<string, number>();

  readonly #index: MiniSearch;
  readonly #options: SearchOptions;
  readonly #fields: readonly string[];
  readonly #isStop: (term: string) => boolean;

  /** `fields` in the index's order; `isStop` tells the terms whose scores are kept. */
  constructor(index: MiniSearch, options: SearchOptions, fields: readonly string[], isStop: (term: string) => boolean) {
    this.#index = index;
    this.#options = options;
    this.#fields = fields;
    this.#isStop = isStop;
  }

  /** Forgets every kept score: the index changed, and with it every term's BM25 statistics. */
  clear(): void {
    this.#cache.clear();
    this.#ids.length = 0;
    this.#numbers.clear();
  }

  /** The hits of `terms` (each boosted by its factor); `contentful` drops those matched by stop terms alone. */
  run(terms: readonly string[], factors: ReadonlyMap<string, number>, contentful: boolean): QueryHits {
    if (!this.#exact(terms, contentful)) return this.#whole(terms, factors);
    const lists = terms.map((t) => (this.#isStop(t) ? this.#stopScores(t, factors.get(t) ?? 1) : this.#scores(t, factors.get(t) ?? 1)));
    const n = this.#ids.length;
    const content = new Uint8Array(n);
    terms.forEach((t, i) => {
      if (!this.#isStop(t)) for (const d of (lists[i] as TermScores).docs) content[d] = 1;
    });
    const raw = new Float64Array(n);
    const counts = new Uint32Array(n);
    const factorSums = new Float64Array(n);
    const found = new Map<number, { queryTerms: string[]; match: Record<string, string[]> }>();
    // In query order, as MiniSearch's OR combines the terms' results: the same additions in the same order.
    terms.forEach((t, i) => {
      const { factor, docs, scores, fields } = lists[i] as TermScores;
      for (let k = 0; k < docs.length; k++) {
        const d = docs[k] as number;
        raw[d] = (raw[d] as number) + (scores[k] as number);
        counts[d] = (counts[d] as number) + 1;
        factorSums[d] = (factorSums[d] as number) + factor;
        if (content[d] !== 1) continue;
        let hit = found.get(d);
        if (!hit) found.set(d, (hit = { queryTerms: [], match: {} }));
        hit.queryTerms.push(t);
        hit.match[t] = this.#fieldsOf(fields[k] as number);
      }
    });
    let best = 0;
    // MiniSearch's score is the sum times the terms matched; `rescaled` divides by their number again.
    for (let d = 0; d < n; d++)
      if (counts[d]) best = Math.max(best, (((raw[d] as number) * (counts[d] as number)) / (counts[d] as number)) * (factorSums[d] as number));
    const hits: RawHit[] = [];
    for (const [d, { queryTerms, match }] of found) {
      const score = rescaled((raw[d] as number) * queryTerms.length, queryTerms, factors);
      hits.push({ id: this.#ids[d] as string, score, terms: Object.keys(match), queryTerms, match } as RawHit);
    }
    return { hits, best };
  }

  /** True when the cached path gives what one search would: exact terms only, distinct, a stop term to save, clean index. */
  #exact(terms: readonly string[], contentful: boolean): boolean {
    const o = this.#options;
    if (!stopTermCaching.enabled || !contentful || o.fuzzy || o.prefix || this.#index.dirtCount > 0) return false;
    return terms.some((t) => this.#isStop(t)) && new Set(terms).size === terms.length;
  }

  /** One MiniSearch search over every term: the reference, and the path of every query the cache does not cover. */
  #whole(terms: readonly string[], factors: ReadonlyMap<string, number>): QueryHits {
    const found = this.#index.search(terms.join(' '), { ...this.#options, boostTerm: (t) => factors.get(t) ?? 1 }) as unknown as RawHit[];
    const hits = found.map((r) => ({ ...r, score: rescaled(r.score, r.queryTerms, factors) }));
    let best = 0;
    for (const r of hits) best = Math.max(best, r.score);
    return { hits, best };
  }

  /** A stop term's scores, kept until the index changes (or the term is the least recently used of too many). */
  #stopScores(term: string, factor: number): TermScores {
    const kept = this.#cache.get(term);
    this.#cache.delete(term);
    const scores = kept?.factor === factor ? kept : this.#scores(term, factor);
    this.#cache.set(term, scores);
    if (this.#cache.size > CAPACITY) this.#cache.delete(this.#cache.keys().next().value as string);
    return scores;
  }

  /** One term searched alone: MiniSearch's own score of that term for each document (× 1 term matched). */
  #scores(term: string, factor: number): TermScores {
    const found = this.#index.search(term, { ...this.#options, boostTerm: () => factor }) as unknown as RawHit[];
    const docs = new Int32Array(found.length);
    const scores = new Float64Array(found.length);
    const fields = new Uint8Array(found.length);
    found.forEach((r, k) => {
      let number = this.#numbers.get(r.id);
      if (number === undefined) this.#numbers.set(r.id, (number = this.#ids.push(r.id) - 1));
      docs[k] = number;
      scores[k] = r.score;
      for (const f of r.match[term] ?? []) fields[k] = (fields[k] as number) | (1 << this.#fields.indexOf(f));
    });
    return { factor, docs, scores, fields };
  }

  /** The fields of a bit set, in the index's field order (the order MiniSearch lists a term's fields in). */
  #fieldsOf(bits: number): string[] {
    return this.#fields.filter((_, i) => bits & (1 << i));
  }
}

/** MiniSearch multiplies a hit's score by the number of query terms it matched; count each term as its factor instead. */
function rescaled(score: number, queryTerms: readonly string[], factors: ReadonlyMap<string, number>): number {
  return (score / queryTerms.length) * queryTerms.reduce((q, t) => q + (factors.get(t) ?? 1), 0);
}
