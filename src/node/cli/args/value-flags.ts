/**
 * The flags that take a value and are not limits (`--threshold 0.4`): what
 * each sets, the values it takes, and its help line.
 * @module
 */

/** A value flag that is not a limit. */
export type ValueFlag = '--threshold';

/** One value flag's shape. */
interface ValueFlagSpec {
  /** The `CliFlags` key it sets. */
  readonly key: 'threshold';
  /** How help shows the flag with its value. */
  readonly shown: string;
  /** The values it takes, as messages say it. */
  readonly takes: string;
  /** What it does, for help. */
  readonly help: string;
  /** The value, or `undefined` when `text` is not one it takes. */
  readonly parse: (text: string) => number | undefined;
}

/** The value flags, in the order help lists them. */
export const VALUE_FLAGS: Readonly<Record<ValueFlag, ValueFlagSpec>> = {
  '--threshold': {
    key: 'threshold',
    shown: '--threshold <n>',
    takes: 'a number from 0 to 1',
    help: 'Activate a search hit at this score or more (0 to 1), instead of the decision rule.',
    parse: parseShare,
  },
};

/** True when `name` is a value flag. */
export function isValueFlag(name: string): name is ValueFlag {
  return Object.hasOwn(VALUE_FLAGS, name);
}

/** A number from 0 to 1 in decimal digits (`0`, `0.4`, `.4`, `1`); `undefined` otherwise (NaN, `-0.1`, `2`, `1e-1`). */
export function parseShare(text: string): number | undefined {
  // Digits only: `Number` would take '', ' ', '0x1' and 'Infinity'-like spellings a person did not mean as a share.
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(text)) return undefined;
  const value = Number(text);
  return value <= 1 ? value : undefined;
}
