/**
 * What a loader's scans found, by skill digest: `loader.scan`'s and the source gates' (`source-gate.ts`), read by
 * `loader.provenance`. Apart from the scanner, which is imported on the first scan.
 * @module
 */
import type { Diagnostic } from '../../format/diagnostics/diagnostic.js';
import type { Skill } from '../../format/types.js';

/**
 * What scans found, by skill digest: a skill scanned once (by a source's gate, or `loader.scan`) is not read again for
 * the same content. Kept for the skills of the current cache only (`keep`).
 */
export class FindingsRecord {
  readonly #byDigest = new Map<string, readonly Diagnostic[]>();

  /** The findings of the content of this digest, when it was scanned. */
  get(digest: string): readonly Diagnostic[] | undefined {
    return this.#byDigest.get(digest);
  }

  /** Records what a scan of this digest found. */
  set(digest: string, findings: readonly Diagnostic[]): void {
    this.#byDigest.set(digest, Object.freeze([...findings]));
  }

  /** Forgets the digests no skill of `skills` has. */
  keep(skills: Iterable<Skill>): void {
    if (this.#byDigest.size === 0) return;
    const live = new Set<string>();
    for (const skill of skills) live.add(skill.digest);
    for (const digest of this.#byDigest.keys()) if (!live.has(digest)) this.#byDigest.delete(digest);
  }
}
