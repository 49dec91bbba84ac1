// One source entry into a skill: what the source found and what the loader checks are reported once.
import { describe, expect, it } from 'vitest';
import { createDiagnostic } from '../../src/format/diagnostics/diagnostic.js';
import { SkillLoader } from '../../src/loader/loader.js';
import type { SkillSource } from '../../src/sources/source.js';
import { skillMd } from '../support/skill-md.js';

/** A source with one skill folder whose resource is over 1 KiB, already refused by the source itself. */
function refusingSource(): SkillSource {
  const refusal = createDiagnostic(
    'limit-exceeded',
    'runtime',
    '`references/big.md` is 5000 bytes, more than maxFileBytes (1024); the skill is skipped.',
    'pdf/SKILL.md',
  );
  return {
    name: 'refusing',
    list: async () => ({
      entries: [
        { dir: 'pdf', path: 'pdf/SKILL.md', folder: 'pdf', text: skillMd('pdf'), files: [{ path: 'references/big.md', size: 5000 }], diagnostics: [refusal] },
      ],
      diagnostics: [],
    }),
    read: async () => new Uint8Array(),
  };
}

describe('an entry the source already refused', () => {
  it("keeps the source's error alone, without a second limit-exceeded from the loader", async () => {
    const loader = new SkillLoader({ builtin: refusingSource(), limits: { maxFileBytes: 1024 } });
    await loader.loadAll();
    expect(loader.size).toBe(0);
    expect(loader.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['limit-exceeded', '`references/big.md` is 5000 bytes, more than maxFileBytes (1024); the skill is skipped.'],
    ]);
  });
});
