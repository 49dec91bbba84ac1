// The linear-time regex engine: agrees with RegExp on the subset it supports, refuses what it cannot run.
import { describe, expect, it } from 'vitest';
import { compileLinearRegex } from '../../src/shared/linear-regex.js';

const CASES: readonly (readonly [pattern: string, lines: readonly string[]])[] = [
  ['abc', ['abc', 'xabcx', 'ab', '']],
  ['^ab+c$', ['abc', 'abbbc', 'ac', 'xabc', 'abcx']],
  ['a.c', ['abc', 'a-c', 'ac']],
  ['colou?r', ['color', 'colour', 'colouur']],
  ['(?:ab|cd){2}', ['abcd', 'abab', 'ab', 'cdx']],
  ['x{2,3}y', ['xy', 'xxy', 'xxxy', 'xxxxy']],
  ['[a-c]+[^0-9]', ['abc!', 'a1', 'cc', 'zz']],
  ['\\d{3}-\\d{4}', ['555-1234', '55-1234', 'call 555-12345']],
  ['\\w+@\\w+\\.com', ['me@example.com', 'me@.com', '@x.com']],
  ['\\s\\S', [' a', '  ', 'a']],
  ['a|b|^c', ['xa', 'xb', 'c', 'xc']],
  ['[\\]x]', [']', 'x', 'y']],
  ['\\(\\*\\)', ['(*)', '()']],
  ['é+ü', ['ééü', 'eu']],
  ['😀.', ['😀!', '😀']],
  ['a*?b', ['b', 'aab', 'aa']],
  ['', ['', 'x']],
];

describe('compileLinearRegex', () => {
  it('decides like RegExp on the supported subset', () => {
    for (const [pattern, lines] of CASES) {
      const mine = compileLinearRegex(pattern);
      const native = new RegExp(pattern, 'u');
      for (const line of lines) expect(mine.test(line), `${pattern} on ${JSON.stringify(line)}`).toBe(native.test(line));
    }
  });

  it('ignores case on request, in literals and ranges', () => {
    expect(compileLinearRegex('refund', { ignoreCase: true }).test('REFUND')).toBe(true);
    expect(compileLinearRegex('[A-C]x', { ignoreCase: true }).test('bX')).toBe(true);
    expect(compileLinearRegex('refund').test('REFUND')).toBe(false);
  });

  it('refuses backreferences, lookaround, word boundaries, bad syntax and huge repeats', () => {
    for (const pattern of ['(a)\\1', '(?=a)', '(?<n>a)', '\\bword', '(a', 'a)', '[a', '*a', 'a{5,2}', 'a{2000}', '(a{1000}){1000}', 'a\\']) {
      expect(() => compileLinearRegex(pattern), pattern).toThrow(SyntaxError);
    }
  });

  it('keeps a catastrophic pattern linear: the answer for a long line comes from one pass', () => {
    const line = `${'a'.repeat(20000)}b`;
    expect(compileLinearRegex('(a+)+c').test(line)).toBe(false);
    expect(compileLinearRegex('(a*)*b$').test(line)).toBe(true);
    expect(compileLinearRegex('(x+x+)+y').test('x'.repeat(20000))).toBe(false);
  });
});
