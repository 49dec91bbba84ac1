// parseSkill never throws, whatever it is given: a wrong input or options object is an `invalid-input` error.
// Lone CR line endings are named as such, not left to a misleading YAML message.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSkill, type Diagnostic, type ParseOptions } from '../../src/index.js';
import { diagnosticCodes, severityOf } from '../../src/format/diagnostics/diagnostic.js';
import { skillMd } from '../support/skill-md.js';

const where = (d: Diagnostic | undefined) => d && [d.code, d.line, d.column];
const parseAny = (input: unknown, options?: unknown) => parseSkill(input as string, options as ParseOptions);
const text = skillMd('a');

describe('invalid input', () => {
  it('is an error for null, undefined, numbers, objects and other byte containers', () => {
    for (const input of [null, undefined, 42, {}, [], new ArrayBuffer(4), new Uint16Array(2), Symbol('x'), () => 'x']) {
      const r = parseAny(input);
      expect(r.skill).toBeUndefined();
      expect(r.errors.map(where)).toEqual([['invalid-input', 0, 0]]);
      expect(r.errors[0]?.path).toBe('SKILL.md');
    }
    expect(parseAny(null).errors[0]?.message).toContain('not null');
  });
  it('is an error for options of the wrong shape, named in the message', () => {
    const cases: [unknown, string][] = [
      [null, 'options must be an object'],
      ['spec', 'options must be an object'],
      [{ profile: 'strict' }, '`profile`'],
      [{ folder: 3 }, '`folder` must be text'],
      [{ path: {} }, '`path` must be text'],
      [{ source: 'team' }, '`source`'],
      [{ maxFileBytes: '10' }, '`maxFileBytes`'],
      [{ maxFileBytes: Number.NaN }, '`maxFileBytes`'],
      [{ maxNesting: -1 }, '`maxNesting`'],
      [{ files: 'a.md' }, '`files` must be a list'],
      [{ files: [null] }, '`files[0]`'],
      [{ files: [{ path: 'a.md' }, { path: 1 }] }, '`files[1]`'],
      [{ files: [{ path: 'a.md', content: 5 }] }, '`files[0]`'],
    ];
    for (const [options, message] of cases) {
      const r = parseAny(text, options);
      expect(r.errors.map((d) => d.code)).toEqual(['invalid-input']);
      expect(r.errors[0]?.message).toContain(message);
    }
  });
  it('keeps the profile and path it could read for the diagnostic', () => {
    const r = parseAny(text, { profile: 'spec', path: 'x/SKILL.md', folder: 7 });
    expect(r.errors[0]).toMatchObject({ code: 'invalid-input', severity: 'error', path: 'x/SKILL.md' });
  });
  it('still parses with every documented option given', () => {
    const r = parseAny(text, {
      folder: 'a',
      fileName: 'SKILL.md',
      profile: 'spec',
      source: 'org',
      path: 'a/SKILL.md',
      files: [{ path: 'r.md', content: 'x' }],
      maxFileBytes: 1e6,
      maxNesting: 3,
    });
    expect(r.errors).toEqual([]);
    expect(r.skill?.source).toBe('org');
  });
  it('never throws, for any input and any options (property)', () => {
    const input = fc.oneof(fc.anything(), fc.string(), fc.constant(text), fc.uint8Array({ maxLength: 20 }));
    const options = fc.oneof(
      fc.anything({ withNullPrototype: true, withBoxedValues: true, withTypedArray: true, withMap: true, withSet: true }),
      fc.constant(undefined),
    );
    fc.assert(
      fc.property(input, options, (i, o) => {
        const r = parseAny(i, o);
        for (const d of [...r.errors, ...r.warnings, ...r.infos]) expect(diagnosticCodes).toContain(d.code);
        expect(r.skill !== undefined).toBe(r.errors.length === 0);
      }),
      { numRuns: 500 },
    );
  });
});

describe('CR-only line endings', () => {
  const mac = '---\rname: a\rdescription: Old Mac file\rlicense: MIT\r---\rBody\r';
  it('are named in the runtime profile, at the first lone CR, and the skill loads', () => {
    const r = parseSkill(mac, { folder: 'a' });
    expect(r.warnings.map(where)).toEqual([['cr-line-endings', 2, 8]]);
    expect(r.warnings[0]?.message).toContain('CR');
    expect(r.skill).toMatchObject({ name: 'a', description: 'Old Mac file', license: 'MIT', content: 'Body' });
    expect(severityOf('cr-line-endings', 'runtime')).toBe('warning');
  });
  it('are an error in the spec profile, with no misleading YAML error', () => {
    const r = parseSkill(mac, { folder: 'a', profile: 'spec' });
    expect(r.errors.map(where)).toEqual([['cr-line-endings', 2, 8]]);
  });
  it('leave LF and CRLF files alone', () => {
    for (const eol of ['\n', '\r\n']) {
      const r = parseSkill(mac.replace(/\r/g, eol), { folder: 'a' });
      expect([...r.errors, ...r.warnings]).toEqual([]);
    }
  });
});
