// Argument substitution in loaded instructions, after Claude Code's rules.
import { describe, expect, it } from 'vitest';
import { splitArguments, substituteArguments } from '../../src/agent/arguments.js';

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
