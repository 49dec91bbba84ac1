// Digests of a fixed set of skills, keyed by skill path: the pinned set of digest-pin.test.ts
// (test/fixtures/digests/pins.json was computed with the code before the load-speed work).
import { generateSkills, skillFiles } from '../../bench/generate.js';
import { readTier } from '../../src/loader/tier.js';
import { directorySource } from '../../src/node/index.js';
import { memorySource } from '../../src/sources/memory.js';
import type { SkillSource } from '../../src/sources/source.js';
import { LOADER_LIMITS } from '../../src/format/types.js';

/** The corpus subset the pins cover, relative to the repository root. */
export const PINNED_CORPUS = 'test/fixtures/corpus';

/** Path → digest of every skill of `source` that loads. */
async function digestsOf(source: SkillSource, strip: string): Promise<Record<string, string>> {
  const { candidates } = readTier({ kind: 'builtin', source }, await source.list(), LOADER_LIMITS);
  const out: Record<string, string> = {};
  for (const { skill } of candidates) out[(skill.path ?? skill.name).replace(strip, '')] = skill.digest;
  return out;
}

/** The pinned digests as the current code computes them: the corpus subset, and 400 generated skills (30 % with resource files). */
export async function currentDigests(): Promise<{ corpus: Record<string, string>; generated: Record<string, string> }> {
  const corpus = await digestsOf(directorySource(PINNED_CORPUS), `${PINNED_CORPUS}/`);
  const files: Record<string, string> = {};
  for (const skill of generateSkills(400, { seed: 7, references: { rate: 0.3 } })) for (const f of skillFiles(skill)) files[f.path] = f.content;
  return { corpus, generated: await digestsOf(memorySource(files), '') };
}
