/**
 * Everything that refuses a skill set, found in one load. `loadSkills`
 * throws at the first problem, so a person fixing a refused `catalog` would
 * learn of `--max-skills`, then `--max-total-bytes`, then a name used twice,
 * one run each; `satchel catalog` reports them all from this survey first.
 * @module
 */
import { isModelVisible } from '../../../agent/catalog/entries.js';
import { renderCatalog } from '../../../agent/catalog/render.js';
import type { Diagnostic } from '../../../format/diagnostics/diagnostic.js';
import { isSkillError, SkillError } from '../../../format/errors.js';
import { serializeSkill } from '../../../format/serialize.js';
import { skillBytes } from '../../../format/skill-limits.js';
import { LOADER_LIMITS, type ResolvedLimits, type Skill } from '../../../format/types.js';
import { SkillLoader } from '../../../loader/loader.js';
import { utf8ByteLength } from '../../../shared/text.js';
import { setProblems } from '../../load-skills.js';
import { cliSource, discoveryBounds } from './inputs.js';

/** What the survey found: every refusal, and the load's diagnostics (hidden folders skipped among them). */
export interface SetSurvey {
  readonly problems: readonly SkillError[];
  readonly diagnostics: readonly Diagnostic[];
}

/** What the survey reads and how the catalog is shown. */
export interface SurveyOptions {
  readonly includeHidden: boolean;
  readonly format: 'markdown' | 'xml';
  readonly cwd: string;
}

/**
 * Loads `folders` as a skill set would be loaded, and lists every problem
 * that would refuse the set under `limits`: its size, a name used twice, a
 * folder that could not be read, a per-skill or discovery limit, a skill
 * that does not load, the catalog's size. The load reads up to the loader's
 * own limits, so the set's count and bytes can be measured rather than only
 * found to be over.
 */
export async function surveySet(folders: readonly string[], limits: ResolvedLimits, options: SurveyOptions): Promise<SetSurvey> {
  const ceilings = {
    ...limits,
    maxSkills: Math.max(limits.maxSkills, LOADER_LIMITS.maxSkills),
    maxTotalBytes: Math.max(limits.maxTotalBytes, LOADER_LIMITS.maxTotalBytes),
  };
  const bounds = { ...discoveryBounds(limits), includeHidden: options.includeHidden };
  const loader = new SkillLoader({ builtin: folders.map((abs) => cliSource(abs, bounds, options.cwd)), limits: ceilings });
  try {
    await loader.loadAll();
  } catch (e) {
    if (!isSkillError(e) || e.code !== 'LIMIT_EXCEEDED') throw e;
    return { problems: [pastCeiling(e, limits, ceilings)], diagnostics: [] };
  }
  const skills = loader.getAll();
  const problems = [...sizeProblems(skills, limits), ...setProblems(loader.diagnostics), ...catalogProblems(skills, limits, options.format)];
  return { problems, diagnostics: loader.diagnostics };
}

/** The load itself stopped at a ceiling: the set is over its limit by far, and nothing past it was read. */
function pastCeiling(e: SkillError, limits: ResolvedLimits, ceilings: ResolvedLimits): SkillError {
  const bytes = e.message.includes('maxTotalBytes');
  const held = bytes ? `more than ${ceilings.maxTotalBytes} bytes` : `more than ${ceilings.maxSkills} skills`;
  const limit = bytes ? `maxTotalBytes (${limits.maxTotalBytes})` : `maxSkills (${limits.maxSkills})`;
  return new SkillError('LIMIT_EXCEEDED', `The paths hold ${held}, more than ${limit}; reading stopped there, so nothing else was checked.`);
}

/** The set's count and size, as `createSkillSet` measures them. */
function sizeProblems(skills: readonly Skill[], limits: ResolvedLimits): SkillError[] {
  const problems: SkillError[] = [];
  if (skills.length > limits.maxSkills) {
    problems.push(new SkillError('LIMIT_EXCEEDED', `The set holds ${skills.length} skills, more than maxSkills (${limits.maxSkills}).`));
  }
  const bytes = skills.reduce((sum, skill) => sum + skillBytes(utf8ByteLength(serializeSkill(skill)), skill.files), 0);
  if (bytes > limits.maxTotalBytes) {
    problems.push(new SkillError('LIMIT_EXCEEDED', `The set holds ${bytes} bytes, more than maxTotalBytes (${limits.maxTotalBytes}).`));
  }
  return problems;
}

/** The catalog goes into the agent's instructions: over `maxCatalogBytes` a set refuses it, alone over `maxInstructionsBytes` `withSkills` would. */
function catalogProblems(skills: readonly Skill[], limits: ResolvedLimits, format: SurveyOptions['format']): SkillError[] {
  const bytes = utf8ByteLength(renderCatalog(skills, Number.POSITIVE_INFINITY, { format }));
  const count = skills.filter(isModelVisible).length;
  const problems: SkillError[] = [];
  if (bytes > limits.maxCatalogBytes) {
    const message = `The catalog of ${count} skills is ${bytes} bytes, more than maxCatalogBytes (${limits.maxCatalogBytes}); it is refused, never cut.`;
    problems.push(new SkillError('LIMIT_EXCEEDED', message));
  }
  if (bytes > limits.maxInstructionsBytes) {
    const message = `The catalog of ${count} skills is ${bytes} bytes, more than maxInstructionsBytes (${limits.maxInstructionsBytes}) before any instructions are added.`;
    problems.push(new SkillError('LIMIT_EXCEEDED', message));
  }
  return problems;
}
