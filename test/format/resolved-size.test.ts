// The front matter with its aliases expanded may not be larger than maxFileBytes: counted on the document before
// any value is built, so the work stops at the alias that passes the limit, and the diagnostic points at it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSkill, type Diagnostic } from '../../src/index.js';
import { skillMd } from '../support/skill-md.js';

const where = (d: Diagnostic | undefined) => d && [d.code, d.line, d.column];

/** `examples` with `anchors` anchored strings of `length` characters, each aliased `aliases` times. */
function aliasedExamples(anchors: number, length: number, aliases: number): string {
  let yaml = 'examples:\n';
  for (let a = 0; a < anchors; a++) {
    yaml += `  - &a${a} "${'x'.repeat(length)}"\n`;
    for (let i = 0; i < aliases; i++) yaml += `  - *a${a}\n`;
  }
  return yaml;
}

describe('resolved size of the front matter', () => {
  it('refuses aliases that multiply a 200 KB file into millions of characters, at the alias that passes the limit', () => {
    const text = skillMd('a', { front: aliasedExamples(80, 1900, 99) });
    expect(text.length).toBeLessThan(256 * 1024);
    const r = parseSkill(text, { folder: 'a', maxFrontmatterBytes: Infinity });
    expect(r.skill).toBeUndefined();
    expect(r.errors.map((d) => d.code)).toEqual(['yaml-alias-limit']);
    expect(r.errors[0]?.message).toContain('maxFileBytes (262144)');
    // 8,000 items count one each, and each 1,900 characters: the 134th passes 262,144, on line 138, column 5.
    expect(where(r.errors[0])).toEqual(['yaml-alias-limit', 138, 5]);
  });
  it('refuses one 20,000-key map aliased once when the two copies pass the limit', () => {
    let map = 'x-map: &m\n';
    for (let i = 0; i < 20_000; i++) map += `  k${i}: 1\n`;
    const options = { folder: 'a', maxFrontmatterBytes: Infinity };
    const r = parseSkill(skillMd('a', { front: `${map}x-copy: *m\n` }), options);
    expect(where(r.errors[0])).toEqual(['yaml-alias-limit', 20_005, 9]);
    // The same map alone is fine: without aliases the resolved size never passes the text's.
    expect(parseSkill(skillMd('a', { front: map }), options).errors).toEqual([]);
  });
  it('refuses an alias bomb within the default front matter limit', () => {
    const front = aliasedExamples(10, 1900, 99);
    expect(front.length).toBeLessThan(32 * 1024);
    const r = parseSkill(skillMd('a', { front }), { folder: 'a' });
    // 1,000 items count one each, then 1,900 per item: the 138th passes 262,144.
    expect(where(r.errors[0])).toEqual(['yaml-alias-limit', 142, 5]);
  });
  it('follows a custom maxFileBytes', () => {
    const text = skillMd('a', { front: aliasedExamples(1, 100, 5) });
    expect(parseSkill(text, { folder: 'a', maxFileBytes: 1000 }).skill?.examples).toHaveLength(6);
    const r = parseSkill(text, { folder: 'a', maxFileBytes: 400 });
    expect(where(r.errors[0])).toEqual(['yaml-alias-limit', 8, 5]);
  });
  it('never refuses alias-free front matter that fits the file limit', () => {
    // Without aliases the resolved size is at most the text's length, whatever the YAML: flow and block
    // collections, empty values, escapes, numbers and tags.
    const piece = fc.constantFrom(
      '[a, b]',
      '{a: 1, b: [2, 3]}',
      '',
      '~',
      '"\\u0041\\x41\\L"',
      '1e400',
      '0x1F',
      '.inf',
      '!!set {a, b}',
      '[[], {}]',
      '- x\n  - y',
      "'a''b'",
      '|\n    a\n    b',
      '!!binary aGVsbG8=',
    );
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 12 }), (values) => {
        const front = values.map((v, i) => `x${i}:${v.startsWith('-') ? '\n  ' : ' '}${v}\n`).join('');
        const text = skillMd('a', { front });
        const r = parseSkill(text, { folder: 'a', maxFileBytes: new TextEncoder().encode(text).byteLength, maxFrontmatterBytes: Infinity });
        expect(r.errors.filter((d) => d.code === 'yaml-alias-limit')).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});

describe('front matter size', () => {
  it('refuses front matter over 32 KiB before parsing it, at the opening line', () => {
    // Lines that would each be a YAML error if they were read.
    const front = 'k: [\n'.repeat(6600);
    expect(front.length).toBeGreaterThan(32 * 1024);
    const r = parseSkill(skillMd('a', { front }), { folder: 'a' });
    expect(r.errors.map(where)).toEqual([['frontmatter-too-large', 1, 1]]);
    expect(r.errors[0]?.message).toContain('32768 bytes');
  });
  it('counts UTF-8 bytes and follows maxFrontmatterBytes', () => {
    // `name: a\n` and `description: "é…é"\n`: 124 characters, 224 bytes.
    const text = skillMd('a', { description: 'é'.repeat(100) });
    expect(parseSkill(text, { folder: 'a', maxFrontmatterBytes: 224 }).skill?.description).toBe('é'.repeat(100));
    expect(parseSkill(text, { folder: 'a', maxFrontmatterBytes: 223 }).errors.map((d) => d.code)).toEqual(['frontmatter-too-large']);
  });
});
