// The unquoted-colon recovery reads a block of broken lines with one parse, and never changes a valid document:
// a value that only looks like it holds `: ` (a comment, a multi-line quoted string, a flow collection) stays as YAML
// reads it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { quoteColonLines, quoteColonValues } from '../../src/format/yaml/colon-recovery.js';
import { readYaml } from '../../src/format/yaml/read.js';

const YAML_OPTIONS = { version: '1.2', schema: 'core', uniqueKeys: false } as const;
const warned = (text: string) => readYaml(text).problems.filter((p) => p.code === 'yaml-unquoted-colon').length;

describe('colon recovery', () => {
  it('leaves valid YAML that merely contains `: ` alone', () => {
    const valid = ['k: a #: b\n', 'a: "foo\n  k: x: y"\n', 'a: [1,\n  k: x]\n', 'k: plain\n  # when: x\n'];
    for (const text of valid) {
      expect(parseDocument(text, YAML_OPTIONS).errors, text).toEqual([]);
      const r = readYaml(text);
      expect(warned(text), text).toBe(0);
      expect(r.data, text).toEqual(parseDocument(text, YAML_OPTIONS).toJS() ?? {});
    }
  });
  it('recovers every broken value, after a quoted or commented line too', () => {
    const text = 'a: "quoted: fine"\nb: x # c\nk: use when: asked\nm: also: this\n';
    expect(readYaml(text).data).toEqual({ a: 'quoted: fine', b: 'x', k: 'use when: asked', m: 'also: this' });
    expect(warned(text)).toBe(2);
  });
  it('puts back the stack trace limit it lifts while parsing', () => {
    const before = Error.stackTraceLimit;
    readYaml('k: a: b\nk: 1\n');
    expect(Error.stackTraceLimit).toBe(before);
  });
  it('gives what YAML gives whenever the original parses (property)', () => {
    const line = fc.constantFrom(
      'k: a: b',
      'c: x #: y',
      'd: "p\n  q: r"',
      "e: 'p: q'",
      'f: [a,\n  b: c]',
      'g: plain\n  h: i',
      'j: plain\n  # l: m',
      'n: 1',
      'o: ok',
    );
    fc.assert(
      fc.property(fc.uniqueArray(line, { maxLength: 5, selector: (l) => l[0] }), (lines) => {
        const text = `${lines.join('\n')}\n`;
        const doc = parseDocument(text, YAML_OPTIONS);
        const r = readYaml(text);
        if (doc.errors.length === 0) {
          expect(warned(text)).toBe(0);
          expect(r.data).toEqual(doc.toJS() ?? {});
        } else if (r.data !== undefined) {
          expect(warned(text)).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });
  it('skips the line-by-line repair only when it would change nothing (property)', () => {
    const piece = fc.constantFrom('k: ', 'key-2: ', 'a: b', ': ', ':', '\n', '\r\n', '\n  ', '\n\t', ' ', 'x', '#', '"', "'", '[', '|', '-', '\u2028', 'é');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        expect(quoteColonValues(text)).toEqual(quoteColonLines(text));
      }),
      { numRuns: 2000 },
    );
  });
});
