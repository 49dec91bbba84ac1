/**
 * Semantic versions and the ranges a published plugin is selected by, small
 * and hand-written (no dependency): versions `MAJOR.MINOR.PATCH` with an
 * optional `-prerelease` and `+build`, ranges of the common npm forms — an
 * exact version (`1.2.3`, `=1.2.3`), `^1.2.3`, `~1.2.3`, X-ranges (`1.x`,
 * `1.2.*`, `1`, `*`), comparators (`>=1.2.0`, `>1.2.0`, `<2.0.0`, `<=2.0.0`),
 * comparators side by side (all must hold) and alternatives joined by `||`.
 * Hyphen ranges (`1.0.0 - 2.0.0`) are not read. As in npm, a prerelease
 * version satisfies a range only when a comparator of it names a prerelease
 * of the same `MAJOR.MINOR.PATCH` (`^1.2.3-beta.1` takes `1.2.3-beta.2`, `^1.2.0`
 * never takes `1.3.0-rc.1`).
 * @module
 */

/** A parsed version. */
export interface Version {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
  /** The dot-separated prerelease identifiers (`['rc', '1']`), empty for a release. */
  readonly prerelease: readonly string[];
}

type Op = '>=' | '>' | '<' | '<=' | '=';
interface Comparator {
  readonly op: Op;
  readonly version: Version;
}
/** A parsed range: alternatives, each a set of comparators that must all hold (an empty set takes any release). */
export type VersionRange = readonly (readonly Comparator[])[];

const NUMBER = '(0|[1-9]\\d*)';
const IDENT = '[0-9A-Za-z-]+';
const VERSION = new RegExp(`^v?${NUMBER}\\.${NUMBER}\\.${NUMBER}(?:-(${IDENT}(?:\\.${IDENT})*))?(?:\\+${IDENT}(?:\\.${IDENT})*)?$`);
const PARTIAL = /^v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:-([0-9A-Za-z.-]+))?$/;
const MAX_TEXT = 256;

/** The version `text` spells, or `undefined` when it is not `MAJOR.MINOR.PATCH[-pre][+build]` (a leading `v` allowed). */
export function parseVersion(text: string): Version | undefined {
  if (text.length > MAX_TEXT) return undefined;
  const m = VERSION.exec(text.trim());
  if (!m) return undefined;
  const pre = m[4] === undefined ? [] : m[4].split('.');
  if (pre.some((p) => /^0\d+$/.test(p))) return undefined;
  const [major, minor, patch] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (![major, minor, patch].every(Number.isSafeInteger)) return undefined;
  return { major, minor, patch, prerelease: pre };
}

/** Negative when `a` comes before `b`, positive after, 0 when they are one version (build metadata is ignored). */
export function compareVersions(a: Version, b: Version): number {
  const core = a.major - b.major || a.minor - b.minor || a.patch - b.patch;
  if (core !== 0) return Math.sign(core);
  // A release comes after its prereleases.
  if (a.prerelease.length === 0 || b.prerelease.length === 0) return Math.sign(b.prerelease.length) - Math.sign(a.prerelease.length);
  for (let i = 0; i < Math.max(a.prerelease.length, b.prerelease.length); i++) {
    const x = a.prerelease[i];
    const y = b.prerelease[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x === y) continue;
    const nx = /^\d+$/.test(x);
    const ny = /^\d+$/.test(y);
    if (nx && ny) return Math.sign(Number(x) - Number(y));
    if (nx !== ny) return nx ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

/** The range `text` spells, or `undefined` when it is not one of the forms this module reads. */
export function parseRange(text: string): VersionRange | undefined {
  if (text.length > MAX_TEXT) return undefined;
  const sets: Comparator[][] = [];
  for (const alternative of text.split('||')) {
    const set: Comparator[] = [];
    // `>= 1.2.0` is read as `>=1.2.0`.
    const words = alternative
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
      .split(/\s+/)
      .filter((w) => w !== '');
    for (const word of words) {
      const read = comparatorsOf(word);
      if (read === undefined) return undefined;
      set.push(...read);
    }
    sets.push(set);
  }
  return sets;
}

/** True when `version` satisfies `range`. */
export function satisfies(version: Version, range: VersionRange): boolean {
  return range.some((set) => {
    if (!set.every((c) => holds(version, c))) return false;
    if (version.prerelease.length === 0) return true;
    return set.some((c) => c.version.prerelease.length > 0 && sameCore(c.version, version));
  });
}

/** The highest of `versions` (texts) that satisfies `range` (a text), or `undefined` when none does or the range is unreadable. */
export function highestSatisfying(versions: readonly string[], range: string): string | undefined {
  const parsed = parseRange(range);
  if (parsed === undefined) return undefined;
  let best: { text: string; version: Version } | undefined;
  for (const text of versions) {
    const version = parseVersion(text);
    if (version === undefined || !satisfies(version, parsed)) continue;
    if (best === undefined || compareVersions(version, best.version) > 0) best = { text, version };
  }
  return best?.text;
}

function holds(v: Version, c: Comparator): boolean {
  const order = compareVersions(v, c.version);
  if (c.op === '=') return order === 0;
  if (c.op === '>=') return order >= 0;
  if (c.op === '>') return order > 0;
  if (c.op === '<=') return order <= 0;
  return order < 0;
}

function sameCore(a: Version, b: Version): boolean {
  return a.major === b.major && a.minor === b.minor && a.patch === b.patch;
}

const version = (major: number, minor: number, patch: number, prerelease: readonly string[] = []): Version => ({ major, minor, patch, prerelease });

/** One word of a range (`^1.2.3`, `>=1.0.0`, `1.x`) as the comparators it stands for. */
function comparatorsOf(word: string): Comparator[] | undefined {
  const op = /^(>=|<=|>|<|=|\^|~)?(.*)$/.exec(word);
  const prefix = op?.[1] ?? '';
  const m = PARTIAL.exec(op?.[2] ?? '');
  if (!m) return undefined;
  const wild = (part: string | undefined): boolean => part === undefined || /^[xX*]$/.test(part);
  const [ma, mi, pa] = [m[1], m[2], m[3]];
  // A wildcard only at the end: `1.x.3` is not a range.
  if ((wild(ma) && !(wild(mi) && wild(pa))) || (wild(mi) && !wild(pa))) return undefined;
  const pre = m[4] === undefined ? [] : m[4].split('.');
  const nums = [ma, mi, pa].map((p) => (wild(p) ? undefined : Number(p)));
  if (nums.some((n) => n !== undefined && !Number.isSafeInteger(n))) return undefined;
  if (pre.length > 0 && (nums[2] === undefined || pre.some((p) => p === ''))) return undefined;
  const [major, minor, patch] = nums;
  if (major === undefined) return prefix === '<' || prefix === '>' ? [{ op: '<', version: version(0, 0, 0) }] : [];
  if (prefix === '^') return caret(major, minor, patch, pre);
  if (prefix === '~') return tilde(major, minor, patch, pre);
  if (prefix === '' || prefix === '=') return xRange(major, minor, patch, pre);
  return comparison(prefix as Op, major, minor, patch, pre);
}

function xRange(major: number, minor: number | undefined, patch: number | undefined, pre: readonly string[]): Comparator[] {
  if (minor === undefined)
    return [
      { op: '>=', version: version(major, 0, 0) },
      { op: '<', version: version(major + 1, 0, 0) },
    ];
  if (patch === undefined)
    return [
      { op: '>=', version: version(major, minor, 0) },
      { op: '<', version: version(major, minor + 1, 0) },
    ];
  return [{ op: '=', version: version(major, minor, patch, pre) }];
}

function caret(major: number, minor: number | undefined, patch: number | undefined, pre: readonly string[]): Comparator[] {
  const low = { op: '>=' as const, version: version(major, minor ?? 0, patch ?? 0, pre) };
  if (major > 0 || minor === undefined) return [low, { op: '<', version: version(major + 1, 0, 0) }];
  if (minor > 0 || patch === undefined) return [low, { op: '<', version: version(0, minor + 1, 0) }];
  return [low, { op: '<', version: version(0, 0, patch + 1) }];
}

function tilde(major: number, minor: number | undefined, patch: number | undefined, pre: readonly string[]): Comparator[] {
  const low = { op: '>=' as const, version: version(major, minor ?? 0, patch ?? 0, pre) };
  return minor === undefined ? [low, { op: '<', version: version(major + 1, 0, 0) }] : [low, { op: '<', version: version(major, minor + 1, 0) }];
}

/** `>=1.2`, `<2`, …: a partial version is filled the way npm fills it (`>1.2` is `>=1.3.0`, `<=1.2` is `<1.3.0`). */
function comparison(op: Op, major: number, minor: number | undefined, patch: number | undefined, pre: readonly string[]): Comparator[] {
  if (minor !== undefined && patch !== undefined) return [{ op, version: version(major, minor, patch, pre) }];
  const next = minor === undefined ? version(major + 1, 0, 0) : version(major, minor + 1, 0);
  const base = version(major, minor ?? 0, 0);
  if (op === '>') return [{ op: '>=', version: next }];
  if (op === '<=') return [{ op: '<', version: next }];
  return [{ op, version: base }];
}
