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
import { perSkillLimitProblem, skillBytes } from '../format/skill-limits.js';
import { byteSize } from '../shared/text.js';

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
  const refused = (): boolean => diagnostics.some((d) => d.severity === 'error');
  // A source that refused the skill already said why (a directory source checks the same limits): no second error.
  const overLimit = refused() ? undefined : perSkillLimit(entry, limits);
  if (overLimit) diagnostics.push(overLimit);
  if (refused()) return { diagnostics };
  if (entry.skill) return { skill: { ...entry.skill, source: kind }, diagnostics };
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
  });
  diagnostics.push(...parsed.errors, ...parsed.warnings, ...parsed.infos);
  return parsed.skill ? { skill: parsed.skill, diagnostics } : { diagnostics };
}

/** The first per-skill limit an entry breaks, as a `limit-exceeded` error. */
function perSkillLimit(entry: SkillEntry, limits: ResolvedLimits): Diagnostic | undefined {
  const problem = perSkillLimitProblem({ files: entry.files ?? entry.skill?.files ?? [] }, limits);
  return problem === undefined ? undefined : createDiagnostic('limit-exceeded', 'runtime', `${problem} The skill was skipped.`, entry.path);
}

/** UTF-8 bytes of an entry: its SKILL.md text (or, for a skill object, its body) and its files. */
function entryBytes(entry: SkillEntry, skill: Skill): number {
  return skillBytes(byteSize(entry.text ?? skill.content), skill.files);
}
