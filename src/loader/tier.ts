/**
 * Turning one source's listing into skills: parse each entry, apply the
 * per-skill limits, and keep every problem as a diagnostic. Long listings
 * are parsed in slices that yield to the event loop, and a load over
 * `maxSkills` stops as soon as the count passes it.
 * @module
 */
import { createDiagnostic, type Diagnostic } from '../format/diagnostics/diagnostic.js';
import { parseSkill, type ParseResult } from '../format/parse.js';
import { SkillError, throwIfAborted } from '../format/errors.js';
import { confusableKey } from '../shared/names.js';
import { PeriodicYielder } from '../shared/yield.js';
import { recordOrigin, type SkillOrigin } from '../sources/origin.js';
import { isPreparsed, wasPreparsed } from '../sources/preparsed-marks.js';
import { parseSkillObject } from '../sources/skill-object.js';
import type { SkillEntry, SkillFileInput, SkillSource, SourceListing } from '../sources/source.js';
import { checkEntry, type RawListing } from './listing.js';
import type { ResolvedLimits, Skill, SkillSourceKind } from '../format/types.js';
import { perSkillLimitProblem, skillBytes } from '../format/skill-limits.js';
import { byteSize } from '../shared/text.js';
import { lazyEntrySkill } from './lazy-entry.js';

/** One source in the precedence order, with the tier its skills belong to. */
export interface Tier {
  readonly kind: SkillSourceKind;
  readonly source: SkillSource;
}

/** A skill that passed, with the bytes it counts against `maxTotalBytes`. */
export interface Candidate {
  readonly skill: Skill;
  /** UTF-8 bytes (an entry's are counted when first read: a load under `maxTotalBytes` by far never counts them). */
  readonly bytes: number;
  /** At least `bytes`, known without encoding the text: three bytes a UTF-16 unit of its SKILL.md, and its files. */
  readonly maxBytes: number;
  readonly sourceName: string;
}

/** The candidate of an entry: its bytes counted when first asked for. */
class EntryCandidate implements Candidate {
  readonly maxBytes: number;
  readonly #text: string | Uint8Array;
  #bytes: number | undefined;
  constructor(
    readonly skill: Skill,
    readonly sourceName: string,
    text: string | Uint8Array,
  ) {
    this.#text = text;
    this.maxBytes = skillBytes(typeof text === 'string' ? 3 * text.length : text.byteLength, skill.files);
  }
  get bytes(): number {
    return (this.#bytes ??= skillBytes(byteSize(this.#text), this.skill.files));
  }
}

/** What one tier yields: its skills in listing order, and its diagnostics. */
export interface TierResult {
  readonly candidates: Candidate[];
  readonly diagnostics: Diagnostic[];
  skipped: number;
}

/**
 * What every tier of one load shares: the looks (`confusableKey`) of the
 * skills parsed so far, across tiers. The merge keeps exactly one skill per
 * look, so once there are more looks than `maxSkills` the load is over the
 * limit whatever the remaining entries hold: it is refused there and then,
 * not after parsing everything. `stopped` tells the other tiers to stop.
 */
export class LoadBudget {
  readonly #maxSkills: number;
  readonly #looks = new Set<string>();
  /** True once the load is refused or has failed: the tiers still parsing stop. */
  stopped = false;

  /** A budget of `maxSkills` skills. */
  constructor(maxSkills: number) {
    this.#maxSkills = maxSkills;
  }

  /** Counts `skill`; throws `LIMIT_EXCEEDED` once the load holds more skills than `maxSkills`. */
  count(skill: Skill): void {
    this.#looks.add(confusableKey(skill.name));
    if (this.#looks.size > this.#maxSkills) {
      this.stopped = true;
      throw tooManySkills(this.#maxSkills);
    }
  }
}

/** The `LIMIT_EXCEEDED` error of a load over `maxSkills`. */
export function tooManySkills(maxSkills: number): SkillError {
  return new SkillError('LIMIT_EXCEEDED', `The load holds more than maxSkills (${maxSkills}) skills.`);
}

/** How one tier is read: the limits, the shared budget and the load's signal. */
export interface TierRun {
  /** Per-skill limits, and `maxSkills` through the budget. */
  readonly limits: ResolvedLimits;
  /** Shared by every tier of the load. */
  readonly budget: LoadBudget;
  /** Checked between slices. */
  readonly signal?: AbortSignal | undefined;
  /** The source's name, for the diagnostics of malformed entries. */
  readonly sourceName: string;
}

/** Parses every entry of a listing into candidates in one go; bad entries become diagnostics. */
export function readTier(tier: Tier, listing: SourceListing, limits: ResolvedLimits): TierResult {
  const result: TierResult = { candidates: [], diagnostics: [...listing.diagnostics], skipped: 0 };
  for (const entry of listing.entries) readEntry(tier, entry, limits, result);
  return result;
}

/**
 * {@link readTier} for a load: yields to the event loop between slices of
 * entries, rejects with `ABORTED` when the signal fires and with
 * `LIMIT_EXCEEDED` as soon as the load passes `maxSkills`.
 */
export async function readTierInSlices(tier: Tier, listing: RawListing, run: TierRun): Promise<TierResult> {
  const result: TierResult = { candidates: [], diagnostics: [...listing.diagnostics], skipped: 0 };
  const yielder = new PeriodicYielder();
  for (const [index, raw] of listing.entries.entries()) {
    const pause = yielder.tick();
    if (pause) await pause;
    throwIfAborted(run.signal);
    if (run.budget.stopped) return result; // another tier refused the load: its error is the answer
    // Checked here, in the slices: checking a million entries up front would block as long as parsing them.
    const checked = checkEntry(raw, index, run.sourceName);
    if ('problem' in checked) {
      result.diagnostics.push(checked.problem);
      result.skipped++;
      continue;
    }
    const skill = readEntry(tier, checked.entry, run.limits, result);
    if (skill) run.budget.count(skill);
  }
  return result;
}

/** Parses one entry into `result`; the skill when it passed. */
function readEntry(tier: Tier, entry: SkillEntry, limits: ResolvedLimits, result: TierResult): Skill | undefined {
  const { skill, diagnostics } = readOneEntry(tier, entry, limits);
  result.diagnostics.push(...diagnostics);
  if (!skill) {
    result.skipped++;
    return undefined;
  }
  // UTF-8 bytes of its SKILL.md text (or, for a skill object, its body) and its files.
  result.candidates.push(new EntryCandidate(skill, tier.source.name, entry.text ?? skill.content));
  return skill;
}

/**
 * One entry of `tier` as a skill, with what reading it found: parsed and held to the per-skill limits, a lazy entry
 * by its metadata (`loaded: false`). The skill's origin is recorded, so its files (and a lazy one's body) can be read later.
 */
export function readOneEntry(tier: Tier, entry: SkillEntry, limits: ResolvedLimits): { skill?: Skill; diagnostics: Diagnostic[] } {
  const lazy = entry.lazy;
  const read = lazy === undefined ? entrySkill(entry, tier.kind, limits) : lazyEntrySkill(tier.source, entry, entrySkill(entry, tier.kind, limits));
  if (read.skill) recordOrigin(read.skill, originOfEntry(tier.source, entry));
  return read;
}

/** Where an entry's skill came from: its source and folder, with the entry's bundle, lazy promise and writer. */
function originOfEntry(source: SkillSource, entry: SkillEntry): SkillOrigin {
  const origin: { -readonly [K in keyof SkillOrigin]: SkillOrigin[K] } = { source, dir: entry.dir };
  if (entry.bundle !== undefined) origin.bundle = entry.bundle;
  if (entry.lazy !== undefined) origin.lazy = entry.lazy;
  if (entry.writtenBy === 'agent' || entry.writtenBy === 'person') origin.writtenBy = entry.writtenBy;
  return origin;
}

function entrySkill(entry: SkillEntry, kind: SkillSourceKind, limits: ResolvedLimits): { skill?: Skill; diagnostics: Diagnostic[] } {
  const diagnostics = entry.diagnostics === undefined ? [] : [...entry.diagnostics];
  // A source that refused the skill already said why (a directory source checks the same limits): no second error.
  if (diagnostics.some((d) => d.severity === 'error')) return { diagnostics };
  const overLimit = perSkillLimit(entry.path, entry.files ?? [], limits);
  if (overLimit) {
    diagnostics.push(overLimit);
    return { diagnostics };
  }
  // A pre-parsed bundle entry (or a store's skill, parsed when written, under these limits) was parsed by this same code: taken as it is.
  if (entry.skill && isPreparsed(entry.skill, limits)) {
    const given = entry.skillDiagnostics;
    if (given !== undefined) for (const d of given) diagnostics.push(d);
    return { skill: { ...entry.skill, source: kind }, diagnostics };
  }
  // Parsed under other limits, its text is parsed under these; any other skill object is validated as one.
  if (entry.skill && !wasPreparsed(entry.skill)) return withParsed(diagnostics, skillOfObject(entry, kind, limits));
  if (entry.text === undefined) {
    diagnostics.push(createDiagnostic('source-error', 'runtime', 'The source listed this skill without its SKILL.md text.', entry.path));
    return { diagnostics };
  }
  const parsed = parseSkill(entry.text, {
    path: entry.path,
    source: kind,
    maxFileBytes: limits.maxFileBytes,
    maxNesting: limits.maxNesting,
    ...(entry.folder === undefined ? {} : { folder: entry.folder }),
    ...(entry.fileName === undefined ? {} : { fileName: entry.fileName }),
    ...(entry.files === undefined ? {} : { files: entry.files }),
    ...(entry.nameFromFolder === true ? { nameFromFolder: true } : {}),
    ...(entry.lazyDigest === true ? { lazyDigest: true } : {}),
  });
  return withParsed(diagnostics, parsed);
}

/** A skill object is validated like SKILL.md text (it is written out and parsed), then held to the same per-skill limits. */
function skillOfObject(entry: SkillEntry, kind: SkillSourceKind, limits: ResolvedLimits): ParseResult {
  const parsed = parseSkillObject(entry.skill, {
    path: entry.path,
    source: kind,
    maxFileBytes: limits.maxFileBytes,
    maxNesting: limits.maxNesting,
    ...(entry.folder === undefined ? {} : { folder: entry.folder }),
  });
  const overLimit = parsed.skill ? perSkillLimit(entry.path, parsed.skill.files, limits) : undefined;
  if (!overLimit) return parsed;
  return { errors: [...parsed.errors, overLimit], warnings: parsed.warnings, infos: parsed.infos };
}

function withParsed(diagnostics: Diagnostic[], parsed: ParseResult): { skill?: Skill; diagnostics: Diagnostic[] } {
  diagnostics.push(...parsed.errors, ...parsed.warnings, ...parsed.infos);
  return parsed.skill && parsed.errors.length === 0 ? { skill: parsed.skill, diagnostics } : { diagnostics };
}

/** The first per-skill limit the files break, as a `limit-exceeded` error. */
function perSkillLimit(path: string, files: readonly SkillFileInput[], limits: ResolvedLimits): Diagnostic | undefined {
  const problem = perSkillLimitProblem({ files }, limits);
  return problem === undefined ? undefined : createDiagnostic('limit-exceeded', 'runtime', `${problem} The skill was skipped.`, path);
}
