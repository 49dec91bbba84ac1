/**
 * Calibrated routing scores.
 *
 * A raw BM25 score grows with the query's length and the index's size, so no
 * one threshold fits every skill set. Here each skill has a term profile
 * (how characteristic each term is of it, 0–1: a term of its name,
 * description or intents fully, a term of its examples by the share of
 * examples that use it), each query term weighs its inverse document
 * frequency, and the evidence for a skill is the weight of the query terms it
 * covers. Evidence is divided by the square root of the query's total weight
 * — the scale of chance overlap grows like that, so long and short queries
 * meet one threshold — and squashed into 0–1. Among the skills of one query
 * the evidence is scaled by BM25 relative to the best hit, which ranks better
 * than either alone.
 * @module
 */

/** The fields a skill is indexed by. */
export type RouterField = 'name' | 'description' | 'intents' | 'examples' | 'tags' | 'body';

/** Every routing field, in index order. */
export const ROUTER_FIELDS: readonly RouterField[] = ['name', 'description', 'intents', 'examples', 'tags', 'body'];

/** Per-field numbers (boosts or profile weights). */
export type FieldWeights = Readonly<Record<RouterField, number>>;

/** A skill's terms and how characteristic each is of it, 0–1. */
export type TermProfile = ReadonlyMap<string, number>;

/** What one MiniSearch hit says about the query terms it matched. */
export interface RawHit {
  readonly id: string;
  readonly score: number;
  /** Matched index terms → the fields they matched in. */
  readonly match: Readonly<Record<string, readonly string[]>>;
  /** Query terms matched (exactly, by prefix or fuzzily). */
  readonly queryTerms: readonly string[];
}

/** The terms of one skill, field by field, as the text pipeline makes them. */
export type FieldTerms = Readonly<Record<Exclude<RouterField, 'examples'>, readonly string[]>> & { readonly examples: readonly (readonly string[])[] };

/**
 * A skill's profile: each term at the weight of the best field it appears in;
 * an example term at `examples` × min(1, share of examples using it ÷ `exampleShare`).
 */
export function termProfile(terms: FieldTerms, weights: FieldWeights, exampleShare: number): Map<string, number> {
  const profile = new Map<string, number>();
  const put = (term: string, w: number): void => {
    if (w > (profile.get(term) ?? 0)) profile.set(term, w);
  };
  const uses = new Map<string, number>();
  for (const example of terms.examples) for (const t of new Set(example)) uses.set(t, (uses.get(t) ?? 0) + 1);
  // A word in one example of ten is often an entity ("redrobin"); a word in most of them is the skill's own.
  for (const [t, n] of uses) put(t, weights.examples * Math.min(1, n / terms.examples.length / exampleShare));
  for (const field of ['body', 'name', 'description', 'intents', 'tags'] as const) for (const t of terms[field]) put(t, weights[field]);
  return profile;
}

/** Inverse document frequency as BM25 has it, in 0..ln(2N+2). */
export function idf(documentCount: number, frequency: number): number {
  return Math.log(1 + (documentCount - frequency + 0.5) / (frequency + 0.5));
}

/** The weight of the query terms a hit covers, each at idf × the profile's strength (inexact matches × `inexact`). */
export function evidence(hit: RawHit, weights: ReadonlyMap<string, number>, profile: TermProfile, inexact: number): number {
  let covered = 0;
  for (const term of hit.queryTerms) {
    const strength = hit.match[term] ? (profile.get(term) ?? 0) : inexact * inexactStrength(hit, term, profile);
    covered += (weights.get(term) ?? 0) * strength;
  }
  return covered;
}

/** Evidence as a 0–1 score: x / (x + 1) with x = evidence ÷ √(total query weight). */
export function calibrate(evidenceValue: number, totalWeight: number): number {
  if (totalWeight <= 0 || evidenceValue <= 0) return 0;
  const x = evidenceValue / Math.sqrt(totalWeight);
  return x / (x + 1);
}

/** The strongest profile entry among index terms a query term reached by prefix or fuzzy match. */
function inexactStrength(hit: RawHit, term: string, profile: TermProfile): number {
  let best = 0;
  for (const indexTerm of Object.keys(hit.match)) {
    if (indexTerm !== term && near(indexTerm, term)) best = Math.max(best, profile.get(indexTerm) ?? 0);
  }
  return best;
}

function near(a: string, b: string): boolean {
  if (a.startsWith(b) || b.startsWith(a)) return true;
  const n = Math.min(a.length, b.length) - 2;
  return n >= 2 && a.slice(0, n) === b.slice(0, n);
}

/**
 * A term profile as text, for a serialised index: `term` for weight 1, `term~weight` otherwise, joined by spaces.
 * One string parses far faster than a list of pairs (JSON.parse makes one array per term). Terms hold no spaces (the
 * router splits queries on them); a term with a `~` always carries its weight, so the last `~` splits it.
 */
export function profileText(profile: TermProfile): string {
  const parts: string[] = [];
  for (const [term, weight] of profile) {
    if (term === '' || term.includes(' ')) throw new Error(`a profile term cannot be empty or hold a space: "${term}"`);
    // String(-0) is '0': written as '-0', every weight reads back as it was.
    parts.push(weight === 1 && !term.includes('~') ? term : `${term}~${Object.is(weight, -0) ? '-0' : weight}`);
  }
  return parts.join(' ');
}

/** The profile {@link profileText} wrote; throws on a weight that is not a finite number. */
export function profileOfText(text: string): Map<string, number> {
  const profile = new Map<string, number>();
  if (text === '') return profile;
  for (const part of text.split(' ')) {
    const at = part.lastIndexOf('~');
    if (at < 0) {
      profile.set(part, 1);
      continue;
    }
    const weight = Number(part.slice(at + 1));
    if (at === 0 || !Number.isFinite(weight) || part.length === at + 1) throw new Error(`a profile term's weight is not a number: "${part}"`);
    profile.set(part.slice(0, at), weight);
  }
  return profile;
}
