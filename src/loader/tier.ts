/**
 * Turning one source's listing into skills: parse each entry, apply the
 * per-skill limits, and keep every problem as a diagnostic.
 * @module
 */
import { createDiagnostic, type Diagnostic } from '../format/diagnostics.js';
import { parseSkill } from '../format/parse.js';
import { recordOrigin } from '../sources/origin.js';
import type { SkillEntry, SkillSource, SourceListing } from '../sources/source.js';
import type { ResolvedLimits, Skill, SkillSourceKind } from '../format/types.js';

/** One source in the precedence order, with the tier its skills belong to. */
export interface Tier {
  readonly kind: SkillSourceKind;
  readonly source: SkillSource;
}

/** A skill that passed, with the bytes it counts against `maxTotalBytes`. */
export interface Candidate {
  readonly skill: Skill;
  readonly bytes: number;
  readonly sourceName: string;
}

/** What one tier yields: its skills in listing order, and its diagnostics. */
export interface TierResult {
  readonly candidates: Candidate[];
  readonly diagnostics: Diagnostic[];
  skipped: number;
}

/** Parses every entry of a listing into candidates; bad entries become diagnostics. */
export function readTier(tier: Tier, listing: SourceListing, limits: ResolvedLimits): TierResult {
  const result: TierResult = { candidates: [], diagnostics: [...listing.diagnostics], skipped: 0 };
  for (const entry of listing.entries) {
    const { skill, diagnostics } = entrySkill(entry, tier.kind, limits);
    result.diagnostics.push(...diagnostics);
    if (skill) {
      // Remembered so the skill's files can be read again later (skills.read on a loader).
      recordOrigin(skill, { source: tier.source, dir: entry.dir });
      result.candidates.push({ skill, bytes: entryBytes(entry, skill), sourceName: tier.source.name });
    } else result.skipped++;
  }
  return result;
}

function entrySkill(entry: SkillEntry, kind: SkillSourceKind, limits: ResolvedLimits): { skill?: Skill; diagnostics: Diagnostic[] } {
  const diagnostics = [...(entry.diagnostics ?? [])];
  const overLimit = perSkillLimit(entry, limits);
  if (overLimit) diagnostics.push(overLimit);
  if (diagnostics.some((d) => d.severity === 'error')) return { diagnostics };
  if (entry.skill) return { skill: { ...entry.skill, source: kind }, diagnostics: [...diagnostics, ...(entry.skillDiagnostics ?? [])] };
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
  });
  diagnostics.push(...parsed.errors, ...parsed.warnings, ...parsed.infos);
  return parsed.skill ? { skill: parsed.skill, diagnostics } : { diagnostics };
}

/** The first per-skill limit an entry breaks, as a `limit-exceeded` error. */
function perSkillLimit(entry: SkillEntry, limits: ResolvedLimits): Diagnostic | undefined {
  const files = entry.files ?? entry.skill?.files ?? [];
  const fail = (message: string): Diagnostic => createDiagnostic('limit-exceeded', 'runtime', message, entry.path);
  if (files.length > limits.maxFilesPerSkill) {
    return fail(`The skill has ${files.length} files; maxFilesPerSkill is ${limits.maxFilesPerSkill}. It was skipped.`);
  }
  const big = files.find((f) => (f.size ?? 0) > limits.maxFileBytes);
  if (big) return fail(`\`${big.path}\` is ${big.size} bytes; maxFileBytes is ${limits.maxFileBytes}. The skill was skipped.`);
  const deep = files.find((f) => f.path.split('/').length - 1 > limits.maxNesting);
  if (deep) return fail(`\`${deep.path}\` is nested deeper than maxNesting (${limits.maxNesting}). The skill was skipped.`);
  return undefined;
}

function entryBytes(entry: SkillEntry, skill: Skill): number {
  const text = entry.text;
  const own = text === undefined ? skill.content.length : typeof text === 'string' ? text.length : text.byteLength;
  return skill.files.reduce((sum, f) => sum + f.size, own);
}
