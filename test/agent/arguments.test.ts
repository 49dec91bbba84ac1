// Argument substitution in loaded instructions, after Claude Code's rules.
import { describe, expect, it } from 'vitest';
import { createSkillSet, defineSkill } from '../../src/index.js';
import { splitArguments, substituteArguments } from '../../src/agent/arguments.js';
import { rejected, thrown } from '../support/errors.js';

describe('splitArguments', () => {
  it.each([
    ['a b  c', ['a', 'b', 'c']],
    ['"My Button" React \'Vue 3\'', ['My Button', 'React', 'Vue 3']],
    ['say "a \\"quoted\\" word"', ['say', 'a "quoted" word']],
    ["'it''s'", ['its']],
    ['a\\ b c', ['a b', 'c']],
    ['"" x', ['', 'x']],
    ['  ', []],
    ['"unclosed text', ['unclosed text']],
    ['tab\tand\nnewline', ['tab', 'and', 'newline']],
  ])('%j → %j', (input, expected) => {
    expect(splitArguments(input)).toEqual(expected);
  });
});

describe('substituteArguments', () => {
  it('fills $ARGUMENTS with the string as given, quotes included', () => {
    expect(substituteArguments('Fix issue $ARGUMENTS now.', '"42" high')).toBe('Fix issue "42" high now.');
  });

  it('fills $ARGUMENTS[N] and $N from the 0-based shell-like split', () => {
    const text = 'Migrate $0 from $ARGUMENTS[1] to $2.';
    expect(substituteArguments(text, '"Search Bar" React Vue')).toBe('Migrate Search Bar from React to Vue.');
  });

  it('leaves a missing positional empty', () => {
    expect(substituteArguments('[$0][$1][$ARGUMENTS[5]]', 'only')).toBe('[only][][]');
  });

  it('appends ARGUMENTS: when the text has no placeholder', () => {
    expect(substituteArguments('Review the change.', 'src/a.ts --strict')).toBe('Review the change.\n\nARGUMENTS: src/a.ts --strict');
  });

  it('appends nothing for blank arguments', () => {
    expect(substituteArguments('Review the change.', '   ')).toBe('Review the change.');
    expect(substituteArguments('Fix $ARGUMENTS.', '')).toBe('Fix .');
  });

  it('returns the text as written when no arguments are given', () => {
    expect(substituteArguments("awk '{print $1}' and $ARGUMENTS", undefined)).toBe("awk '{print $1}' and $ARGUMENTS");
  });

  it('substitutes in one pass: an argument holding a placeholder stays as typed', () => {
    expect(substituteArguments('[$0] [$1]', '$1 $ARGUMENTS')).toBe('[$1] [$ARGUMENTS]');
  });

  it('does not read $ARGUMENTSX or $ARGUMENTS_x as the placeholder, and reads $10 as index 10', () => {
    expect(substituteArguments('$ARGUMENTSX $ARGUMENTS_x', 'a')).toBe('$ARGUMENTSX $ARGUMENTS_x\n\nARGUMENTS: a');
    expect(substituteArguments('$10|$1', 'a b c d e f g h i j k')).toBe('k|b');
  });

  it('does not treat $ in the replacement specially', () => {
    expect(substituteArguments('cost: $0', "$& $' $$")).toBe('cost: $&');
  });
});

describe('substituted size', () => {
  it('refuses, as LIMIT_EXCEEDED, instructions that would pass 256 KiB: never a RangeError, never 480 million characters', () => {
    const e = thrown(() => substituteArguments('$0'.repeat(120_000), 'a'.repeat(4000)));
    expect(e.code).toBe('LIMIT_EXCEEDED');
    expect(e.message).toContain('480000000 bytes');
    expect(e.message).toContain('262144');
    // Past the largest string the engine can build, still the same error.
    expect(thrown(() => substituteArguments('$ARGUMENTS'.repeat(26_000), 'a'.repeat(100_000))).code).toBe('LIMIT_EXCEEDED');
  });
  it('counts UTF-8 bytes, each placeholder form and the appended ARGUMENTS line, to the byte', () => {
    const cases: [string, string][] = [
      ['$ARGUMENTS and $ARGUMENTS[1] and $0', 'é 😀x'],
      ['no placeholder', 'ünï'],
      ['[$0][$9]', '"a b" c'],
    ];
    for (const [body, args] of cases) {
      const out = substituteArguments(body, args, Number.POSITIVE_INFINITY);
      const bytes = new TextEncoder().encode(out).byteLength;
      expect(substituteArguments(body, args, bytes)).toBe(out);
      expect(thrown(() => substituteArguments(body, args, bytes - 1)).code).toBe('LIMIT_EXCEEDED');
    }
  });
  it("applies to skills.load, with the set's maxFileBytes", async () => {
    const skill = defineSkill({ name: 'echo', description: 'Echo the arguments back.', instructions: 'Say $ARGUMENTS $ARGUMENTS.' });
    const load = createSkillSet([skill], { maxFileBytes: 1000 }).tools.find((t) => t.id === 'skills.load');
    if (!load) throw new Error('no skills.load tool');
    await expect(load.run({ name: 'echo', arguments: 'x'.repeat(400) })).resolves.toMatchObject({ name: 'echo' });
    expect((await rejected(load.run({ name: 'echo', arguments: 'x'.repeat(600) }))).code).toBe('LIMIT_EXCEEDED');
  });
});
