// The hand-written version ranges published plugins are selected by: the npm forms it reads, and the ones it refuses.
import { describe, expect, it } from 'vitest';
import { compareVersions, highestSatisfying, parseRange, parseVersion, satisfies } from '../../src/shared/semver.js';

const VERSIONS = ['0.1.0', '0.1.5', '0.2.0', '1.0.0', '1.2.0', '1.2.9', '1.3.0-rc.1', '1.3.0', '1.10.2', '2.0.0-beta.2', '2.0.0', '3.1.4'];

function matching(range: string): string[] {
  const parsed = parseRange(range);
  if (parsed === undefined) throw new Error(`unreadable range ${range}`);
  return VERSIONS.filter((v) => satisfies(parseVersion(v) ?? parseVersion('0.0.0')!, parsed));
}

describe('version ranges', () => {
  it.each([
    ['1.2.0', ['1.2.0']],
    ['=1.3.0-rc.1', ['1.3.0-rc.1']],
    ['^1.2.0', ['1.2.0', '1.2.9', '1.3.0', '1.10.2']],
    ['^0.1.0', ['0.1.0', '0.1.5']],
    ['^0.0.3', []],
    ['~1.2.0', ['1.2.0', '1.2.9']],
    ['~1', ['1.0.0', '1.2.0', '1.2.9', '1.3.0', '1.10.2']],
    ['1.x', ['1.0.0', '1.2.0', '1.2.9', '1.3.0', '1.10.2']],
    ['1.2.*', ['1.2.0', '1.2.9']],
    ['*', ['0.1.0', '0.1.5', '0.2.0', '1.0.0', '1.2.0', '1.2.9', '1.3.0', '1.10.2', '2.0.0', '3.1.4']],
    ['>=1.3.0 <3.0.0', ['1.3.0', '1.10.2', '2.0.0']],
    ['>= 1.3.0 < 3', ['1.3.0', '1.10.2', '2.0.0']],
    ['>1.2', ['1.3.0', '1.10.2', '2.0.0', '3.1.4']],
    ['<=1.2', ['0.1.0', '0.1.5', '0.2.0', '1.0.0', '1.2.0', '1.2.9']],
    ['^0.2.0 || ^3.0.0', ['0.2.0', '3.1.4']],
    ['^1.3.0-rc.1', ['1.3.0-rc.1', '1.3.0', '1.10.2']],
    ['^2.0.0-beta.1', ['2.0.0-beta.2', '2.0.0']],
  ])('%s takes %j (a prerelease only when the range names one of the same version)', (range, expected) => {
    expect(matching(range)).toEqual(expected);
  });

  it('refuses what it does not read', () => {
    for (const range of ['1.x.3', '^', '1.2.3 - 2.0.0', 'latest', '>=a', '1.2.3.4', '~>1.2']) expect(parseRange(range), range).toBeUndefined();
    for (const version of ['1.2', '01.2.3', '1.2.3-01', 'v', '1.2.3-']) expect(parseVersion(version), version).toBeUndefined();
  });

  it('orders versions as semver does, and picks the highest match', () => {
    const order = ['1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-alpha.beta', '1.0.0-beta', '1.0.0-beta.2', '1.0.0-beta.11', '1.0.0-rc.1', '1.0.0'];
    for (let i = 1; i < order.length; i++) expect(compareVersions(parseVersion(order[i - 1]!)!, parseVersion(order[i]!)!), order[i]).toBe(-1);
    expect(compareVersions(parseVersion('1.0.0+build.5')!, parseVersion('1.0.0')!)).toBe(0);
    expect(highestSatisfying(VERSIONS, '^1.0.0')).toBe('1.10.2');
    expect(highestSatisfying(VERSIONS, '~0.1.0')).toBe('0.1.5');
    expect(highestSatisfying(VERSIONS, '^4.0.0')).toBeUndefined();
    expect(highestSatisfying(VERSIONS, 'nonsense')).toBeUndefined();
  });
});
