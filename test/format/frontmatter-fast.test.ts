// The front matter fast path against `yaml`: whenever it answers, it gives exactly what the YAML reader gives —
// the same data, key locations and scalar sources, and no problem the YAML reader would have reported — and
// everything it does not fully understand goes to `yaml`.
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateSkills } from '../../bench/generate.js';
import { readPlainFrontmatter, type PlainRead } from '../../src/format/yaml/plain-read.js';
import { splitFrontmatter } from '../../src/format/frontmatter.js';
import { keyOffset, nonTextKeys, readYaml, scalarSource } from '../../src/format/yaml/read.js';
import { directorySource } from '../../src/node/index.js';

/** Every key path of `data` (top level and one level down), as the field rules ask for them. */
function pathsOf(data: Record<string, unknown>): string[][] {
  const paths: string[][] = [];
  for (const [key, value] of Object.entries(data)) {
    paths.push([key], [key, 'absent']);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) for (const inner of Object.keys(value)) paths.push([key, inner]);
  }
  return [...paths, ['absent']];
}

/** Fails unless the fast read of `text` is what `yaml` reads. */
function expectSameAsYaml(text: string, fast: PlainRead): void {
  const slow = readYaml(text);
  expect(slow.problems).toEqual([]);
  expect(fast.data).toEqual(slow.data);
  // Prototypes and own properties too (`toStrictEqual` reads an own `constructor` key as the class).
  expect(isDeepStrictEqual(fast.data, slow.data)).toBe(true);
  for (const path of pathsOf(fast.data)) {
    expect(fast.keyOffset(path)).toBe(keyOffset(slow.doc, path));
    expect(fast.scalarSource(path)).toBe(scalarSource(slow.doc, path));
    expect([...fast.nonTextKeys(path)]).toEqual([...nonTextKeys(slow.doc, path)]);
  }
  if (fast.data['name'] !== undefined) expect(fast.keyOffset('name')).toBe(keyOffset(slow.doc, 'name'));
}

const KEYS = [
  'name',
  'description',
  'metadata',
  'license',
  'allowed-tools',
  'intents',
  'k_1',
  'x-y',
  'null',
  'True',
  'on',
  'yes',
  '__proto__',
  'constructor',
  '1a',
  'a b',
  'a:b',
  '-k',
  '"q"',
];
// Pieces of values that YAML reads in a special way, or not at all.
const RISKY = [
  ': ',
  ':',
  ' #',
  '#',
  '- ',
  '-',
  '? ',
  ',',
  '[',
  ']',
  '{',
  '}',
  '&a',
  '*a',
  '!',
  '!!str ',
  '|',
  '>',
  '%',
  '@',
  '`',
  '~',
  '.',
  '+',
  '0',
  '1.5',
  '0x1F',
  '.inf',
  '2024-01-01',
  '1e3',
  '-1.5e-3',
  '0o17',
  '0b1',
  '1_000',
  '12:30',
  '1.0.0',
  '+1',
  '.5',
  '07',
  'NaN',
  '.NaN',
  'Infinity',
  '2024-01-01T10:00:00Z',
  'yes',
  'no',
  'null',
  'Null',
  'true',
  'FALSE',
  'on',
  'y',
  '"',
  "'",
  '\\',
  '\\n',
  '\t',
  '\r',
  '\u00a0',
  '\u2028',
  '\u0085',
  '\ufeff',
  'é',
  '✓',
  '😀',
  ' ',
  '  ',
];
// Mostly ordinary words, so that many texts are plain enough to answer; a risky piece now and then.
const word = fc.oneof(
  { arbitrary: fc.constantFrom(...RISKY), weight: 1 },
  { arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 6 }), weight: 1 },
  { arbitrary: fc.constantFrom('pdf', 'Use when', ' tools', 'Read ', 'a', 'Zoë', 'x-y'), weight: 6 },
);
const key = fc.oneof({ arbitrary: fc.constantFrom(...KEYS), weight: 1 }, { arbitrary: fc.constantFrom('name', 'description', 'k_1', 'x-y'), weight: 3 });
const valueText = fc.array(word, { minLength: 0, maxLength: 4 }).map((parts) => parts.join(''));
const scalarLine = fc
  .tuple(valueText, fc.constantFrom('plain', 'plain', 'plain', 'double', 'single'), fc.constantFrom('', '', ' ', '  '))
  .map(([v, style, pad]) => (style === 'double' ? `"${v}"${pad}` : style === 'single' ? `'${v}'${pad}` : `${v}${pad}`));
const indent = fc.constantFrom(' ', '  ', '  ', '  ', '    ', '\t');
const nested = fc.oneof(
  fc.tuple(indent, fc.array(scalarLine, { minLength: 0, maxLength: 3 })).map(([ind, items]) => items.map((v) => `${ind}- ${v}`)),
  fc.tuple(indent, fc.array(fc.tuple(key, scalarLine), { minLength: 0, maxLength: 3 })).map(([ind, pairs]) => pairs.map(([k, v]) => `${ind}${k}: ${v}`)),
  fc.array(fc.tuple(indent, scalarLine), { minLength: 1, maxLength: 3 }).map((lines) => lines.map(([ind, v]) => `${ind}${v}`)),
);
const flowItem = fc.oneof({ arbitrary: fc.constantFrom('pdf', 'a b', 'x-y', 'v1.2', 'Zoë', '_k'), weight: 3 }, { arbitrary: word, weight: 1 });
const flowList = fc
  .tuple(fc.array(flowItem, { minLength: 0, maxLength: 4 }), fc.constantFrom(', ', ',', ' , '), fc.constantFrom('', ' ', ','))
  .map(([items, sep, end]) => `[${items.join(sep)}${end}]`);
const blockScalar = fc
  .tuple(fc.constantFrom('|', '|-', '>', '>-', '>+', '|2', '> #c'), fc.array(fc.tuple(indent, valueText, fc.boolean()), { minLength: 0, maxLength: 3 }))
  .map(([header, lines]) => [header, ...lines.map(([ind, v, blank]) => (blank ? `\n${ind}${v}` : `${ind}${v}`))]);
const entry = fc.oneof(
  { arbitrary: fc.tuple(key, fc.constantFrom(': ', ': ', ':  ', ':', ' : '), scalarLine).map(([k, sep, v]) => [`${k}${sep}${v}`]), weight: 6 },
  { arbitrary: fc.tuple(key, nested).map(([k, lines]) => [`${k}:`, ...lines]), weight: 2 },
  { arbitrary: fc.tuple(key, flowList, fc.boolean()).map(([k, list, inner]) => (inner ? ['metadata:', `  ${k}: ${list}`] : [`${k}: ${list}`])), weight: 2 },
  { arbitrary: fc.tuple(key, blockScalar).map(([k, [header, ...lines]]) => [`${k}: ${header}`, ...lines]), weight: 2 },
  { arbitrary: fc.constantFrom(['# a comment'], [''], ['  '], ['...'], ['- item']), weight: 1 },
);
const frontmatter = fc
  .tuple(fc.array(entry, { minLength: 1, maxLength: 5 }), fc.constantFrom('\n', '\n', '\n', '\r\n'), fc.boolean())
  .map(([entries, eol, final]) => entries.flat().join(eol) + (final ? eol : ''));

describe('readPlainFrontmatter', () => {
  it('gives what yaml gives whenever it answers (differential, generated front matter)', () => {
    let answered = 0;
    fc.assert(
      fc.property(frontmatter, (text) => {
        const fast = readPlainFrontmatter(text);
        if (fast === undefined) return;
        answered++;
        expectSameAsYaml(text, fast);
      }),
      { numRuns: 3000 },
    );
    // Not vacuous: a good share of the generated texts are plain enough to answer.
    expect(answered).toBeGreaterThan(100);
  });

  it('answers for the usual shapes, with the values yaml reads', () => {
    const text =
      'name: pdf-tools\ndescription: "Merges PDFs. Use when asked"\nlicense: \'MIT\'\nmetadata:\n  author: Zoë Müller\n  version: "1.0"\nallowed-tools:\n  - Read\n  - Bash(git:*)\n';
    const fast = readPlainFrontmatter(text);
    expect(fast?.data).toStrictEqual({
      name: 'pdf-tools',
      description: 'Merges PDFs. Use when asked',
      license: 'MIT',
      metadata: { author: 'Zoë Müller', version: '1.0' },
      'allowed-tools': ['Read', 'Bash(git:*)'],
    });
    expectSameAsYaml(text, fast as PlainRead);
  });

  it.each([
    ['folded, stripped', 'description: >-\n  Converts PDF files. Use when\n  asked # not a comment\nname: a\n'],
    ['folded, clipped', 'description: >\n  one\n  two\n\nname: a\n'],
    ['literal, stripped', 'description: |-\n  - one\n  "two"\n'],
    ['flow list', 'tags: [pdf, x-y, a b, v1.2]\nmetadata:\n  tags: []\n'],
    ['literal, clipped', 'description: |\n   deep: one\n   two\n'],
  ])('reads a %s value as yaml does', (_what, text) => {
    const fast = readPlainFrontmatter(text);
    expect(fast).toBeDefined();
    expectSameAsYaml(text, fast as PlainRead);
  });

  it('keeps a non-breaking space at the end of a value, as yaml does', () => {
    const text = 'name: a\u00a0\ndescription: "b\u00a0"\n';
    const fast = readPlainFrontmatter(text);
    expect(fast?.data).toEqual({ name: 'a\u00a0', description: 'b\u00a0' });
    expectSameAsYaml(text, fast as PlainRead);
  });

  it.each([
    ['a comment', 'name: a # note\n'],
    ['a comment line', '# head\nname: a\n'],
    ['a flow list with a quoted item', 'tags: [a, "b"]\n'],
    ['a nested flow list', 'tags: [a, [b]]\n'],
    ['a flow list with an empty item', 'tags: [a, , b]\n'],
    ['a flow list with a number', 'tags: [a, 1]\n'],
    ['a flow list with a word yaml reads as a boolean', 'tags: [a, true]\n'],
    ['a flow list with a comment after it', 'tags: [a] # c\n'],
    ['a flow map', 'metadata: {a: 1}\n'],
    ['an anchor and an alias', 'a: &x v\nb: *x\n'],
    ['a tag', 'name: !!str 5\n'],
    ['a kept block scalar', 'description: >+\n  kept\n'],
    ['an indentation indicator', 'description: |2\n  kept\n'],
    ['a comment after a block header', 'description: > # c\n  x\n'],
    ['a blank line inside a block scalar', 'description: >-\n  a\n\n  b\n'],
    ['a more-indented line in a block scalar', 'description: >-\n  a\n    b\n'],
    ['a trailing space in a block scalar', 'description: |-\n  a \n  b\n'],
    ['a clipped block scalar with no final line break', 'description: >\n  a'],
    ['a nested block scalar', 'metadata:\n  a: |\n    x\n'],
    ['a multi-line plain value', 'description: one\n  two\n'],
    ['yes', 'flag: yes\n'],
    ['no', 'flag: No\n'],
    ['null', 'x: null\n'],
    ['~', 'x: ~\n'],
    ['an empty value', 'x:\nname: a\n'],
    ['a number', 'version: 1.0\n'],
    ['an exponent', 'n: 1e3\n'],
    ['a number in a list', 'list:\n  - 42\n'],
    ['a hex number', 'n: 0x1F\n'],
    ['infinity', 'n: .inf\n'],
    ['a date', 'date: 2024-01-01\n'],
    ['a boolean', 'ok: true\n'],
    ['an escape', 'description: "a\\nb"\n'],
    ['a quote inside quotes', "description: 'it''s'\n"],
    ['CRLF', 'name: a\r\n'],
    ['a tab', 'name:\ta\n'],
    ['a duplicate key', 'name: a\nname: b\n'],
    ['a nested duplicate key', 'metadata:\n  a: x\n  a: y\n'],
    ['a __proto__ key', '__proto__: x\n'],
    ['a colon in the value', 'description: Use when: asked\n'],
    ['uneven nesting', 'metadata:\n  a: x\n   b: y\n'],
    ['deeper nesting', 'metadata:\n  a:\n    b: y\n'],
    ['a list item that is a map', 'list:\n  - a: b\n'],
    ['a line separator', 'name: a\u2028b\n'],
    ['a directive', '%YAML 1.2\nname: a\n'],
    ['a document end', 'name: a\n...\n'],
    ['nothing', ''],
  ])('leaves %s to yaml', (_what, text) => {
    expect(readPlainFrontmatter(text)).toBeUndefined();
  });

  it('gives what yaml gives on every real-world and generated front matter it answers', async () => {
    const texts: string[] = generateSkills(300, { seed: 11 }).map((s) => s.frontmatter);
    const { entries } = await directorySource('test/fixtures/corpus').list();
    for (const e of entries) {
      const raw =
        typeof e.text === 'string'
          ? e.text
          : e.text === undefined
            ? readFileSync(`test/fixtures/corpus/${e.dir}/${e.fileName ?? 'SKILL.md'}`, 'utf8')
            : new TextDecoder().decode(e.text);
      const framed = splitFrontmatter(raw.replace(/^\uFEFF/, ''));
      if ('frame' in framed) texts.push(framed.frame.yaml);
    }
    let answered = 0;
    for (const text of texts) {
      const fast = readPlainFrontmatter(text);
      if (fast === undefined) continue;
      answered++;
      expectSameAsYaml(text, fast);
    }
    expect(answered).toBeGreaterThan(texts.length / 3);
  });
});
