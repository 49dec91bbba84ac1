/**
 * Learned examples in the store: the turns a skill served, kept per
 * namespace beside the skills (`LearnedExampleStore`, src/sources/learned-store.ts),
 * capped per skill, merged when repeated, purged with their skill and
 * carried by the namespace export. The skill need not be stored: a builtin
 * skill learns in a user's namespace too.
 * @module
 */
import { SkillError } from '../../format/errors.js';
import {
  DEFAULT_MAX_LEARNED_PER_SKILL,
  MAX_LEARNED_EXAMPLE_CHARS,
  normalizedExample,
  sameExample,
  type LearnedExample,
  type LearnedExampleStore,
} from '../../sources/learned-store.js';
import { checkName, checkNamespace, describeValue, MAX_REVISION, nsKey, type Backend, type LearnedRecord, type StoreTx } from '../records.js';

/** Longest skill name a learned example may carry (characters), as a usage entry's: so an export stays bounded. */
const MAX_NAME = 200;
/** Longest `learnedAt` an export may carry. */
const MAX_TIME = 64;

/** What the methods need of the store (its `StoreCore`, not imported: the purge in `revisions.ts` imports this file). */
interface LearnedCore {
  readonly backend: Backend;
  /** Runs a backend job, turning its failures into store errors named by `what`. */
  readonly run: <T>(what: string, job: () => Promise<T>) => Promise<T>;
}

/** `learnExample`, `learnedExamples` and `forgetExample` over the store's backend. */
export function learnedMethods({ backend, run }: LearnedCore): LearnedExampleStore {
  return {
    async learnExample(namespace, example, o = {}) {
      const ns = nsKey(checkNamespace(namespace));
      const { name, text } = learnedInput(example);
      const cap = capOf(o.cap);
      const record: LearnedRecord = { ns, name, text, count: 1, learnedAt: new Date().toISOString() };
      // A repeat counts up and, written anew, becomes the newest with this time.
      return run(`learning an example of "${name}"`, () =>
        backend.write(async (tx) => exampleOf(await mergeLearned(tx, record, cap, (same) => same.count + 1))),
      );
    },
    async learnedExamples(namespace, name) {
      const ns = nsKey(checkNamespace(namespace));
      if (name !== undefined) checkName(name);
      return (await run('a read', () => backend.read((tx) => tx.learned(ns, name)))).map(exampleOf);
    },
    async forgetExample(namespace, name, text) {
      const ns = nsKey(checkNamespace(namespace));
      checkName(name);
      if (typeof text !== 'string') throw new SkillError('INVALID_INPUT', `The example to forget is a text, not ${describeValue(text)}.`);
      return run(`forgetting an example of "${name}"`, () =>
        backend.write(async (tx) => {
          const gone = (await tx.learned(ns, name)).filter((e) => sameExample(e.text, text));
          await tx.deleteLearned(seqsOf(gone));
          return gone.length > 0;
        }),
      );
    },
  };
}

/**
 * Writes `record` as the skill's newest example: a same example (any case) already there goes, its count passed to
 * `count`; past `cap` the skill's oldest go. Returns what was written.
 */
async function mergeLearned(tx: StoreTx, record: LearnedRecord, cap: number, count: (same: LearnedRecord) => number): Promise<LearnedRecord> {
  const list = await tx.learned(record.ns, record.name);
  const same = list.find((e) => sameExample(e.text, record.text));
  const kept = list.filter((e) => e !== same);
  const written = same ? { ...record, count: count(same) } : record;
  await tx.deleteLearned(seqsOf([...(same ? [same] : []), ...kept.slice(0, Math.max(0, kept.length + 1 - cap))]));
  await tx.addLearned(written);
  return written;
}

/** In a purge's transaction: every learned example of the skill in its namespace goes with it. */
export async function forgetSkillExamples(tx: StoreTx, ns: string, name: string): Promise<void> {
  await tx.deleteLearned(seqsOf(await tx.learned(ns, name)));
}

/**
 * In an import's transaction: the export's examples, in order, after the namespace's own. One the namespace already
 * holds is replaced by the export's (its count and time), so importing one export twice changes nothing.
 */
export async function importLearned(tx: StoreTx, records: readonly LearnedRecord[]): Promise<void> {
  for (const r of records) await mergeLearned(tx, r, Number.POSITIVE_INFINITY, () => r.count);
}

/** The public form of a stored example (also what an export holds). */
export function exampleOf(record: LearnedRecord): LearnedExample {
  return { name: record.name, text: record.text, count: record.count, learnedAt: record.learnedAt };
}

/**
 * The records of an export's `learned` list for namespace `ns`, every field checked (`INVALID_INPUT`, or
 * `LIMIT_EXCEEDED` for a text past {@link MAX_LEARNED_EXAMPLE_CHARS}); one example listed twice for a skill is refused.
 */
export function learnedRecordsOf(list: unknown, ns: string): LearnedRecord[] {
  if (!Array.isArray(list)) throw new SkillError('INVALID_INPUT', 'The export’s `learned` must be a list of examples.');
  const seen = new Set<string>();
  return (list as unknown[]).map((entry, i) => {
    const at = `Learned example ${i + 1} of the export`;
    if (typeof entry !== 'object' || entry === null) throw new SkillError('INVALID_INPUT', `${at} must be an object, not ${describeValue(entry)}.`);
    const e = entry as Record<string, unknown>;
    const { name, text } = learnedInput(e);
    const { count, learnedAt } = e;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_REVISION)
      throw new SkillError('INVALID_INPUT', `${at}: \`count\` must be a whole number from 1 to ${MAX_REVISION}.`);
    if (typeof learnedAt !== 'string' || learnedAt.length > MAX_TIME || Number.isNaN(Date.parse(learnedAt)))
      throw new SkillError('INVALID_INPUT', `${at}: \`learnedAt\` must be an ISO 8601 time.`);
    // Two entries of one example would be merged one into the other: refused, as a skill listed twice is.
    const key = JSON.stringify([name, text.toLowerCase()]);
    if (seen.has(key)) throw new SkillError('INVALID_INPUT', `The export lists learned example "${text}" of skill "${name}" twice.`);
    seen.add(key);
    return { ns, name, text, count, learnedAt };
  });
}

/** The skill name and normalised text of an example, checked: `INVALID_INPUT`, `LIMIT_EXCEEDED` past the length. */
function learnedInput(example: unknown): { name: string; text: string } {
  if (typeof example !== 'object' || example === null)
    throw new SkillError('INVALID_INPUT', `A learned example is { name, text }, not ${describeValue(example)}.`);
  const { name, text } = example as { name?: unknown; text?: unknown };
  checkName(name);
  if ((name as string).length > MAX_NAME) throw new SkillError('INVALID_INPUT', `A learned example's skill name is at most ${MAX_NAME} characters.`);
  if (typeof text !== 'string') throw new SkillError('INVALID_INPUT', `A learned example's text is a text, not ${describeValue(text)}.`);
  const normal = normalizedExample(text);
  if (normal === '') throw new SkillError('INVALID_INPUT', `A learned example of "${name as string}" needs some text; this one has none.`);
  if (normal.length > MAX_LEARNED_EXAMPLE_CHARS) {
    throw new SkillError('LIMIT_EXCEEDED', `A learned example is at most ${MAX_LEARNED_EXAMPLE_CHARS} characters; this one has ${normal.length}.`);
  }
  return { name: name as string, text: normal };
}

/** The `cap` option, checked: a whole number from 1 (default {@link DEFAULT_MAX_LEARNED_PER_SKILL}). */
function capOf(cap: unknown): number {
  if (cap === undefined) return DEFAULT_MAX_LEARNED_PER_SKILL;
  if (typeof cap === 'number' && Number.isInteger(cap) && cap >= 1) return cap;
  throw new SkillError('INVALID_INPUT', `A learned example's \`cap\` is a whole number from 1, not ${describeValue(cap)}.`);
}

const seqsOf = (records: readonly LearnedRecord[]): number[] => records.flatMap((r) => (r.seq === undefined ? [] : [r.seq]));
