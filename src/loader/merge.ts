/**
 * The merge step of a load: lists a source without letting one failure stop
 * the others, and accumulates tiers in precedence order (first of a name
 * wins, per-load limits enforced) into the next cache.
 * @module
 */
import { createDiagnostic, type Diagnostic } from '../format/diagnostics/diagnostic.js';
import { SkillError } from '../format/errors.js';
import { confusableKey, nameKey } from '../shared/names.js';
import { buildCache, type Cache } from './cache.js';
import { checkListing, type RawListing } from './listing.js';
import { isLimit, ownTimeout, raceSourceCall, sourceTimeout } from './source-call.js';
import { tooManySkills, type Candidate, type TierResult } from './tier.js';
import { isSkillSource, type SkillSource } from '../sources/source.js';
import { subagentSpecToSkill, type SubagentSpec } from './subagent.js';
import type { ResolvedLimits } from '../format/types.js';
import { utf8ByteLength } from '../shared/text.js';
import { originOf } from '../sources/origin.js';

/** Who serves a candidate's skill when another party does (an MCP server: `mcp:<label>`); `undefined` for a local skill. */
function servedBy(candidate: Candidate): string | undefined {
  const by = originOf(candidate.skill)?.source.servedBy;
  return typeof by === 'string' ? by : undefined;
}

/**
 * Lists a source, waiting no longer than `signal` and the timeout allow, and
 * checks the frame of what it returned (the entries are checked one by one
 * as they are parsed): a failure, a timeout or a malformed listing becomes a
 * `source-error` diagnostic; an abort rejects with `ABORTED`.
 */
export async function listSafely(source: SkillSource, signal: AbortSignal | undefined, timeoutMs = Number.POSITIVE_INFINITY): Promise<RawListing> {
  const name = sourceName(source);
  const failed = (why: string): RawListing => ({
    entries: [],
    diagnostics: [createDiagnostic('source-error', 'runtime', `Source ${name} failed: ${why}`, name)],
  });
  if (!isSkillSource(source)) return failed('it is not a source ({ name, list(), read() }).');
  const own = ownTimeout(source);
  if (own !== undefined && !isLimit(own)) return failed(`its timeoutMs (${String(own)}) is not a non-negative integer or Infinity.`);
  try {
    const raw: unknown = await raceSourceCall(source, 'list()', { signal, timeoutMs: sourceTimeout(source, timeoutMs) }, (o) => source.list(o));
    return checkListing(raw, name);
  } catch (e) {
    if (signal?.aborted || (e instanceof SkillError && e.code === 'ABORTED')) throw e;
    return failed(e instanceof Error ? e.message : String(e));
  }
}

/** The name of a source for messages, read without trusting the object. */
export function sourceName(source: unknown): string {
  try {
    const name = (source as { name?: unknown } | null)?.name;
    return typeof name === 'string' ? name : 'unnamed';
  } catch {
    return 'unnamed';
  }
}

/**
 * Accumulates tiers in precedence order: first of a name wins, per-load
 * limits enforced. Names are compared by identity ({@link nameKey}): a
 * later `Refunds` or `refunds\u200B` is `shadowed` by `refunds`; a later
 * look-alike (`rеfunds`, Cyrillic е) is skipped as `confusable-name`.
 */
export class TierMerger {
  readonly #limits: ResolvedLimits;
  readonly #byKey = new Map<string, Candidate>();
  readonly #byLook = new Map<string, Candidate>();
  readonly #diagnostics: Diagnostic[] = [];
  // Plugin names, each with the source whose plugin first claimed it: a plugin name names one plugin in a load.
  readonly #plugins = new Map<string, { readonly source: SkillSource; readonly sourceName: string }>();
  // The held skills' bytes: counted exactly (`#bytes`) only once their bound (`#maxBytes`) could pass maxTotalBytes.
  #bytes = 0;
  #maxBytes = 0;
  #exact = false;
  skipped = 0;

  constructor(limits: ResolvedLimits) {
    this.#limits = limits;
  }

  get size(): number {
    return this.#byKey.size;
  }

  add(result: TierResult): void {
    this.#diagnostics.push(...result.diagnostics);
    this.skipped += result.skipped;
    for (const candidate of result.candidates) this.#offer(candidate);
  }

  addSubagents(specs: readonly SubagentSpec[]): void {
    if (!Array.isArray(specs)) {
      this.#diagnostics.push(createDiagnostic('source-error', 'runtime', 'subagentSpecs is not a list; no subagent was loaded.', 'subagentSpecs'));
      return;
    }
    specs.forEach((spec: unknown, index) => {
      const parsed = subagentSpecToSkill(spec as SubagentSpec, index);
      this.#diagnostics.push(...parsed.errors, ...parsed.warnings, ...parsed.infos);
      if (!parsed.skill) this.skipped++;
      else {
        const bytes = utf8ByteLength(parsed.skill.content);
        this.#offer({ skill: parsed.skill, bytes, maxBytes: bytes, sourceName: 'subagentSpecs' });
      }
    });
  }

  #offer(candidate: Candidate): void {
    const { skill } = candidate;
    if (this.#claimedElsewhere(candidate)) return;
    const key = nameKey(skill.name);
    const where = (c: Candidate): string => `${c.sourceName}${c.skill.path ? ` (${c.skill.path})` : ''}`;
    // Names resolve per origin: a skill another party serves (an MCP server's) never keeps a name from a local one.
    const rival = this.#byKey.get(key) ?? this.#byLook.get(confusableKey(skill.name));
    if (rival && servedBy(rival) !== undefined && servedBy(candidate) === undefined) this.#yieldName(rival, candidate, where);
    const holder = this.#byKey.get(key);
    if (holder) {
      this.skipped++;
      if (servedBy(candidate) !== undefined || servedBy(holder) !== undefined) {
        const message = `Skill "${skill.name}" from ${where(candidate)} has the name of the one from ${where(holder)}: names resolve per origin, the one from ${holder.sourceName} keeps it, and this one is not loaded.`;
        this.#diagnostics.push(createDiagnostic('origin-collision', 'runtime', message, skill.path ?? candidate.sourceName));
        return;
      }
      const spelled = holder.skill.name === skill.name ? '' : ` ("${skill.name}" and "${holder.skill.name}" are one name)`;
      this.#diagnostics.push(
        createDiagnostic(
          'shadowed',
          'runtime',
          `Skill "${skill.name}" from ${where(candidate)} is shadowed by the one from ${where(holder)}${spelled}.`,
          skill.path ?? candidate.sourceName,
        ),
      );
      return;
    }
    const look = this.#byLook.get(confusableKey(skill.name));
    if (look) {
      this.skipped++;
      const message = `Skill "${skill.name}" from ${where(candidate)} looks like "${look.skill.name}" from ${where(look)} (script look-alike characters); it is skipped.`;
      this.#diagnostics.push(createDiagnostic('confusable-name', 'runtime', message, skill.path ?? candidate.sourceName));
      return;
    }
    if (this.#byKey.size + 1 > this.#limits.maxSkills) throw tooManySkills(this.#limits.maxSkills);
    this.#countBytes(candidate);
    this.#byKey.set(key, candidate);
    this.#byLook.set(confusableKey(skill.name), candidate);
  }

  /** Counts a candidate's bytes against maxTotalBytes: `LIMIT_EXCEEDED` past it, as exact as if every byte were counted. */
  #countBytes(candidate: Candidate): void {
    this.#maxBytes += candidate.maxBytes;
    if (!this.#exact && this.#maxBytes > this.#limits.maxTotalBytes) {
      this.#exact = true;
      for (const held of this.#byKey.values()) this.#bytes += held.bytes;
    }
    if (this.#exact) this.#bytes += candidate.bytes;
    if (this.#bytes > this.#limits.maxTotalBytes) {
      throw new SkillError('LIMIT_EXCEEDED', `The load holds more than maxTotalBytes (${this.#limits.maxTotalBytes}) bytes.`);
    }
  }

  /**
   * True (with a `duplicate-plugin` error) when the candidate's plugin has a name a plugin of another source claimed
   * first (a checked-in plugin and a published one, say): its skills are refused. Within one source the plugin source
   * itself refuses the second (sources/plugin.ts).
   */
  #claimedElsewhere(candidate: Candidate): boolean {
    const origin = originOf(candidate.skill);
    const name = origin?.bundle?.name;
    if (origin === undefined || name === undefined) return false;
    const first = this.#plugins.get(name);
    if (first === undefined) this.#plugins.set(name, { source: origin.source, sourceName: candidate.sourceName });
    if (first === undefined || first.source === origin.source) return false;
    this.skipped++;
    const { skill } = candidate;
    const message = `Plugin "${name}" is claimed by a plugin of ${first.sourceName} and again by one of ${candidate.sourceName}; skill "${skill.name}" of the one from ${candidate.sourceName} is refused.`;
    this.#diagnostics.push(createDiagnostic('duplicate-plugin', 'runtime', message, skill.path ?? candidate.sourceName));
    return true;
  }

  /** `rival`, served by another party, gives up its name (or its look) to the local `candidate`: it is not loaded. */
  #yieldName(rival: Candidate, candidate: Candidate, where: (c: Candidate) => string): void {
    this.#byKey.delete(nameKey(rival.skill.name));
    this.#byLook.delete(confusableKey(rival.skill.name));
    this.#maxBytes -= rival.maxBytes;
    if (this.#exact) this.#bytes -= rival.bytes;
    this.skipped++;
    const message = `Skill "${rival.skill.name}" from ${where(rival)} has the name of the local one from ${where(candidate)}: names resolve per origin, the local one keeps it, and the one from ${rival.sourceName} is not loaded.`;
    this.#diagnostics.push(createDiagnostic('origin-collision', 'runtime', message, rival.skill.path ?? rival.sourceName));
  }

  cache(): Cache {
    return buildCache(
      [...this.#byKey.values()].map((c) => c.skill),
      this.#diagnostics.slice(),
    );
  }
}
