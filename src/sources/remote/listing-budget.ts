/**
 * A remote listing bounded as a whole: every byte it downloads and unpacks
 * is charged to one budget (`maxListingBytes`), so an index that lists many
 * artifacts — or one small archive many times — cannot multiply memory. Past
 * the budget the listing stops and is refused with `LIMIT_EXCEEDED`; the
 * loader then refuses that tier alone.
 * @module
 */
import { SkillError } from '../../format/errors.js';

/** The errors that end a whole listing, not one entry (an entry's own problems are diagnostics). */
const LISTING_ERRORS = new WeakSet<SkillError>();

/** Whether `error` ends the whole listing. */
export function isListingError(error: unknown): boolean {
  return error instanceof SkillError && LISTING_ERRORS.has(error);
}

/** A `LIMIT_EXCEEDED` that ends the whole listing. */
export function listingError(message: string): SkillError {
  const error = new SkillError('LIMIT_EXCEEDED', message);
  LISTING_ERRORS.add(error);
  return error;
}

/** What one listing may still download and unpack. */
export interface ListingBudget {
  /** Counts `bytes` against the budget; throws the listing's `LIMIT_EXCEEDED` once it is spent. */
  charge(bytes: number, what: string): void;
  /** Bytes charged so far. */
  readonly used: number;
  /** The error that ended the listing, once one did. */
  readonly exceeded: SkillError | undefined;
}

/** A budget of `maxBytes` for one listing of `source`; `onExceeded` runs once, when it is spent (to cancel the rest). */
export function createListingBudget(maxBytes: number, source: string, onExceeded: () => void): ListingBudget {
  let used = 0;
  let exceeded: SkillError | undefined;
  return {
    charge(bytes, what) {
      if (exceeded) throw exceeded;
      used += bytes;
      if (used <= maxBytes) return;
      exceeded = listingError(
        `Source ${source}: the listing passed maxListingBytes (${maxBytes} bytes downloaded and unpacked) at ${what}; the remote tier is not loaded.`,
      );
      onExceeded();
      throw exceeded;
    },
    get used() {
      return used;
    },
    get exceeded() {
      return exceeded;
    },
  };
}
