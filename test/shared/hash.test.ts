// The two SHA-256 paths (node:crypto when the runtime offers it, @noble/hashes elsewhere) give the same digests.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { parseSkill } from '../../src/index.js';
import { sha256Digest, sha256OfParts, usePortableHash } from '../../src/shared/hash.js';

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
