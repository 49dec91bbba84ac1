/**
 * The safety gate of a source that sets `safety` (remote and MCP sources, `'warn'` by default there): each of its
 * skills is scanned when it is read in full — at the load for an eager one, at its first use for a lazy one — its files
 * read through the source and checked against their digests. A skill the findings call `refuse` for is left out
 * (`unsafe-skill`; a lazy one's use fails with `UNSAFE_SKILL`); one it warns for loads with a `skill-findings`
 * warning. What a scan found is kept by digest (`FindingsRecord`), so an unchanged skill is scanned once.
 * docs/threat-model.md, "The safety gate".
 * @module
 */
import { createDiagnostic, type Diagnostic } from '../../format/diagnostics/diagnostic.js';
import type { ResolvedLimits, Skill } from '../../format/types.js';
import { findingsLine, gateDecision, resolveGate, SOURCE_ACTIONS, unsafeSkill, type ResolvedGate } from '../../safety/gate.js';
import type { SkillSource } from '../../sources/source.js';
import type { Candidate, TierResult } from '../tier.js';
import type { FindingsRecord } from './findings-record.js';
import { scanSkillFiles } from './skill-scan.js';

/** What a gate needs of its loader: the findings kept so far, the limits, the source timeout and the load's signal. */
export interface GateRun {
  readonly record: FindingsRecord;
  readonly limits: ResolvedLimits;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal | undefined;
}

// Skills of one tier scanned at once: enough to overlap a remote source's reads, few enough to stay gentle.
const SCANS_AT_ONCE = 8;

/** The gate `source` asks for, resolved; `undefined` when it sets none; `INVALID_INPUT` for a malformed one. */
export function sourceGateOf(source: SkillSource): ResolvedGate | undefined {
  const safety = (source as { safety?: unknown }).safety;
  return safety === undefined ? undefined : resolveGate(safety, `Source ${source.name}: \`safety\``, SOURCE_ACTIONS);
}

/** `result` with the source's gate applied to each skill read in full; lazy ones wait for their first use. */
export async function gateTier(source: SkillSource, result: TierResult, run: GateRun): Promise<TierResult> {
  let gate: ResolvedGate | undefined;
  try {
    gate = sourceGateOf(source);
  } catch (e) {
    // A gate that cannot be read lets nothing through unscanned: the source lists no skill.
    const problem = createDiagnostic('source-error', 'runtime', `${(e as Error).message} Its skills were not loaded.`, source.name);
    return { candidates: [], diagnostics: [...result.diagnostics, problem], skipped: result.skipped + result.candidates.length };
  }
  if (gate === undefined) return result;
  const kept: (Candidate | undefined)[] = [...result.candidates];
  const diagnostics = [...result.diagnostics];
  let skipped = result.skipped;
  const screenOne = async (i: number): Promise<void> => {
    const { skill } = result.candidates[i] as Candidate;
    if (skill.loaded === false) return;
    const verdict = await verdictOf(skill, gate, run);
    if (verdict.diagnostic) diagnostics.push(verdict.diagnostic);
    if (verdict.refused) {
      kept[i] = undefined;
      skipped++;
    }
  };
  for (let i = 0; i < kept.length; i += SCANS_AT_ONCE) {
    await Promise.all(kept.slice(i, i + SCANS_AT_ONCE).map((_, j) => screenOne(i + j)));
  }
  return { candidates: kept.filter((c): c is Candidate => c !== undefined), diagnostics, skipped };
}

/**
 * The gate on a lazy skill just read in full from `source`: nothing when the source sets none or it passes (a warning's
 * findings are kept for `loader.provenance`); `UNSAFE_SKILL` when it refuses.
 */
export async function screenFull(skill: Skill, source: SkillSource, run: GateRun): Promise<void> {
  const gate = sourceGateOf(source);
  if (gate === undefined) return;
  const findings = await findingsOf(skill, run);
  if (gateDecision(findings, gate) === 'refuse') throw unsafeSkill(skill.name, findings, `source ${source.name}`);
}

interface Verdict {
  readonly refused: boolean;
  readonly diagnostic?: Diagnostic;
}

async function verdictOf(skill: Skill, gate: ResolvedGate, run: GateRun): Promise<Verdict> {
  let findings: readonly Diagnostic[];
  try {
    findings = await findingsOf(skill, run);
  } catch (e) {
    if (run.signal?.aborted) throw e;
    // A skill that cannot be scanned cannot be let in by a gate that refuses anything.
    const why = e instanceof Error ? e.message : String(e);
    const refuses = Object.values(gate).includes('refuse');
    const message = `Skill "${skill.name}" could not be scanned (${why}); ${refuses ? 'its source refuses what it cannot check, so it was not loaded' : 'it is loaded unscanned'}.`;
    return { refused: refuses, diagnostic: createDiagnostic(refuses ? 'unsafe-skill' : 'skill-findings', 'runtime', message, skill.path ?? skill.name) };
  }
  const decision = gateDecision(findings, gate);
  if (decision === 'pass') return { refused: false };
  const refused = decision === 'refuse';
  const said = refused
    ? 'it was not loaded (the source refuses such findings)'
    : "it is loaded (the source's gate warns); loader.provenance lists each finding";
  const message = `Skill "${skill.name}" has ${findings.length} scanner finding${findings.length === 1 ? '' : 's'}: ${findingsLine(findings)}; ${said}.`;
  return { refused, diagnostic: createDiagnostic(refused ? 'unsafe-skill' : 'skill-findings', 'runtime', message, skill.path ?? skill.name) };
}

/** The findings of `skill`, from the record when its digest was scanned before, else scanned now and recorded. */
async function findingsOf(skill: Skill, run: GateRun): Promise<readonly Diagnostic[]> {
  const known = run.record.get(skill.digest);
  if (known) return known;
  // Each read is bounded by its source's own timeout, or the loader's.
  const found = await scanSkillFiles(skill, run.limits, { timeoutMs: run.timeoutMs, signal: run.signal });
  if (!run.signal?.aborted) run.record.set(skill.digest, found);
  return found;
}
