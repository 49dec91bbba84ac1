// One skill's identity is its name, unforgeable: normalised duplicates are shadowed, look-alikes are refused, tiers are exactly three.
import { describe, expect, it } from 'vitest';
import { memorySource, parseSkill, SkillLoader, type Skill } from '../../src/index.js';
import type { SkillStoreItem } from '../../src/sources/store.js';
import { thrown } from '../support/errors.js';
import { skillMd } from '../support/skill-md.js';
import { searchStore, storeItems } from '../support/search-store.js';

const builtin = memorySource({ 'refunds/SKILL.md': skillMd('refunds', { body: 'The real refunds.' }) });
const userSkills = (...names: string[]): Record<string, SkillStoreItem[]> => ({
  'acme/ann/skills': storeItems(...names.map((n) => skillMd(n, { body: `Impostor ${JSON.stringify(n)}.` }))),
});

async function loadedWith(...names: string[]): Promise<SkillLoader> {
  const loader = new SkillLoader({ builtin, store: searchStore(userSkills(...names)) });
  await loader.loadAll('acme', 'ann');
  return loader;
}

describe('names that are the same after normalisation', () => {
  it.each([['Refunds'], ['refunds\u200B'], ['\u202Erefunds'], ['ｒｅｆｕｎｄｓ']])('%j is shadowed by the builtin refunds', async (name) => {
    const loader = await loadedWith(name);
    expect(loader.getAll().map((s) => s.name)).toEqual(['refunds']);
    const shadowed = loader.diagnostics.find((d) => d.code === 'shadowed');
    expect(shadowed?.message).toContain('are one name');
  });
});

describe('script look-alikes of an earlier name', () => {
  it.each([
    ['rеfunds (Cyrillic е)', 'rеfunds'],
    ['rеfυnds (Cyrillic е, Greek υ)', 'rеfυnds'],
  ])('%s is skipped with confusable-name naming both', async (_label, name) => {
    const loader = await loadedWith(name);
    expect(loader.getAll().map((s) => s.name)).toEqual(['refunds']);
    const d = loader.diagnostics.find((x) => x.code === 'confusable-name');
    expect(d?.severity).toBe('error');
    expect(d?.message).toContain(`"${name}"`);
    expect(d?.message).toContain('"refunds"');
  });

  it('keeps a name that only shares a script with nothing loaded', async () => {
    const loader = await loadedWith('отчёт');
    expect(loader.getAll().map((s) => s.name)).toEqual(['refunds', 'отчёт']);
  });
});

describe('upsert', () => {
  const parsed = (name: string, source: Skill['source']): Skill => {
    const skill = parseSkill(skillMd(name), { source }).skill;
    if (!skill) throw new Error('fixture does not parse');
    return skill;
  };

  it.each([['constructor'], ['__proto__'], ['Builtin'], ['toString'], [undefined]])(
    'refuses a skill whose source is %j (INVALID_INPUT) and keeps the builtin',
    async (source) => {
      const loader = await loadedWith();
      const forged = { ...parsed('refunds', 'user'), source } as unknown as Skill;
      expect(thrown(() => loader.upsert(forged)).code).toBe('INVALID_INPUT');
      expect(loader.getByName('refunds')?.content).toBe('The real refunds.');
    },
  );

  it.each([['Refunds'], ['refunds\u200B'], ['rеfunds']])('refuses %j from a later tier next to the builtin refunds (CONFLICT)', async (name) => {
    const loader = await loadedWith();
    expect(thrown(() => loader.upsert(parsed(name, 'user'))).code).toBe('CONFLICT');
    expect(loader.getAll().map((s) => s.name)).toEqual(['refunds']);
  });

  it('validates the skill like a SKILL.md: wrong field types are dropped, an unsafe file refuses it', async () => {
    const loader = await loadedWith();
    loader.upsert({ ...parsed('orders', 'user'), examples: 42 } as unknown as Skill);
    expect(loader.getByName('orders')?.examples).toBeUndefined();
    const unsafe = { ...parsed('files', 'user'), files: [{ path: '/etc/passwd', size: 1, isText: true, digest: 'sha256:00' }] };
    const error = thrown(() => loader.upsert(unsafe));
    expect(error.code).toBe('INVALID_SKILL');
    expect(error.diagnostics.map((d) => d.code)).toContain('unsafe-path');
  });

  it('still replaces a skill of its own tier', async () => {
    const loader = await loadedWith('orders');
    loader.upsert({ ...parsed('orders', 'user'), description: 'Orders, replaced by an upsert.' });
    expect(loader.getByName('orders')?.description).toBe('Orders, replaced by an upsert.');
  });
});
