// Big listings: a load over maxSkills stops as soon as the count passes it, and parsing yields to the event loop.
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as parse from '../../src/format/parse.js';
import { memorySource, SkillLoader } from '../../src/index.js';
import { rejected } from '../support/errors.js';
import { skillMd } from '../support/skill-md.js';

// Counts the entries the loader parses, without changing what parsing does.
vi.mock('../../src/format/parse.js', async (original) => {
  const actual = await original<typeof import('../../src/format/parse.js')>();
  return { ...actual, parseSkill: vi.fn(actual.parseSkill) };
});
const parseCalls = (): number => vi.mocked(parse.parseSkill).mock.calls.length;
afterEach(() => vi.mocked(parse.parseSkill).mockClear());

function manyFiles(count: number, prefix = 's'): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i++) files[`${prefix}${i}/SKILL.md`] = skillMd(`${prefix}${i}`);
  return files;
}

/** Runs `work` while a setImmediate ticker counts how many turns the event loop got. */
async function countTurns<T>(work: () => Promise<T>, onTurn: (turns: number) => void = () => undefined): Promise<number> {
  let turns = 0;
  let running = true;
  const tick = (): void => {
    if (!running) return;
    onTurn(++turns);
    setImmediate(tick);
  };
  setImmediate(tick);
  const before = turns;
  try {
    await work();
  } catch {
    // the caller checks the outcome
  } finally {
    running = false;
  }
  return turns - before;
}

describe('maxSkills', () => {
  it('refuses as soon as the count passes the limit, without parsing the rest', async () => {
    const loader = new SkillLoader({ builtin: memorySource(manyFiles(2000)), limits: { maxSkills: 10 } });
    const error = await rejected(loader.loadAll());
    expect(error.code).toBe('LIMIT_EXCEEDED');
    expect(error.message).toContain('maxSkills (10)');
    expect(parseCalls()).toBe(11);
  });

  it('counts across tiers, and shadowed or skipped entries do not count', async () => {
    const a = memorySource({ ...manyFiles(6), 'bad/SKILL.md': '---\nname: bad\n---\nno description\n' });
    const b = memorySource({ ...manyFiles(6), ...manyFiles(1, 'x') });
    expect(await new SkillLoader({ builtin: [a, b], limits: { maxSkills: 7 } }).loadAll()).toHaveLength(7);
    expect((await rejected(new SkillLoader({ builtin: [a, b], limits: { maxSkills: 6 } }).loadAll())).code).toBe('LIMIT_EXCEEDED');
  });

  it('keeps the previous cache when a later load is refused', async () => {
    let files = manyFiles(3);
    const loader = new SkillLoader({
      builtin: { name: 'changing', list: (o) => memorySource(files).list(o), read: (p, o) => memorySource(files).read(p, o) },
      limits: { maxSkills: 5 },
    });
    await loader.loadAll();
    files = manyFiles(50);
    expect((await rejected(loader.loadAll())).code).toBe('LIMIT_EXCEEDED');
    expect(loader.size).toBe(3);
  });
});

describe('a big listing', () => {
  const files = manyFiles(3000);

  it('lets the event loop run while it is parsed', async () => {
    const loader = new SkillLoader({ builtin: memorySource(files) });
    const turns = await countTurns(() => loader.loadAll());
    expect(loader.size).toBe(3000);
    expect(turns).toBeGreaterThan(0);
  });

  it('can be aborted while it is parsed; the previous cache stays', async () => {
    const big = new SkillLoader({ builtin: memorySource(files) });
    await big.loadAll();
    const controller = new AbortController();
    let outcome: unknown;
    await countTurns(
      async () => {
        outcome = await rejected(big.loadAll(undefined, undefined, { signal: controller.signal }));
      },
      () => controller.abort(),
    );
    expect((outcome as { code?: string }).code).toBe('ABORTED');
    expect(big.size).toBe(3000);
    expect(parseCalls()).toBeLessThan(6000);
  });
});
