// nameKey and confusableKey take a shortcut for names of the spec's own alphabet (lower-case ASCII letters, digits,
// `-`): such a name is its own key and its own look. The shortcut must give what the full computation gives.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { confusableKey, nameKey } from '../../src/shared/names.js';

/** nameKey's full computation, written out here: NFKC, invisible characters removed, trimmed, case folded, NFKC. */
function fullNameKey(name: string): string {
  const invisible = /\p{Default_Ignorable_Code_Point}/gu;
  const visible = name.normalize('NFKC').replace(invisible, '').trim();
  return visible.toUpperCase().toLowerCase().normalize('NFKC').replace(invisible, '');
}

const PLAIN = 'abcdefghijklmnopqrstuvwxyz0123456789-';
const plainName = fc.string({ unit: fc.constantFrom(...PLAIN), minLength: 0, maxLength: 64 });

describe('nameKey and confusableKey of plain names', () => {
  it('a plain name is its own key, as the full computation says (generated)', () => {
    fc.assert(
      fc.property(plainName, (name) => {
        expect(fullNameKey(name)).toBe(name);
        expect(nameKey(name)).toBe(name);
        expect(confusableKey(name)).toBe(name);
      }),
      { numRuns: 2000 },
    );
  });

  it('no character of the plain alphabet has a look-alike mapping (the full path, through an invisible character)', () => {
    // A zero-width space sends the name down the full path; it is removed there, and the look mapping is applied.
    for (const c of PLAIN) expect(confusableKey(`${c}\u200B`)).toBe(c);
    expect(confusableKey('pdf-tools\u200B')).toBe(confusableKey('pdf-tools'));
  });

  it('names outside the plain alphabet still take the full path', () => {
    expect(nameKey('PDF-Tools')).toBe('pdf-tools');
    expect(nameKey(' pdf ')).toBe('pdf');
    expect(confusableKey('рdf')).toBe('pdf'); // Cyrillic р
    expect(nameKey('pdf_tools')).toBe(fullNameKey('pdf_tools'));
  });
});
