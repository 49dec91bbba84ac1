// Name identity (NFKC, case folding, invisible characters) and look-alikes (Unicode confusables).
import { describe, expect, it } from 'vitest';
import { confusableKey, nameKey } from '../../src/shared/names.js';

describe('nameKey', () => {
  it.each([
    ['Refunds', 'case'],
    ['REFUNDS', 'case'],
    ['refunds\u200B', 'zero-width space'],
    ['re\u200Dfunds', 'zero-width joiner'],
    ['\u202Erefunds', 'bidi override'],
    ['refunds\u2066', 'bidi isolate'],
    ['re\u00ADfunds', 'soft hyphen'],
    ['\uFEFFrefunds', 'BOM'],
    ['ｒｅｆｕｎｄｓ', 'fullwidth (NFKC)'],
    ['𝐫𝐞𝐟𝐮𝐧𝐝𝐬', 'mathematical bold (NFKC)'],
    [' refunds ', 'surrounding space'],
  ])('%s is refunds (%s)', (name) => {
    expect(nameKey(name)).toBe(nameKey('refunds'));
  });

  it('folds ß to ss, as full case folding does', () => {
    expect(nameKey('straße')).toBe(nameKey('STRASSE'));
  });

  it('keeps other letters apart: a Cyrillic е, an accent, a digit', () => {
    for (const other of ['rеfunds', 'réfunds', 'refund5', 'refunds-2']) expect(nameKey(other)).not.toBe(nameKey('refunds'));
  });
});

describe('confusableKey', () => {
  it.each([
    ['rеfunds', 'Cyrillic е'],
    ['refundѕ', 'Cyrillic ѕ'],
    ['rеfυnds', 'Cyrillic е and Greek υ'],
    ['ρdf', 'Greek ρ'],
    ['ΡDF', 'Greek capital Ρ, folded'],
    ['Rеfunds\u200B', 'case, Cyrillic е and a zero-width space'],
  ])('%s looks like refunds or pdf (%s)', (name) => {
    const target = name.toLowerCase().includes('df') ? 'pdf' : 'refunds';
    expect(confusableKey(name)).toBe(confusableKey(target));
    expect(nameKey(name)).not.toBe(nameKey(target));
  });

  it('is a function of nameKey: names that are one skill look the same', () => {
    expect(confusableKey('Refunds\u200B')).toBe(confusableKey('refunds'));
  });

  it('leaves names without look-alikes as their nameKey', () => {
    for (const name of ['pdf-tools', 'café', 'データ']) expect(confusableKey(name)).toBe(nameKey(name));
  });
});
