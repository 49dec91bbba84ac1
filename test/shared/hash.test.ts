// The two SHA-256 paths (node:crypto when the runtime offers it, @noble/hashes elsewhere) give the same digests.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { parseSkill } from '../../src/index.js';
import { canonicalJson, sha256Digest, sha256OfParts, usePortableHash } from '../../src/shared/hash.js';

afterEach(() => usePortableHash(false));

const both = <T>(f: () => T): [T, T] => {
  usePortableHash(false);
  const native = f();
  usePortableHash(true);
  const portable = f();
  usePortableHash(false);
  return [native, portable];
};

describe('sha256', () => {
  it('matches node:crypto on both paths, for text and bytes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.uint8Array({ maxLength: 5000 }), (text, bytes) => {
        const expectedText = `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;
        const expectedBytes = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
        expect(both(() => sha256Digest(text))).toEqual([expectedText, expectedText]);
        expect(both(() => sha256Digest(bytes))).toEqual([expectedBytes, expectedBytes]);
      }),
      { numRuns: 200 },
    );
  });

  it('hashes parts as if joined by line breaks, on both paths', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 40_000 }), { maxLength: 4 }), (parts) => {
        const expected = `sha256:${createHash('sha256').update(parts.join('\n'), 'utf8').digest('hex')}`;
        expect(both(() => sha256OfParts(parts))).toEqual([expected, expected]);
      }),
      { numRuns: 100 },
    );
  });

  it('gives a skill the same digest whichever path ran', () => {
    const text = '---\nname: pdf\ndescription: Extract text from PDFs — fast. 💡\n---\n# PDF\n\nBody with ünïcödé.\n';
    const [native, portable] = both(() => parseSkill(text, { folder: 'pdf' }).skill?.digest);
    expect(native).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(portable).toBe(native);
  });
});

describe('canonicalJson', () => {
  it('writes plain data as JSON with sorted keys', () => {
    expect(canonicalJson({ b: [1, 'x', null, true], a: { d: 1, c: undefined } })).toBe('{"a":{"d":1},"b":[1,"x",null,true]}');
  });
  it('gives values JSON cannot hold texts of their own, different from each other and from plain data', () => {
    const values: unknown[] = [
      null,
      0,
      -0,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      1,
      1n,
      '1',
      '1n',
      'NaN',
      'Infinity',
      {},
      [],
      new Map(),
      new Set(),
      new Map([['a', 1]]),
      new Map([['a', 2]]),
      { a: 1 },
      new Set(['a']),
      new Set(['b']),
      ['a'],
      new Date(0),
      new Date(1),
      new Date(Number.NaN),
      '1970-01-01T00:00:00.000Z',
      new Uint8Array([1, 2]),
      new Uint8Array([1, 3]),
      new Uint16Array([1]),
      [1, 2],
      new Uint8Array(0),
      'Bytes("")',
    ];
    const texts = values.map(canonicalJson);
    expect(new Set(texts).size).toBe(values.length);
  });
  it('is the same for equal tagged values', () => {
    expect(canonicalJson(new Map([['a', new Set([1])]]))).toBe(canonicalJson(new Map([['a', new Set([1])]])));
    expect(canonicalJson(new Date(5))).toBe(canonicalJson(new Date(5)));
    expect(canonicalJson(new Uint8Array([7]))).toBe(canonicalJson(Uint8Array.from([7])));
  });
});
