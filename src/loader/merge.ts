/**
 * The merge step of a load: lists a source without letting one failure stop
 * the others, and accumulates tiers in precedence order (first of a name
 * wins, per-load limits enforced) into the next cache.
 * @module
 */
import { createDiagnostic, type Diagnostic } from '../format/diagnostics.js';
import { SkillError } from '../format/errors.js';
import { buildCache, type Cache } from './cache.js';
import type { Candidate, TierResult } from './tier.js';
import type { SkillSource, SourceListing } from '../sources/source.js';
import { subagentSpecToSkill, type SubagentSpec } from './subagent.js';
import type { ResolvedLimits } from '../format/types.js';
import { utf8ByteLength } from '../shared/text.js';

/** Lists a source; a failure becomes a `source-error` diagnostic unless it is an abort. */
export async function listSafely(source: SkillSource, signal: AbortSignal | undefined): Promise<SourceListing> {
  try {
    return await source.list(signal ? { signal } : {});
  } catch (e) {
    if (signal?.aborted || (e instanceof SkillError && e.code === 'ABORTED')) throw e;
    const reason = e instanceof Error ? e.message : String(e);
    return { entries: [], diagnostics: [createDiagnostic('source-error', 'runtime', `Source ${source.name} failed: ${reason}`, source.name)] };
  }
}

/** Accumulates tiers in precedence order: first of a name wins, per-load limits enforced. */
export class Merge {
  readonly #limits: ResolvedLimits;
  readonly #byName = new Map<string, Candidate>();
  readonly #diagnostics: Diagnostic[] = [];
  #bytes = 0;
  skipped = 0;

  constructor(limits: ResolvedLimits) {
    this.#limits = limits;
  }

  get size(): number {
    return this.#byName.size;
  }

  add(result: TierResult): void {
    this.#diagnostics.push(...result.diagnostics);
    this.skipped += result.skipped;
    for (const candidate of result.candidates) this.#offer(candidate);
  }

  addSubagents(specs: readonly SubagentSpec[]): void {
    for (const spec of specs) {
      const parsed = subagentSpecToSkill(spec);
      this.#diagnostics.push(...parsed.errors, ...parsed.warnings, ...parsed.infos);
      if (parsed.skill) this.#offer({ skill: parsed.skill, bytes: utf8ByteLength(parsed.skill.content), sourceName: 'subagentSpecs' });
      else this.skipped++;
    }
  }

  #offer(candidate: Candidate): void {
    const { skill } = candidate;
    const holder = this.#byName.get(skill.name);
    if (holder) {
      this.skipped++;
      const where = (c: Candidate): string => `${c.sourceName}${c.skill.path ? ` (${c.skill.path})` : ''}`;
      this.#diagnostics.push(createDiagnostic('shadowed', 'runtime', `Skill "${skill.name}" from ${where(candidate)} is shadowed by the one from ${where(holder)}.`, skill.path ?? candidate.sourceName));
      return;
    }
    if (this.#byName.size + 1 > this.#limits.maxSkills) {
      throw new SkillError('LIMIT_EXCEEDED', `The load holds more than maxSkills (${this.#limits.maxSkills}) skills.`);
    }
    this.#bytes += candidate.bytes;
    if (this.#bytes > this.#limits.maxTotalBytes) {
      throw new SkillError('LIMIT_EXCEEDED', `The load holds more than maxTotalBytes (${this.#limits.maxTotalBytes}) bytes.`);
    }
    this.#byName.set(skill.name, candidate);
  }

  cache(): Cache {
    return buildCache(
      [...this.#byName.values()].map((c) => c.skill),
      this.#diagnostics.slice(),
    );
  }
}
