/**
 * Skill vectors for the sentence-embedding stage: one per routable skill,
 * computed once per skill digest (or read from a {@link VectorCache}) in the
 * background, and kept in step with the index by `sync`, `upsert` and
 * `remove`. Until every routable skill has its vector, routing stays lexical.
 * @module
 */
import { SkillError } from '../../format/errors.js';
import type { Activation, Skill } from '../../format/types.js';
import { meanDirection, normalized, skillVectorKey, type Embedder, type VectorCache } from './embedder.js';
import { isRoutable } from '../router.js';

/** What a skill's vector is made of: its description, and its examples when it has any. */
interface Wanted {
  readonly digest: string;
  readonly activation: Activation;
  readonly texts: readonly string[];
}

/** Skills whose vector is computed in one embedder call (bounded so a change lands soon). */
const BATCH = 64;

/**
 * The description's share of a skill's vector when it has examples; the examples' mean direction has the rest.
 * Examples are worded as users ask, so they weigh more: on CLINC150 dev, top-1 83.4 at one half, 84.5–84.6 at 0.1–0.25.
 */
const DESCRIPTION_WEIGHT = 0.2;

/** The direction of `weight` × a + (1 − weight) × b, for unit vectors a and b. */
function weighedDirection(a: Float32Array, b: Float32Array, weight: number): Float32Array {
  const out = new Float32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = weight * (a[i] as number) + (1 - weight) * (b[i] ?? 0);
  return normalized(out);
}

/**
 * The vectors of the routable skills. A skill's vector is its description's,
 * blended (one fifth to four fifths) with the mean of its examples' where it has examples (measured on
 * the development sets: docs/routing.md).
 */
export class SkillVectors {
  readonly embedder: Embedder;
  readonly #cache: VectorCache;
  readonly #wanted = new Map<string, Wanted>();
  readonly #vectors = new Map<string, { readonly digest: string; readonly vector: Float32Array }>();
  #work: Promise<void> | undefined;
  #failure: unknown;

  constructor(embedder: Embedder, cache: VectorCache = new Map()) {
    this.embedder = embedder;
    this.#cache = cache;
  }

  /** Wants a vector for each routable skill of `skills`, and none for the others. */
  sync(skills: Iterable<Skill>): void {
    const seen = new Set<string>();
    for (const skill of skills) {
      if (!isRoutable(skill)) continue;
      seen.add(skill.name);
      this.upsert(skill);
    }
    for (const name of [...this.#wanted.keys()]) if (!seen.has(name)) this.remove(name);
  }

  /** Wants a vector for the skill (nothing to do when its digest is unchanged). */
  upsert(skill: Skill): void {
    if (!isRoutable(skill)) {
      this.remove(skill.name);
      return;
    }
    const current = this.#wanted.get(skill.name);
    if (current?.digest === skill.digest && current.activation === skill.activation) return;
    const texts = [skill.description, ...(skill.examples ?? [])];
    this.#wanted.set(skill.name, { digest: skill.digest, activation: skill.activation, texts });
    this.#start();
  }

  /** Forgets a skill. */
  remove(name: string): void {
    this.#wanted.delete(name);
    this.#vectors.delete(name);
  }

  /** True when every wanted skill has its vector for its current digest. */
  get complete(): boolean {
    for (const [name, w] of this.#wanted) if (this.#vectors.get(name)?.digest !== w.digest) return false;
    return true;
  }

  /** The current vectors of the skills `keep` accepts, by name. */
  candidates(keep: (activation: Activation) => boolean): [string, Float32Array][] {
    const out: [string, Float32Array][] = [];
    for (const [name, w] of this.#wanted) {
      const v = this.#vectors.get(name);
      if (v?.digest === w.digest && keep(w.activation)) out.push([name, v.vector]);
    }
    return out;
  }

  /** The skill's unit vector, when it is current. */
  vectorOf(name: string): Float32Array | undefined {
    const v = this.#vectors.get(name);
    return v && v.digest === this.#wanted.get(name)?.digest ? v.vector : undefined;
  }

  /**
   * Resolves when every wanted skill has its vector; rejects with
   * `EMBEDDING_FAILED` when the embedder or the cache failed (the next change retries).
   */
  async ready(): Promise<void> {
    while (this.#work) await this.#work;
    if (this.#failure !== undefined) {
      const cause = this.#failure;
      throw new SkillError('EMBEDDING_FAILED', `Skill vectors could not be computed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    }
  }

  #start(): void {
    if (this.#work) return;
    this.#failure = undefined;
    this.#work = this.#run()
      .catch((e: unknown) => {
        this.#failure = e;
      })
      .finally(() => {
        this.#work = undefined;
        // A change that landed between the last check and here would otherwise wait for the next one.
        if (this.#failure === undefined && !this.complete) this.#start();
      });
  }

  /** Computes missing vectors until none is missing; skills that changed meanwhile are picked up on the next turn. */
  async #run(): Promise<void> {
    // Let the caller's synchronous changes (a whole sync) land before the first batch is chosen.
    await Promise.resolve();
    for (;;) {
      const missing = [...this.#wanted].filter(([name, w]) => this.#vectors.get(name)?.digest !== w.digest);
      if (missing.length === 0) return;
      const fromCache = await Promise.all(missing.map(([, w]) => this.#cache.get(skillVectorKey(this.embedder.id, w.digest))));
      const toEmbed: [string, Wanted][] = [];
      missing.forEach((m, i) => {
        const cached = fromCache[i];
        // A cached vector of another length (a damaged or foreign cache) is a miss, not NaN scores later.
        if (cached?.length === this.embedder.dimensions) this.#keep(m[0], m[1].digest, cached);
        else toEmbed.push(m);
      });
      for (let i = 0; i < toEmbed.length; i += BATCH) await this.#embed(toEmbed.slice(i, i + BATCH));
    }
  }

  async #embed(batch: readonly [string, Wanted][]): Promise<void> {
    const texts = batch.flatMap(([, w]) => w.texts);
    const vectors = await this.embedder.embed(texts);
    if (vectors.length !== texts.length) throw new Error(`the embedder returned ${vectors.length} vectors for ${texts.length} texts`);
    let at = 0;
    for (const [name, w] of batch) {
      const own = vectors.slice(at, at + w.texts.length).map((v) => normalized(v));
      at += w.texts.length;
      const [description, ...examples] = own;
      if (!description) continue;
      const dims = this.embedder.dimensions;
      const vector = examples.length === 0 ? description : weighedDirection(description, meanDirection(examples, dims), DESCRIPTION_WEIGHT);
      await this.#cache.set(skillVectorKey(this.embedder.id, w.digest), vector);
      this.#keep(name, w.digest, vector);
    }
  }

  #keep(name: string, digest: string, vector: Float32Array): void {
    // A skill removed or changed while its vector was computed does not take a stale one.
    if (this.#wanted.get(name)?.digest === digest) this.#vectors.set(name, { digest, vector });
  }
}
