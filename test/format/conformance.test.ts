// Every case of the open specification's conformance set, in both profiles.
import { describe, expect, it } from 'vitest';
import { parseSkill } from '../../src/index.js';
import { conformanceCases as all } from '../fixtures/conformance/cases.js';

describe('conformance: spec profile', () => {
  it('has all 92 cases', () => expect(all).toHaveLength(92));
  it.each(all.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const r = parseSkill(c.text, { folder: c.folder, fileName: c.file, profile: 'spec' });
    const valid = r.skill !== undefined && r.errors.length === 0 && r.warnings.length === 0;
    expect({ valid, errors: r.errors.map((d) => d.code), warnings: r.warnings.map((d) => d.code) }).toMatchObject({ valid: c.valid });
    if (!c.valid) expect([...r.errors, ...r.warnings].every((d) => d.line >= 0 && d.message.length > 0)).toBe(true);
  });
});

describe('conformance: runtime profile', () => {
  it.each(all.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const r = parseSkill(c.text, { folder: c.folder, fileName: c.file, profile: 'runtime' });
    const verdict = r.skill === undefined ? 'skip' : r.warnings.length > 0 ? 'load-with-warning' : 'load';
    expect({ verdict, errors: r.errors.map((d) => d.code), warnings: r.warnings.map((d) => d.code) }).toMatchObject({ verdict: c.lenient_client });
  });
});
