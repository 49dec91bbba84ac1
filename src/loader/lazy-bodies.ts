/**
 * Reading lazy skills in full: a skill a source listed by its metadata (`loaded: false`) is read through
 * `source.readSkill` when it is first used — once, however many callers wait for it — checked like any listed entry
 * and against the digest its source promised, then put in the cache in place of its metadata, its body joining the
 * routing index. docs/loader.md, "Eager and lazy sources".
 * @module
 */
import { SkillError } from '../format/errors.js';
import type { ResolvedLimits, Skill } from '../format/types.js';
import { originOf, recordOrigin, type SkillOrigin } from '../sources/origin.js';
import type { SkillEntry, SkillSource, SourceCallOptions } from '../sources/source.js';
import { notHeld, type Cache } from './cache.js';
import { checkEntry } from './listing.js';
import { raceSourceCall, sourceTimeout } from './source-call.js';
import { readOneEntry } from './tier.js';

/** What the reader needs of its loader. */
export interface LazyHost {
  /** The current cache (`NOT_LOADED` before the first load). */
  cache(): Cache;
  /** Puts `next` in place of `held` when the cache still holds `held` (a newer load or upsert wins otherwise). */
  replace(held: Skill, next: Skill): void;
  readonly limits: ResolvedLimits;
  readonly timeoutMs: number;
  /** The source's safety gate on the skill read in full: rejects (`UNSAFE_SKILL`) when it refuses it. */
  screen?(full: Skill, source: SkillSource): Promise<void>;
}

/** The lazy skills of one loader, read on demand. */
export class LazyBodies {
  readonly #host: LazyHost;
  // Keyed by the metadata skill: callers of one skill share one read; a new load lists new objects.
  readonly #reading = new WeakMap<Skill, Promise<Skill>>();

  constructor(host: LazyHost) {
    this.#host = host;
  }

  /** The held skills `names`, each in full, in the order given; `NOT_FOUND` for a name not held. */
  async ensure(names: readonly string[], options: SourceCallOptions = {}): Promise<Skill[]> {
    const cache = this.#host.cache();
    const skills = names.map((name) => cache.byName.get(name) ?? notHeld(name));
    return Promise.all(skills.map((skill) => this.full(skill, options)));
  }

  /** `items` with each one's skill in full; the same list when none is lazy. */
  async inFull<T extends { readonly skill: Skill }>(items: T[], options: SourceCallOptions = {}): Promise<T[]> {
    if (!items.some(({ skill }) => skill.loaded === false)) return items;
    return Promise.all(items.map(async (item) => (item.skill.loaded === false ? { ...item, skill: await this.full(item.skill, options) } : item)));
  }

  /** `skill` in full: itself when it was read in full already, else read once through its source. */
  full(skill: Skill, options: SourceCallOptions = {}): Promise<Skill> {
    if (skill.loaded !== false) return Promise.resolve(skill);
    if (skill.stale === true) return Promise.reject(staleError(skill));
    let reading = this.#reading.get(skill);
    if (!reading) {
      reading = this.#read(skill);
      this.#reading.set(skill, reading);
      // A failed read is not kept: the next use tries again (the network may be back).
      reading.catch(() => this.#reading.delete(skill));
    }
    return waitFor(reading, options.signal);
  }

  async #read(skill: Skill): Promise<Skill> {
    const origin = originOf(skill);
    const source = origin?.source;
    if (!origin?.lazy || typeof source?.readSkill !== 'function')
      throw new SkillError('NOT_FOUND', `Skill "${skill.name}" is known by its metadata only, and no source can read it in full.`);
    const bounds = { timeoutMs: sourceTimeout(source, this.#host.timeoutMs) };
    let raw: unknown;
    try {
      raw = await raceSourceCall(source, `readSkill(${JSON.stringify(origin.dir)})`, bounds, (o) =>
        (source.readSkill as NonNullable<typeof source.readSkill>)(origin.dir, o),
      );
    } catch (e) {
      if (e instanceof SkillError && e.code === 'DIGEST_MISMATCH') this.#markStale(skill, origin);
      throw readFailed(skill, source.name, e);
    }
    const full = this.#parsed(skill, origin, raw);
    const promised = origin.lazy.digest;
    if (full.name !== skill.name || (promised !== undefined && full.digest !== promised)) {
      this.#markStale(skill, origin);
      const what = full.name === skill.name ? `its digest is ${full.digest}, not ${promised ?? ''}` : `it is named "${full.name}"`;
      throw new SkillError(
        'DIGEST_MISMATCH',
        `Skill "${skill.name}" read in full from source ${source.name} is not the skill it listed: ${what}. It is marked stale until the next load.`,
      );
    }
    // A refused skill stays known by its metadata: every use fails with the gate's reason, nothing is served.
    await this.#host.screen?.(full, source);
    this.#host.replace(skill, full);
    return full;
  }

  /** The entry `readSkill` gave, checked and parsed as the tier's listing would be. */
  #parsed(skill: Skill, origin: SkillOrigin, raw: unknown): Skill {
    const checked = checkEntry(raw, 0, origin.source.name);
    if ('problem' in checked) throw new SkillError('SOURCE_FAILED', `Skill "${skill.name}": ${checked.problem.message}`, { path: checked.problem.path });
    const { lazy: _lazy, ...rest } = checked.entry;
    const entry: SkillEntry = { ...rest, dir: origin.dir, ...(origin.bundle === undefined ? {} : { bundle: origin.bundle }) };
    const { skill: full, diagnostics } = readOneEntry({ kind: skill.source, source: origin.source }, entry, this.#host.limits);
    if (full) return full;
    const first = diagnostics.find((d) => d.severity === 'error');
    throw new SkillError(
      'INVALID_SKILL',
      `Skill "${skill.name}" read in full from source ${origin.source.name} does not load: ${first?.message ?? 'unknown'}`,
      {
        diagnostics,
        path: entry.path,
      },
    );
  }

  #markStale(skill: Skill, origin: SkillOrigin): void {
    const stale: Skill = { ...skill, stale: true };
    recordOrigin(stale, origin);
    this.#host.replace(skill, stale);
  }
}

function staleError(skill: Skill): SkillError {
  return new SkillError('DIGEST_MISMATCH', `Skill "${skill.name}" is stale: read in full, it did not match what its source listed. Load the skills again.`);
}

/** A failed `readSkill` as the error of this call: its code kept (`SOURCE_FAILED` for anything not a `SkillError`), the skill named. */
function readFailed(skill: Skill, sourceName: string, e: unknown): SkillError {
  const code = e instanceof SkillError ? e.code : 'SOURCE_FAILED';
  const why = e instanceof Error ? e.message : String(e);
  return new SkillError(code, `Skill "${skill.name}" could not be read in full from source ${sourceName}: ${why}`, { cause: e });
}

/** `promise`, or `ABORTED` as soon as `signal` fires (the shared read goes on for the other callers). */
function waitFor<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new SkillError('ABORTED', 'The operation was aborted.', { cause: signal.reason }));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new SkillError('ABORTED', 'The operation was aborted.', { cause: signal.reason }));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
