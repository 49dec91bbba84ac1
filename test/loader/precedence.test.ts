// Precedence over all four tiers: builtin, org store, user store, subagent specs.
import { describe, expect, it } from 'vitest';
import { SkillLoader, memorySource } from '../../src/index.js';
import { skillMd } from '../support/skill-md.js';
import { searchStore, storeItems } from '../support/search-store.js';

const TIERS = ['builtin', 'org', 'user', 'subagent'] as const;
type TierName = (typeof TIERS)[number];

function loaderWith(holders: readonly TierName[]): SkillLoader {
  const marker = (tier: TierName): string => `Body from ${tier}.`;
  const builtinFiles: Record<string, string> = { 'other/SKILL.md': skillMd('other') };
  if (holders.includes('builtin')) builtinFiles['x/SKILL.md'] = skillMd('x', { body: marker('builtin') });
  const store = searchStore({
    'acme/skills': holders.includes('org') ? storeItems(skillMd('x', { body: marker('org') })) : [],
    'acme/ann/skills': holders.includes('user') ? storeItems(skillMd('x', { body: marker('user') })) : [],
  });
  const subagentSpecs = holders.includes('subagent')
    ? [{ name: 'x', description: 'Subagent x for tests.', tools: ['search'], maxSteps: 3, timeout: 1000, systemPromptSuffix: marker('subagent') }]
    : [];
  return new SkillLoader({ builtin: memorySource(builtinFiles), store, subagentSpecs });
}

const subsets: TierName[][] = [];
for (let mask = 1; mask < 1 << TIERS.length; mask++) subsets.push(TIERS.filter((_, i) => mask & (1 << i)));

describe('precedence matrix', () => {
  it.each(subsets.map((s) => [s.join('+'), s] as const))('%s: first tier wins, the rest are shadowed', async (_label, holders) => {
    const loader = loaderWith(holders);
    await loader.loadAll('acme', 'ann');
    const winner = holders[0] as TierName;
    const skill = loader.getByName('x');
    expect(skill?.content).toBe(`Body from ${winner}.`);
    expect(skill?.source).toBe(winner === 'subagent' ? 'builtin' : winner);
    expect(skill?.activation).toBe(winner === 'subagent' ? 'manual' : 'auto');
    const shadowed = loader.diagnostics.filter((d) => d.code === 'shadowed');
    expect(shadowed).toHaveLength(holders.length - 1);
    for (const d of shadowed) expect(d.message).toMatch(/"x" from .+ is shadowed by the one from .+/);
    expect(loader.size).toBe(2);
  });
});

describe('store namespaces', () => {
  it('reads [orgId, "skills"] then [orgId, userId, "skills"]', async () => {
    const store = searchStore({ 'acme/skills': storeItems(skillMd('a')), 'acme/ann/skills': storeItems(skillMd('b')) });
    const loader = new SkillLoader({ store });
    const skills = await loader.loadAll('acme', 'ann');
    expect(store.calls.map((c) => c.namespace.join('/'))).toEqual(['acme/skills', 'acme/ann/skills']);
    expect(skills.map((s) => [s.name, s.source])).toEqual([
      ['a', 'org'],
      ['b', 'user'],
    ]);
  });

  it('skips the store without an org, and the user tier without a user', async () => {
    const store = searchStore({ 'acme/skills': storeItems(skillMd('a')) });
    const loader = new SkillLoader({ store });
    expect(await loader.loadAll()).toEqual([]);
    expect((await loader.loadAll('acme')).map((s) => s.name)).toEqual(['a']);
    expect(store.calls.map((c) => c.namespace.join('/'))).toEqual(['acme/skills']);
  });

  it('reads at most perNamespace skills and says how many were left', async () => {
    const items = Array.from({ length: 7 }, (_, i) => skillMd(`s${i}`));
    const loader = new SkillLoader({ store: searchStore({ 'acme/skills': storeItems(...items) }, { honourLimit: false }), limits: { perNamespace: 5 } });
    const skills = await loader.loadAll('acme');
    expect(skills).toHaveLength(5);
    const warning = loader.diagnostics.find((d) => d.code === 'namespace-limit');
    expect(warning?.severity).toBe('warning');
    expect(warning?.message).toMatch(/\b2\b/);
  });

  it('defaults perNamespace to 50', async () => {
    const items = Array.from({ length: 60 }, (_, i) => skillMd(`s${i}`));
    const loader = new SkillLoader({ store: searchStore({ 'acme/skills': storeItems(...items) }) });
    expect(await loader.loadAll('acme')).toHaveLength(50);
  });
});
