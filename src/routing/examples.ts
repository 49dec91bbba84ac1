/**
 * Nearest-example evidence for routing: besides a skill's aggregate profile,
 * the best single example's match with the query (kNN-style), fused by max.
 * @module
 */

/** The terms of each example of a skill, as sets. */
export type ExampleTerms = readonly ReadonlySet<string>[];

const cache = new WeakMap<object, ExampleTerms>();

/** The example term sets of a document, computed once per document object. */
export function exampleTermsOf(doc: { readonly examples: string }, terms: (text: string) => string[]): ExampleTerms {
  let out = cache.get(doc);
  if (!out) {
    out = doc.examples === '' ? [] : doc.examples.split('\n').map((line) => new Set(terms(line)));
    cache.set(doc, out);
  }
  return out;
}

/**
 * The best single example's evidence: the weight of the query terms it holds,
 * times its share of its own terms the query holds raised to `lengthPower`
 * (0: coverage of the query alone; 1: penalise long examples fully).
 */
export function bestExampleEvidence(examples: ExampleTerms, weights: ReadonlyMap<string, number>, lengthPower: number): number {
  let best = 0;
  for (const example of examples) {
    let covered = 0;
    let shared = 0;
    for (const [term, w] of weights) {
      if (example.has(term)) {
        covered += w;
        shared++;
      }
    }
    if (covered === 0) continue;
    const value = lengthPower > 0 ? covered * (shared / example.size) ** lengthPower : covered;
    if (value > best) best = value;
  }
  return best;
}

/** A profile's mass: the sum of its strengths. */
export function massOf(profile: ReadonlyMap<string, number>): number {
  let m = 0;
  for (const v of profile.values()) m += v;
  return m;
}

/** (mean mass ÷ this profile's mass) ^ power: long profiles cover more of any query by chance. */
export function lengthFactor(profile: ReadonlyMap<string, number>, meanMass: number, power: number): number {
  return power === 0 ? 1 : (meanMass / Math.max(1, massOf(profile))) ** power;
}
