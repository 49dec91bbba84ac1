// UTF-8 sizes are counted one way everywhere: the count matches what TextEncoder writes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memorySource, SkillLoader } from '../../src/index.js';
import { byteSize, utf8ByteLength } from '../../src/shared/text.js';
import { rejected } from '../support/errors.js';
import { skillMd } from '../support/skill-md.js';

describe('utf8ByteLength', () => {
  it('counts what TextEncoder writes, lone surrogates as U+FFFD', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.oneof(fc.constantFrom('a', 'é', '€', '😀', '\uD800', '\uDC00'), fc.string({ unit: 'binary' })) }), (text) => {
        expect(utf8ByteLength(text)).toBe(new TextEncoder().encode(text).byteLength);
      }),
    );
  });

  it('counts long texts (past the reused buffer) the same way', () => {
    for (const unit of ['a', 'é', '€', '😀', '\uD800', 'a\uDC00']) {
      const text = `${unit.repeat(40_000)}${'b'.repeat(7)}`;
      expect(utf8ByteLength(text)).toBe(new TextEncoder().encode(text).byteLength);
    }
    expect(utf8ByteLength('x'.repeat(1 << 15))).toBe(1 << 15);
    expect(utf8ByteLength(`${'x'.repeat((1 << 15) - 1)}€`)).toBe((1 << 15) + 2);
  });

  it('sizes bytes as they are', () => {
    expect(byteSize(new Uint8Array(7))).toBe(7);
    expect(byteSize('€')).toBe(3);
  });
});

describe('the loader counts UTF-8 bytes against maxTotalBytes', () => {
  it('refuses a load whose multibyte text is over the limit though its UTF-16 length is not', async () => {
    const text = skillMd('wide', { body: '€'.repeat(400) });
    expect(text.length).toBeLessThan(600);
    const loader = new SkillLoader({ builtin: memorySource({ 'wide/SKILL.md': text }), limits: { maxTotalBytes: 1000 } });
    expect((await rejected(loader.loadAll())).code).toBe('LIMIT_EXCEEDED');
  });
});
