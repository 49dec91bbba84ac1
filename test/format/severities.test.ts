// The severities table the worker carries (format/diagnostics/severities.ts) and the rules' documentation
// (format/diagnostics/rules.ts, what CODES shows) name the same codes, in the same order, with the same severities.
import { describe, expect, it } from 'vitest';
import { createDiagnostic, diagnosticCodes, isDiagnosticCode, severityOf } from '../../src/format/diagnostics/diagnostic.js';
import { DIAGNOSTIC_RULES, fixFor } from '../../src/format/diagnostics/rules.js';
import { SEVERITIES } from '../../src/format/diagnostics/severities.js';
import { CODES, SkillError, isSkillError } from '../../src/index.js';
import { SKILL_ERROR_CODES } from '../../src/format/error-codes.js';
import { skillErrorCodes } from '../../src/format/errors.js';

describe('diagnostic severities', () => {
  it('list every documented code, in order, and only those', () => {
    expect(Object.keys(SEVERITIES)).toEqual(Object.keys(DIAGNOSTIC_RULES));
    expect(diagnosticCodes).toEqual(Object.keys(CODES.diagnostics));
  });

  it('give each code the severities its rule documents, in both profiles', () => {
    for (const code of diagnosticCodes) {
      const rule = DIAGNOSTIC_RULES[code];
      expect([code, severityOf(code, 'spec'), severityOf(code, 'runtime')]).toEqual([code, rule.spec, rule.runtime]);
    }
    // Codes whose two profiles differ are read the right way round.
    expect([severityOf('name-format', 'spec'), severityOf('name-format', 'runtime')]).toEqual([
      DIAGNOSTIC_RULES['name-format'].spec,
      DIAGNOSTIC_RULES['name-format'].runtime,
    ]);
    expect(diagnosticCodes.some((c) => DIAGNOSTIC_RULES[c].spec !== DIAGNOSTIC_RULES[c].runtime)).toBe(true);
  });

  it('make diagnostics with them, and know a code from any other value', () => {
    expect(createDiagnostic('bidi-control', 'runtime', 'm', 'SKILL.md', 2, 3)).toEqual({
      code: 'bidi-control',
      severity: 'error',
      message: 'm',
      path: 'SKILL.md',
      line: 2,
      column: 3,
    });
    expect(isDiagnosticCode('pipe-to-shell')).toBe(true);
    for (const other of ['toString', '__proto__', 'PIPE-TO-SHELL', 7, undefined]) expect(isDiagnosticCode(other)).toBe(false);
    expect(fixFor('pipe-to-shell')).toBe(DIAGNOSTIC_RULES['pipe-to-shell'].fix);
  });
});

describe('error codes', () => {
  it('are the documented ones, in order; a foreign error is a SkillError only with one of them', () => {
    expect(Object.keys(SKILL_ERROR_CODES)).toEqual(skillErrorCodes);
    expect(CODES.errors).toBe(SKILL_ERROR_CODES);
    const foreign = (code: string) => Object.assign(new Error('x'), { name: 'SkillError', code });
    expect(isSkillError(foreign('UNSAFE_SKILL'))).toBe(true);
    for (const code of ['toString', 'constructor', 'unsafe_skill']) expect(isSkillError(foreign(code))).toBe(false);
    expect(isSkillError(new SkillError('NOT_FOUND', 'x'))).toBe(true);
  });
});
