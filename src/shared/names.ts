/**
 * A skill's identity is its name, and a name must not be forgeable by
 * spelling it differently. Two keys decide when names are "the same":
 * {@link nameKey} (same after NFKC, case folding and removal of invisible
 * characters: one skill, the later one is shadowed) and
 * {@link confusableKey} (same after mapping script look-alikes, such as a
 * Cyrillic `е` for a Latin `e`, onto Latin: a different skill posing as
 * another, which the loader refuses).
 * @module
 */

/**
 * Characters that show nothing: every default-ignorable code point
 * (zero-width space and joiners, bidi controls U+200E/F, U+202A–E,
 * U+2066–9, U+061C, soft hyphen, variation selectors, BOM, …).
 */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * Cyrillic, Greek and Armenian lower-case letters that look like one Latin
 * letter or digit, with that letter: the single-character `MA` entries of
 * Unicode's confusables data whose source is one of these scripts and whose
 * target is ASCII. Source: https://www.unicode.org/Public/security/latest/confusables.txt
 * (UTS #39, Unicode Security Mechanisms). Only lower-case letters are needed:
 * keys are case-folded before the mapping.
 */
const LOOK_ALIKES: ReadonlyMap<string, string> = new Map([
  // Greek
  ['\u03B1', 'a'], // α
  ['\u03B3', 'y'], // γ
  ['\u03B9', 'i'], // ι
  ['\u03BD', 'v'], // ν
  ['\u03BF', 'o'], // ο
  ['\u03C1', 'p'], // ρ
  ['\u03C3', 'o'], // σ
  ['\u03C5', 'u'], // υ
  ['\u03F1', 'p'], // ϱ
  ['\u03F2', 'c'], // ϲ
  ['\u03F3', 'j'], // ϳ
  // Cyrillic
  ['\u0430', 'a'], // а
  ['\u0431', '6'], // б
  ['\u0433', 'r'], // г
  ['\u0435', 'e'], // е
  ['\u043E', 'o'], // о
  ['\u0440', 'p'], // р
  ['\u0441', 'c'], // с
  ['\u0443', 'y'], // у
  ['\u0445', 'x'], // х
  ['\u0455', 's'], // ѕ
  ['\u0456', 'i'], // і
  ['\u0458', 'j'], // ј
  ['\u0461', 'w'], // ѡ
  ['\u0475', 'v'], // ѵ
  ['\u04AF', 'y'], // ү
  ['\u04BB', 'h'], // һ
  ['\u04BD', 'e'], // ҽ
  ['\u04CF', 'i'], // ӏ
  ['\u0501', 'd'], // ԁ
  ['\u051B', 'q'], // ԛ
  ['\u051D', 'w'], // ԝ
  // Armenian
  ['\u0570', 'h'], // հ
  ['\u0578', 'n'], // ո
  ['\u057C', 'n'], // ռ
  ['\u057D', 'u'], // ս
  ['\u0581', 'g'], // ց
  ['\u0584', 'f'], // ք
  ['\u0585', 'o'], // օ
]);

/** Text that is its own {@link nameKey} and {@link confusableKey}: lower-case ASCII letters, digits and `-`. */
const PLAIN_NAME = /^[a-z0-9-]*$/;

/**
 * The identity of a name: NFKC, invisible characters removed, surrounding
 * white space trimmed, case folded (full upper- then lower-casing, so `ß`
 * and `ss` meet), then NFKC again. Names with the same key are one skill.
 *
 * @example
 * ```ts
 * nameKey('Refunds') === nameKey('refunds\u200B') // true
 * nameKey('rеfunds') === nameKey('refunds')       // false: a Cyrillic е is another letter
 * ```
 */
export function nameKey(name: string): string {
  // A name of the spec's own alphabet (lower-case ASCII letters, digits, `-`) is its own key: NFKC, case folding and
  // the invisible characters leave such text as it is. Nearly every name is one, and a load asks for thousands.
  if (PLAIN_NAME.test(name)) return name;
  const visible = name.normalize('NFKC').replace(INVISIBLE, '').trim();
  return visible.toUpperCase().toLowerCase().normalize('NFKC').replace(INVISIBLE, '');
}

/**
 * The look of a name: its {@link nameKey} with script look-alikes mapped
 * onto the Latin letters they imitate. Names with the same look but another
 * identity are confusable. A function of `nameKey`, so names that are one
 * skill always look the same.
 *
 * @example
 * ```ts
 * confusableKey('rеfunds') === confusableKey('refunds') // true (Cyrillic е)
 * ```
 */
export function confusableKey(name: string): string {
  // No look-alike is ASCII, so a plain name (its own key) is its own look too.
  if (PLAIN_NAME.test(name)) return name;
  let out = '';
  for (const char of nameKey(name)) out += LOOK_ALIKES.get(char) ?? char;
  return out;
}

/** A character a mention (`/name`, `$name`) can spell after the first: a letter, a digit, `_`, `.`, `:` or `-`. */
const MENTION_CHAR = /^[\p{L}\p{N}_.:-]$/u;
/** A mention's first character: a letter or a digit. */
const MENTION_FIRST = /^[\p{L}\p{N}]$/u;

/**
 * The characters of `name` that no mention can spell, each once, in order of first appearance: anything but
 * letters, digits, `_`, `.`, `:` and `-`, and a first character that is not a letter or digit. Empty when
 * `/name` can be typed (routing's mention pattern reads the same alphabet).
 */
export function unmentionableCharacters(name: string): string[] {
  const bad = new Set<string>();
  [...name].forEach((ch, i) => {
    if (!(i === 0 ? MENTION_FIRST : MENTION_CHAR).test(ch)) bad.add(ch);
  });
  return [...bad];
}

const CHARACTER_NAMES: Readonly<Record<string, string>> = {
  ' ': 'space',
  '\t': 'tab',
  '\n': 'line break',
  '\u00a0': 'no-break space',
  '/': 'slash',
  '\\': 'backslash',
};

/** Characters for a message: each quoted, with a name where it would not show (`" " (space)`), joined by commas. */
export function describeCharacters(chars: readonly string[]): string {
  return chars
    .map((ch) => {
      const named = CHARACTER_NAMES[ch];
      const code = ch.codePointAt(0) ?? 0;
      if (named) return `"${ch}" (${named})`;
      if (code < 0x20 || /\p{Default_Ignorable_Code_Point}|\p{White_Space}/u.test(ch)) return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
      return `"${ch}"`;
    })
    .join(', ');
}
