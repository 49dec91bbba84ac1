// Hostile SKILL.md input: each case ends in a located diagnostic and never in a throw or an evaluation.
import { describe, expect, it } from 'vitest';
import { parseSkill, type Diagnostic, type ParseOptions, type ParseResult } from '../../src/index.js';
import { skillMd } from '../support/skill-md.js';

// No timing assertions here (speed belongs to `npm run bench`): a hang or a blow-up is caught by the
// test timeout, and "refused before parsing" is shown by inputs that would fail to parse otherwise.
function parse(input: string | Uint8Array, options: ParseOptions = {}): ParseResult {
  return parseSkill(input, options);
}
const codes = (ds: readonly Diagnostic[]) => ds.map((d) => d.code);
const where = (d: Diagnostic | undefined) => d && [d.code, d.line, d.column];
const utf8 = (s: string) => new TextEncoder().encode(s);

describe('YAML aliases', () => {
  it('refuses a billion-laughs alias bomb', () => {
    const lol = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (const [i, n] of ['b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].entries()) {
      const prev = 'abcdefghi'[i] as string;
      lol.push(`${n}: &${n} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    for (const profile of ['runtime', 'spec'] as const) {
      const r = parse(skillMd('a', { description: 'x', front: lol.join('\n') + '\n', body: 'Body.' }), { profile });
      expect(r.skill).toBeUndefined();
      expect(codes(r.errors)).toEqual(['yaml-alias-limit']);
      // Somewhere inside the front matter (lines 2 to 12).
      expect(r.errors[0]?.line).toBeGreaterThanOrEqual(2);
      expect(r.errors[0]?.line).toBeLessThanOrEqual(12);
    }
  });
  it('refuses an alias inside the node it names (circular data) at the alias', () => {
    expect(where(parse(skillMd('a', { description: 'x', front: 'a: &a [*a]\n', body: 'Body.' })).errors[0])).toEqual(['yaml-alias-limit', 4, 8]);
    expect(where(parse(skillMd('a', { description: 'x', front: 'b:\n  c: &m\n    d: *m\n', body: 'Body.' })).errors[0])).toEqual(['yaml-alias-limit', 6, 8]);
  });
  it('reports an alias with no anchor at the alias', () => {
    expect(where(parse(skillMd('a', { description: 'x', front: 'a: *nope\n', body: 'Body.' })).errors[0])).toEqual(['invalid-yaml', 4, 4]);
  });
  it('still reads a few honest aliases', () => {
    const r = parse(skillMd('a', { description: 'x', front: 'x-base: &b {retries: 3}\nx-copy: *b\n', body: 'Body.' }));
    expect(r.skill?.extensions).toEqual({ 'x-base': { retries: 3 }, 'x-copy': { retries: 3 } });
  });
});

describe('size limits', () => {
  const tenMiB = 10 * 1024 * 1024;
  it('refuses a 10 MB string before reading it', () => {
    // Front matter that would be an error of its own if it were read.
    const r = parse(`---\na: [\n---\n${'x'.repeat(tenMiB)}`, {});
    expect(r.errors.map(where)).toEqual([['file-too-large', 0, 0]]);
    expect(r.warnings).toEqual([]);
  });
  it('refuses 10 MB of bytes before decoding them', () => {
    const bytes = new Uint8Array(tenMiB).fill(0xff);
    expect(parse(bytes, {}).errors.map(where)).toEqual([['file-too-large', 0, 0]]);
  });
  it('follows a custom maxFileBytes, counting UTF-8 bytes', () => {
    const text = skillMd('a', { description: 'x', front: '', body: 'é'.repeat(100) });
    const bytes = utf8(text).byteLength;
    expect(bytes).toBe(text.length + 100); // é is one UTF-16 unit but two bytes
    expect(codes(parse(text, { maxFileBytes: bytes - 1 }).errors)).toEqual(['file-too-large']);
    expect(codes(parse(utf8(text), { maxFileBytes: bytes - 1 }).errors)).toEqual(['file-too-large']);
    expect(parse(text, { maxFileBytes: bytes }).skill?.content).toBe('é'.repeat(100));
    expect(parse(utf8(text), { maxFileBytes: bytes }).skill?.content).toBe('é'.repeat(100));
  });
  it('parses a 200 KB file', () => {
    const body = ('Line of body text.\n'.repeat(10_000) + 'end').trim();
    const text = skillMd('a', { description: 'x', front: '', body });
    expect(utf8(text).byteLength).toBeGreaterThan(190_000);
    const r = parse(text);
    expect(r.errors).toEqual([]);
    expect(r.skill?.content).toBe(body);
    expect(codes(r.infos)).toEqual(['body-long']);
  });
  it('reads 20,000 keys, or 40,000 duplicate keys, in linear time', () => {
    const keys = Array.from({ length: 20_000 }, (_, i) => `k${i}: ${i}\n`).join('');
    // Past the 32 KiB front matter default, so that limit is lifted here.
    const r = parse(skillMd('a', { description: 'x', front: keys, body: 'Body.' }), { maxFrontmatterBytes: Infinity });
    expect(Object.keys(r.skill?.extensions ?? {})).toHaveLength(20_000);
    expect(r.infos[19_999]).toMatchObject({ code: 'unknown-field', line: 20_003, column: 1 });
    const dup = parse(skillMd('a', { description: 'x', front: 'k: 1\n'.repeat(40_000), body: 'Body.' }), { maxFrontmatterBytes: Infinity });
    expect(dup.errors).toHaveLength(39_999);
    expect(where(dup.errors[39_998])).toEqual(['duplicate-key', 40_003, 1]);
  });
});

describe('deep nesting', () => {
  it('refuses 10,000 nested flow sequences and maps at the 65th level', () => {
    // `a: ` takes 3 columns, so the first bracket is at column 4 and the 65th at column 68.
    expect(where(parse(skillMd('a', { description: 'x', front: `a: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`, body: 'Body.' })).errors[0])).toEqual([
      'yaml-too-deep',
      4,
      68,
    ]);
    const big = { maxFrontmatterBytes: Infinity }; // 50 KB of front matter
    expect(
      where(parse(skillMd('a', { description: 'x', front: `a: ${'{a: '.repeat(10_000)}1${'}'.repeat(10_000)}\n`, body: 'Body.' }), big).errors[0]),
    ).toEqual(['yaml-too-deep', 4, 4 + 64 * 4]);
  });
  it('refuses deeply nested block maps at the 65th level', () => {
    // Line 4 is `a:`; the map at depth i starts on line 4 + i, indented i spaces.
    let yaml = 'a:\n';
    for (let i = 1; i <= 100; i++) yaml += `${' '.repeat(i)}k:\n`;
    expect(where(parse(skillMd('a', { description: 'x', front: `${yaml}${' '.repeat(101)}v\n`, body: 'Body.' })).errors[0])).toEqual(['yaml-too-deep', 69, 66]);
  });
  it('refuses very deep block maps and sequences without throwing', () => {
    let yaml = 'a:\n';
    for (let i = 1; i <= 1500; i++) yaml += `${' '.repeat(i)}k:\n`;
    const deepMaps = parse(skillMd('a', { description: 'x', front: `${yaml}${' '.repeat(1501)}v\n`, body: 'Body.' }), {
      maxFileBytes: 2e6,
      maxFrontmatterBytes: 2e6,
    });
    expect(['yaml-too-deep', 'invalid-yaml']).toContain(deepMaps.errors[0]?.code);
    const deepSeqs = parse(skillMd('a', { description: 'x', front: `a:\n  ${'- '.repeat(10_000)}x\n`, body: 'Body.' }), {});
    expect(['yaml-too-deep', 'invalid-yaml']).toContain(deepSeqs.errors[0]?.code);
  });
  it('refuses nested complex keys quickly (the yaml package converts them in super-linear time)', () => {
    const r = parse(skillMd('a', { description: 'x', front: `a:\n  ${'? '.repeat(400)}x\n`, body: 'Body.' }), {});
    expect(r.skill).toBeUndefined();
    expect(where(parse(skillMd('a', { description: 'x', front: '? [a, b]\n: 1\n', body: 'Body.' })).errors[0])).toEqual(['invalid-yaml', 4, 3]);
  });
});

describe('prototype keys stay data', () => {
  const text = skillMd('a', {
    description: 'x',
    front:
      '__proto__:\n  polluted: yes\nconstructor:\n  prototype:\n    polluted: yes\nexecution:\n  __proto__:\n    maxSteps: 5\n' +
      'metadata:\n  __proto__:\n    tags: evil\n  constructor: "y"\n  toString: "z"\n',
    body: 'Body.',
  });
  it('keeps __proto__ and constructor as own properties and pollutes nothing', () => {
    const r = parse(text);
    const s = r.skill;
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(s).toBeDefined();
    expect(Object.hasOwn(s?.extensions ?? {}, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(s?.extensions, '__proto__')?.value).toEqual({ polluted: 'yes' });
    expect(Object.getOwnPropertyDescriptor(s?.extensions, 'constructor')?.value).toEqual({ prototype: { polluted: 'yes' } });
    expect(Object.getPrototypeOf(s?.extensions)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(s?.metadata, '__proto__')?.value).toEqual({ tags: 'evil' });
    expect(Object.getOwnPropertyDescriptor(s?.metadata, 'constructor')?.value).toBe('y');
    expect(s?.tags).toBeUndefined(); // not inherited through a replaced prototype
    expect(s?.execution).toEqual({});
    expect(r.infos.filter((d) => d.code === 'unknown-field').map((d) => [d.line, d.column])).toEqual([
      [4, 1],
      [6, 1],
    ]);
  });
  it('reports them as unknown (not as extension) fields in the spec profile', () => {
    const r = parse(skillMd('a', { description: 'x', front: '__proto__: 1\nconstructor: 2\ntoString: 3\n', body: 'Body.' }), { profile: 'spec' });
    expect(r.errors.map(where)).toEqual([
      ['unknown-field', 4, 1],
      ['unknown-field', 5, 1],
      ['unknown-field', 6, 1],
    ]);
  });
});

describe('nothing is evaluated', () => {
  const flag = '__satchelHostileFlag';
  it('refuses ---js and ---json front matter', () => {
    const js = `---js\nglobalThis.${flag} = true;\nmodule.exports = { name: 'a', description: 'x' };\n---\nBody\n`;
    const json = '---json\n{ "name": "a", "description": "x" }\n---\nBody\n';
    for (const text of [js, json]) {
      const r = parse(text);
      expect(r.skill).toBeUndefined();
      expect(r.errors.map(where)).toEqual([['non-yaml-frontmatter', 1, 4]]);
    }
    expect((globalThis as Record<string, unknown>)[flag]).toBeUndefined();
  });
  it('keeps !!js/function and custom tags as plain text with a yaml-warning', () => {
    const text = skillMd('a', { description: 'x', front: `run: !!js/function "function () { globalThis.${flag} = true }"\nother: !foo bar\n`, body: 'Body.' });
    const r = parse(text);
    expect(r.warnings.map(where)).toEqual([
      ['yaml-warning', 4, 6],
      ['yaml-warning', 5, 8],
    ]);
    expect(r.skill?.extensions).toEqual({ run: `function () { globalThis.${flag} = true }`, other: 'bar' });
    expect((globalThis as Record<string, unknown>)[flag]).toBeUndefined();
    const spec = parse('---\nname: a\ndescription: !foo Use it\n---\n', { profile: 'spec', folder: 'a' });
    expect(spec.warnings.map(where)).toEqual([['yaml-warning', 3, 14]]); // a spec verdict of invalid
  });
});

describe('bytes and characters', () => {
  it('reports a NUL at its line and column', () => {
    // `description: x` is 14 columns, so the NUL is column 15.
    expect(parse(skillMd('a', { description: 'x' }).replace('description: x', 'description: x\0')).errors.map(where)).toEqual([['nul-byte', 3, 15]]);
    expect(parse(utf8(skillMd('a', { description: 'x', front: '', body: 'ab\0' }))).errors.map(where)).toEqual([['nul-byte', 5, 3]]);
  });
  it('refuses invalid UTF-8', () => {
    const prefix = [...utf8('---\nname: a\ndescription: ')];
    const suffix = [...utf8('\n---\n')];
    for (const bad of [[0xff, 0xfe], [0xc0, 0xaf], [0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0x80]]) {
      const r = parse(Uint8Array.from([...prefix, ...bad, ...suffix]));
      expect(r.errors.map(where)).toEqual([['invalid-encoding', 0, 0]]);
    }
    expect(parse(Uint8Array.from([...prefix, 0xe2, 0x82, 0xac, ...suffix])).skill?.description).toBe('€');
  });
  it('refuses lone surrogates in a string', () => {
    for (const bad of ['\uD800', '\uDC00', '\uDC00\uD800', 'x\uDBFF']) {
      expect(parse(`---\nname: a\ndescription: ${bad}\n---\n`).errors.map(where)).toEqual([['invalid-encoding', 0, 0]]);
    }
    expect(parse('---\nname: a\ndescription: 😀\n---\n').skill?.description).toBe('😀');
  });
});

describe('the unquoted colon', () => {
  const classic = '---\nname: a\ndescription: Use when: the user asks\n---\nBody\n';
  it('is recovered with a warning in the runtime profile', () => {
    for (const text of [classic, classic.replace(/\n/g, '\r\n')]) {
      const r = parse(text, { folder: 'a' });
      expect(r.warnings.map(where)).toEqual([['yaml-unquoted-colon', 3, 14]]);
      expect(r.skill?.description).toBe('Use when: the user asks');
      expect(r.skill?.content).toBe('Body');
    }
  });
  it('is an error in the spec profile', () => {
    for (const text of [classic, classic.replace(/\n/g, '\r\n')]) {
      const r = parse(text, { folder: 'a', profile: 'spec' });
      expect(r.skill).toBeUndefined();
      expect(r.errors.map(where)).toEqual([['yaml-unquoted-colon', 3, 14]]);
    }
  });
  it('is recovered when the colon is on an indented continuation line', () => {
    const text = '---\nname: a\ndescription: Use this skill\n  when: the user asks\nlicense: MIT\n---\nBody\n';
    for (const t of [text, text.replace(/\n/g, '\r\n')]) {
      const r = parse(t, { folder: 'a' });
      expect(r.warnings.map(where)).toEqual([['yaml-unquoted-colon', 3, 14]]);
      expect(r.skill?.description).toBe('Use this skill when: the user asks');
      expect(r.skill?.license).toBe('MIT');
    }
  });
  it('keeps quotes and backslashes of the value', () => {
    const r = parse('---\nname: a\ndescription: Say "hi": then C:\\path\\to and \\"x\\"\n---\n', { folder: 'a' });
    expect(r.skill?.description).toBe('Say "hi": then C:\\path\\to and \\"x\\"');
    expect(codes(r.warnings)).toEqual(['yaml-unquoted-colon']);
  });
  it('reports each recovered value on its own line', () => {
    const r = parse('---\nname: a\ndescription: Use when: asked\ncompatibility: Needs: git\n---\n', { folder: 'a' });
    expect(r.warnings.map(where)).toEqual([
      ['yaml-unquoted-colon', 3, 14],
      ['yaml-unquoted-colon', 4, 16],
    ]);
    expect(r.skill?.compatibility).toBe('Needs: git');
  });
});
