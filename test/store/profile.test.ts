// The strict profile means strict, and a name that can never be mentioned is never saved, in any profile.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { findTool } from '../../src/agent/adapters.js';
import { runTool } from '../../src/agent/grants.js';
import type { SkillTool } from '../../src/agent/tools.js';
import { parseSkill } from '../../src/index.js';
import { createMemoryStore, createWriteTools, exportDigest, openIndexedDbStore, type SkillStore } from '../../src/store/index.js';
import { rejected } from '../support/errors.js';
import { skillMd } from '../support/skill-md.js';

const NS = ['acme', 'ann', 'skills'];
// Upper case: a warning in the runtime profile, an error in the spec's.
const upper = skillMd('Meeting-Notes', { description: 'Summarise meetings into decisions and action items.' });
const unmentionable = '---\nname: Bad Name!\ndescription: A skill whose name has a space and a bang in it.\n---\nDo it.\n';

const stores: [string, (profile?: 'spec' | 'runtime') => Promise<SkillStore>][] = [
  ['memory', (profile) => Promise.resolve(createMemoryStore(profile ? { profile } : {}))],
  ['IndexedDB', (profile) => openIndexedDbStore({ name: `profile-${Math.random()}`, ...(profile ? { profile } : {}) })],
];

describe.each(stores)('a %s store', (_, open) => {
  it("opened with profile 'spec' refuses what the spec calls invalid, storing nothing", async () => {
    const store = await open('spec');
    const error = await rejected(store.put(NS, upper));
    expect(error.code).toBe('INVALID_SKILL');
    expect(error.diagnostics?.map((d) => d.code)).toContain('name-format');
    expect(await store.list(NS)).toEqual([]);
  });

  it('in the default profile saves it with its warning, and a spec write of it is refused', async () => {
    const store = await open();
    expect((await rejected(store.put(NS, upper, { profile: 'spec' }))).code).toBe('INVALID_SKILL');
    expect((await store.put(NS, upper)).revision).toBe(1);
  });

  it.each(['spec', 'runtime'] as const)('in the %s profile refuses a name that can never be mentioned, naming its characters', async (profile) => {
    const store = await open(profile);
    const error = await rejected(store.put(NS, unmentionable));
    expect(error.code).toBe('INVALID_SKILL');
    expect(error.message).toContain('" " (space), "!"');
    // The spec profile's parser refuses it first (naming the same characters); the runtime one gets the fix hint.
    if (profile === 'runtime') expect(error.message).toContain('`bad-name`');
    expect(await store.list(NS)).toEqual([]);
  });
});

describe('the write tools', () => {
  // The structured-format seed's rule: the tools store the sanitised name (and return it), so what an agent writes
  // is always mentionable; the store under them refuses an unmentionable name from any other caller.
  it('store a name that can never be mentioned in its sanitised form, and say so in the result', async () => {
    const store = createMemoryStore();
    const set = findTool(createWriteTools(store, { namespace: NS }), 'skills.set') as SkillTool;
    const input = { name: 'Bad Name!', description: 'Summarise meetings into decisions and action items.', body: 'List each decision. '.repeat(20) };
    const result = (await runTool(set, input, { grants: ['tool:skills.set', 'skills:write'] })) as { name: string };
    expect(result.name).toBe('bad-name');
    expect((await store.list(NS)).map((s) => s.name)).toEqual(['bad-name']);
  });
});

describe('loading such a skill in the runtime profile', () => {
  it('keeps its warning, which names every problem and the characters', () => {
    const { skill, warnings } = parseSkill(unmentionable, { profile: 'runtime' });
    expect(skill?.name).toBe('Bad Name!');
    const message = warnings.find((d) => d.code === 'name-format')?.message ?? '';
    expect(message).toContain('must be lower-case');
    expect(message).toContain('" " (space), "!"');
    expect(message).toContain('can never be mentioned as /Bad Name!');
  });
});

describe('an export holding a name stored before the mention rule', () => {
  it('still imports (history is kept), while a new put of that name is refused', async () => {
    const source = createMemoryStore();
    await source.put(NS, skillMd('okay-name'));
    const exported = await source.exportNamespace(NS);
    const text = skillMd('_draft');
    const digest = parseSkill(text).skill?.digest as string;
    const skill = exported.skills[0] as (typeof exported.skills)[number];
    const revision = { ...(skill.revisions[0] as (typeof skill.revisions)[number]), text, digest };
    const old = { ...exported, skills: [{ ...skill, name: '_draft', revisions: [revision] }] };
    const store = createMemoryStore();
    await store.importNamespace({ ...old, digest: exportDigest(old) });
    expect((await store.list(NS)).map((s) => s.name)).toEqual(['_draft']);
    expect((await rejected(store.put(NS, skillMd('_other')))).message).toContain('can never be mentioned');
  });
});
