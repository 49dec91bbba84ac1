// The front matter fast path reads double-quoted values whose only escapes are `\"` and `\\` (what `JSON.stringify`
// writes for a quote or a backslash, and how many real descriptions quote a word): it must give exactly what `yaml`
// gives for them, and leave every other escape, and every quote left unescaped, to `yaml`.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPlainFrontmatter, type PlainRead } from '../../src/format/yaml/plain-read.js';
import { keyOffset, readYaml, scalarSource } from '../../src/format/yaml/read.js';
import { parseSkill } from '../../src/format/parse.js';

/** Fails unless the fast read of `text` is what `yaml` reads (data, key offsets, scalar sources). */
function expectSameAsYaml(text: string, fast: PlainRead): void {
  const slow = readYaml(text);
  expect(slow.problems).toEqual([]);
  expect(isDeepStrictEqual(fast.data, slow.data)).toBe(true);
  for (const key of Object.keys(fast.data)) {
    expect(fast.keyOffset(key)).toBe(keyOffset(slow.doc, key));
    expect(fast.scalarSource([key])).toBe(scalarSource(slow.doc, [key]));
  }
}

// Text with quotes and backslashes in it, and now and then a character YAML escapes or reads otherwise.
const piece = fc.oneof(
  { arbitrary: fc.constantFrom('"', '\\', '\\"', '"\\', 'say "hi"', 'C:\\temp', '\\\\'), weight: 3 },
  { arbitrary: fc.constantFrom('Use when', ' ', ': ', ' #', '#', "'", 'é', '✓', '😀', '[a]', '{b}', '&x', '*y', '!'), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 5 }), weight: 2 },
);
const text = fc.array(piece, { minLength: 1, maxLength: 6 }).map((parts) => parts.join(''));

describe('readPlainFrontmatter: double-quoted values with \\" and \\\\', () => {
  it('reads JSON-quoted descriptions as yaml does (differential, generated)', () => {
    let answered = 0;
    fc.assert(
      fc.property(text, fc.constantFrom('', '  '), (value, pad) => {
        const yaml = `name: quoted-skill\ndescription: ${JSON.stringify(value)}${pad}\n`;
        const fast = readPlainFrontmatter(yaml);
        if (fast === undefined) return;
        answered++;
        expectSameAsYaml(yaml, fast);
        expect(fast.data['description']).toBe(value);
      }),
      { numRuns: 2000 },
    );
    // Not vacuous: most of these are read by the fast path (JSON.stringify writes other escapes for control characters only).
    expect(answered).toBeGreaterThan(1500);
  });

  it('gives what yaml gives whenever it answers, for raw double-quoted text (differential, generated)', () => {
    fc.assert(
      fc.property(text, (raw) => {
        const yaml = `description: "${raw}"\nmetadata:\n  note: "${raw}"\nlist:\n  - "${raw}"\n`;
        const fast = readPlainFrontmatter(yaml);
        if (fast !== undefined) expectSameAsYaml(yaml, fast);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['an escaped quote', 'description: "Say \\"hi\\" first"\n', 'Say "hi" first'],
    ['an escaped backslash', 'description: "C:\\\\temp\\\\x"\n', 'C:\\temp\\x'],
    ['a backslash before the closing quote', 'description: "ends in \\\\"\n', 'ends in \\'],
    ['both in a list item', 'list:\n  - "a \\"b\\" \\\\ c"\n', undefined],
    ['both in a nested value', 'metadata:\n  note: "\\"x\\""\n', undefined],
  ])('reads %s', (_what, yaml, description) => {
    const fast = readPlainFrontmatter(yaml);
    expect(fast).toBeDefined();
    expectSameAsYaml(yaml, fast as PlainRead);
    if (description !== undefined) expect(fast?.data['description']).toBe(description);
  });

  it.each([
    ['\\n', 'description: "a\\nb"\n'],
    ['\\t', 'description: "a\\tb"\n'],
    ['\\u', 'description: "caf\\u00e9"\n'],
    ['\\/', 'description: "a\\/b"\n'],
    ['\\ (space)', 'description: "a\\ b"\n'],
    ['an escaped closing quote (the value does not end)', 'description: "open \\"\n'],
    ['a lone backslash at the end', 'description: "a\\"\n'],
    ['a quote left unescaped', 'description: "a"b"\n'],
    ['text after the closing quote', 'description: "a\\"b" c\n'],
    ['a comment after the value', 'description: "a\\"b" # c\n'],
  ])('leaves %s to yaml', (_what, yaml) => {
    expect(readPlainFrontmatter(yaml)).toBeUndefined();
  });

  it('parses a SKILL.md with such a description to the same skill and digest as the yaml path', () => {
    const description = 'Fills "PDF" forms from C:\\forms. Use when asked to "fill" a form.';
    const quoted = `---\nname: pdf-forms\ndescription: ${JSON.stringify(description)}\n---\n\n# PDF forms\n`;
    // A comment line sends the same front matter to `yaml`: the two reads must give one skill.
    const viaYaml = `---\n# via yaml\nname: pdf-forms\ndescription: ${JSON.stringify(description)}\n---\n\n# PDF forms\n`;
    const fast = parseSkill(quoted, { folder: 'pdf-forms' });
    const slow = parseSkill(viaYaml, { folder: 'pdf-forms' });
    expect(fast.errors).toEqual([]);
    expect(fast.skill?.description).toBe(description);
    expect(fast.skill?.digest).toBe(slow.skill?.digest);
    expect(fast.skill?.description).toBe(slow.skill?.description);
  });
});
