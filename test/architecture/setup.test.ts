// Setup that tells the truth: the Node versions the README states per entry are the ones package.json and the
// dependencies declare, and the test command installs Chromium without recommended packages.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_APT_INSTALL } from '../../scripts/ensure-install.mjs';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
  dependencies: Record<string, string>;
};
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The lowest version a `>=x.y.z` range allows, as [major, minor, patch]; anything else is refused. */
export function floorOf(range: string): [number, number, number] {
  const m = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  if (!m) throw new Error(`not a plain >= range: ${range}`);
  return [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
}

function atLeast(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return true;
}

function enginesOf(name: string): string | undefined {
  const file = new URL(`../../node_modules/${name}/package.json`, import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { engines?: { node?: string } }).engines?.node;
}

function readmeRow(entry: string): string {
  const row = readme.split('\n').find((line) => line.startsWith(`| \`${entry}\` |`));
  if (!row) throw new Error(`README.md's install table has no row for ${entry}`);
  return row;
}

describe('the Node versions', () => {
  it('package.json and the README name the same floor for the core', () => {
    const [major, minor] = floorOf(pkg.engines.node);
    expect(readme).toContain(`Node ≥ ${major}.${minor}`);
  });

  it('every runtime dependency runs on that floor', () => {
    const floor = floorOf(pkg.engines.node);
    const above = Object.keys(pkg.dependencies).filter((name) => {
      const range = enginesOf(name);
      return range !== undefined && !atLeast(floor, floorOf(range.replace(/\.x$/, '')));
    });
    expect(above).toEqual([]);
  });

  it('satchel/ai-sdk is said to need what ai declares', () => {
    const [major] = floorOf(enginesOf('ai') ?? '>=0');
    expect(readmeRow('satchel/ai-sdk')).toContain(`Node ≥ ${major}`);
  });

  it('reads only plain floors', () => {
    expect(floorOf('>= 20.19.0')).toEqual([20, 19, 0]);
    expect(() => floorOf('^20')).toThrow(/plain/);
    expect(atLeast([20, 19, 0], [22, 0, 0])).toBe(false);
  });
});

describe('installing Chromium', () => {
  it('asks apt for no recommended packages', () => {
    expect(CHROMIUM_APT_INSTALL).toContain('--no-install-recommends');
    expect(CHROMIUM_APT_INSTALL.slice(-1)).toEqual(['chromium']);
  });
});
