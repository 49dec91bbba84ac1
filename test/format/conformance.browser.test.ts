// The conformance set again, in Chromium: the format layer runs unchanged in a browser (no node:* reaches it).
import { describe, expect, it } from 'vitest';
import { parseSkill, parseSkillFrontmatter, serializeSkill, isSkillError } from '../../src/index.js';
import { conformanceCases as all } from '../fixtures/conformance/cases.js';

describe('conformance in the browser', () => {
  it('gives every case its spec and runtime verdict', () => {
    const wrong: string[] = [];
    for (const c of all) {
      const spec = parseSkill(c.text, { folder: c.folder, fileName: c.file, profile: 'spec' });
      const valid = spec.skill !== undefined && spec.errors.length === 0 && spec.warnings.length === 0;
      const runtime = parseSkill(c.text, { folder: c.folder, fileName: c.file });
      const verdict = runtime.skill === undefined ? 'skip' : runtime.warnings.length > 0 ? 'load-with-warning' : 'load';
      if (valid !== c.valid || verdict !== c.lenient_client) wrong.push(`${c.id}: ${valid}/${verdict}`);
    }
    expect(wrong).toEqual([]);
    expect(all).toHaveLength(92);
  });

  it('digests synchronously and round-trips through serializeSkill', () => {
    const text = all.find((c) => c.id === 'meta-string-values')?.text ?? '';
    const skill = parseSkillFrontmatter(text, 'user', 'skills/pdf/SKILL.md');
    expect(skill.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    const again = parseSkill(serializeSkill(skill), { folder: 'pdf', path: 'skills/pdf/SKILL.md' }).skill;
    expect(again?.digest).toBe(skill.digest);
  });

  it('throws SkillError INVALID_SKILL with located diagnostics', () => {
    let error: unknown;
    try {
      parseSkillFrontmatter('---\nname: pdf\n---\n', 'user', 'pdf/SKILL.md');
    } catch (e) {
      error = e;
    }
    expect(isSkillError(error) && error.code).toBe('INVALID_SKILL');
    expect(isSkillError(error) && error.diagnostics[0]?.code).toBe('description-missing');
  });
});

describe('hashing in the browser', () => {
  it('the portable SHA-256 equals Web Crypto', async () => {
    const { sha256Digest, sha256OfParts } = await import('../../src/shared/hash.js');
    const hex = async (text: string): Promise<string> =>
      [...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))].map((b) => b.toString(16).padStart(2, '0')).join('');
    const parts = ['{"name":"pdf"}', '[]', 'Body — ünïcödé 💡\n'.repeat(300)];
    expect(sha256OfParts(parts)).toBe(`sha256:${await hex(parts.join('\n'))}`);
    expect(sha256Digest(parts[2] ?? '')).toBe(`sha256:${await hex(parts[2] ?? '')}`);
  });
});
