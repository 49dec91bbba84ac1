/**
 * Satchel demo: where each loaded skill came from, what it needs that the demo lacks, and what the scanner found
 * (`client.provenance`, `client.scan`), kept for the panels that show it (the skill list and the activations).
 * After every load the page reads the provenance of every skill at once, then asks the worker to scan the skills not
 * scanned yet, one at a time: the scans run in the worker, and each answer is shown as it comes.
 */
import type { SkillProvenance } from '../../src/index.js';
import { errorText, type Runtime } from './runtime.js';

const known = new Map<string, SkillProvenance>();
const failed = new Map<string, string>();
const listeners = new Set<(names: readonly string[]) => void>();
// A newer load supersedes the scans of an older one: its loop stops at the next answer.
let generation = 0;

/** What the page knows of `name`'s origin, needs and findings; `undefined` before the first read. */
export function provenanceOf(name: string): SkillProvenance | undefined {
  return known.get(name);
}

/** Why the scan of `name` failed, when it did (the skill stays listed, its findings unknown). */
export function scanFailure(name: string): string | undefined {
  return failed.get(name);
}

/** Runs `listener` with the names whose provenance changed (read again, or scanned). */
export function onProvenance(listener: (names: readonly string[]) => void): void {
  listeners.add(listener);
}

function tell(names: readonly string[]): void {
  for (const listener of listeners) listener(names);
}

/** Scans, one at a time, the skills of this read that carry no findings yet; stops once a newer read began. */
async function scanUnscanned(runtime: Runtime, run: number, read: readonly SkillProvenance[]): Promise<void> {
  for (const provenance of read) {
    if (provenance.findings !== undefined) continue;
    try {
      const findings = await runtime.scan(provenance.name);
      if (run !== generation) return;
      known.set(provenance.name, { ...provenance, findings });
    } catch (error) {
      if (run !== generation) return;
      failed.set(provenance.name, errorText(error));
    }
    tell([provenance.name]);
  }
}

/**
 * Reads the provenance of `names` (the skills the worker holds) and resolves once it is shown; the scans of the
 * skills not scanned yet follow in the background (a skill's findings are kept by content in the worker, so an
 * unchanged skill is not scanned again after a save elsewhere).
 */
export async function followProvenance(runtime: Runtime, names: readonly string[]): Promise<void> {
  const run = ++generation;
  const read = (await runtime.provenance(names)).filter((p): p is SkillProvenance => p !== undefined);
  if (run !== generation) return;
  known.clear();
  failed.clear();
  for (const provenance of read) known.set(provenance.name, provenance);
  tell(names);
  void scanUnscanned(runtime, run, read).catch((error: unknown) => console.warn('demo: scanning the skills', error));
}
