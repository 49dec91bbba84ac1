// What a loader hands its store after each load (sources/store-rules.ts): the builtin tier's names, reserved without
// the app listing them, and the mutability its surface's agent.md declares, for the surface's own namespace.
import { describe, expect, it } from 'vitest';
import { memorySource, SkillLoader, surfaceNamespace } from '../../src/index.js';
import { createMemoryStore, createWriteTools } from '../../src/store/index.js';
import { deferredStore } from '../../src/worker/deferred-store.js';
import { codeOf, rejected, thrown } from '../support/errors.js';
import { skillMd } from '../support/skill-md.js';

const builtin = memorySource({ 'pdf-tools/SKILL.md': skillMd('pdf-tools'), 'refunds/SKILL.md': skillMd('refunds') });
const ROOT = surfaceNamespace('acme', 'ann');
const LEGAL = surfaceNamespace('acme', 'ann', 'legal');
const FINANCE = surfaceNamespace('acme', 'ann', 'finance');
const agentMd = (mutability: string): string => `---\nmutability:\n  skills: ${mutability}\n---\n# Instructions\n`;

describe('the builtin names a loader hands its store', () => {
  it('are reserved after a load, subagent specs included: a learned skill of such a name is refused, whoever writes it', async () => {
    const store = createMemoryStore();
    // Before any load the store knows no builtin names (give `reservedNames` for writes that early).
    expect(store.isReserved('pdf-tools')).toBe(false);
    const loader = new SkillLoader({ builtin, store, subagentSpecs: [{ name: 'researcher', description: 'Researches.' }] });
    await loader.loadAll('acme', 'ann');
    expect(['pdf-tools', 'refunds', 'researcher', 'PDF-Tools', 'meeting-notes'].map((n) => store.isReserved(n))).toEqual([true, true, true, true, false]);
    for (const actor of ['agent', 'person'] as const) {
      const error = await rejected(store.put(ROOT, skillMd('pdf-tools', { body: 'A learned copy.' }), { actor }));
      expect([error.code, error.diagnostics[0]?.code]).toEqual(['CONFLICT', 'builtin-read-only']);
      expect(error.message).toContain('"pdf-tools" is the name of a builtin (checked-in) skill');
    }
    expect(await store.list(ROOT)).toEqual([]);
    loader.close();
  });

  it('follow the builtin tier: a builtin skill upserted (or added by a watching source) is reserved too; org and user ones are not', async () => {
    const store = createMemoryStore();
    await store.put(['acme', 'skills'], skillMd('org-only'));
    const loader = new SkillLoader({ builtin, store });
    await loader.loadAll('acme', 'ann');
    expect(store.isReserved('org-only')).toBe(false);
    const [late] = await new SkillLoader({ builtin: memorySource({ 'late-one/SKILL.md': skillMd('late-one') }) }).loadAll();
    loader.upsert(late!);
    expect(store.isReserved('late-one')).toBe(true);
    loader.close();
  });

  it('are handed to a store that is still opening (the worker’s deferred store) once it opens; a foreign store is told nothing', async () => {
    const store = createMemoryStore();
    let open!: (s: typeof store) => void;
    const loader = new SkillLoader({ builtin, store: deferredStore(new Promise((resolve) => (open = resolve))) });
    const loading = loader.loadAll('acme', 'ann');
    open(store);
    await loading;
    await Promise.resolve();
    expect(store.isReserved('refunds')).toBe(true);
    const foreign = { search: async () => [] };
    expect(await new SkillLoader({ builtin, store: foreign }).loadAll('acme', 'ann')).toHaveLength(2);
    // A store that fails to take the names does not fail the load.
    const failing = { search: async () => [], reserveNames: () => void thrownAway() };
    expect(await new SkillLoader({ builtin, store: failing }).loadAll('acme', 'ann')).toHaveLength(2);
  });
});

function thrownAway(): never {
  throw new Error('this store refuses every rule');
}

describe('a surface’s agent.md declares its mutability over one store', () => {
  it('each surface’s loader gives its own namespace its policy; the root keeps the store’s default', async () => {
    const store = createMemoryStore({ mutability: 'autonomous' });
    const legal = new SkillLoader({ builtin, store, surface: 'legal', agentMd: { text: agentMd('approval-gated'), path: 'agents/legal/agent.md' } });
    const finance = new SkillLoader({ builtin, store, surface: 'finance', agentMd: '---\nmutability: static\n---\n' });
    const root = new SkillLoader({ builtin, store, agentMd: '# The root agent declares nothing\n' });
    expect([legal.mutability, finance.mutability, root.mutability]).toEqual(['approval-gated', 'static', undefined]);
    expect(store.mutabilityOf(LEGAL)).toBe('autonomous'); // nothing until a load says which user's namespace
    for (const loader of [legal, finance, root]) await loader.loadAll('acme', 'ann');
    expect([store.mutabilityOf(LEGAL), store.mutabilityOf(FINANCE), store.mutabilityOf(ROOT)]).toEqual(['approval-gated', 'disabled', 'autonomous']);
    const note = skillMd('clause-check', { body: 'Check each clause.' });
    expect(await store.put(LEGAL, note, { actor: 'agent' })).toMatchObject({ revision: 0, proposal: expect.any(String) });
    expect(await codeOf(store.put(FINANCE, note, { actor: 'agent' }))).toBe('PERMISSION_DENIED');
    expect(await store.put(ROOT, note, { actor: 'agent' })).toMatchObject({ revision: 1 });
    // The write tools follow the namespace's policy: none for a static surface.
    expect(createWriteTools(store, { namespace: FINANCE })).toEqual([]);
    expect(createWriteTools(store, { namespace: LEGAL })).toHaveLength(4);
    // Another user of the same surface gets the surface's policy from that user's load.
    await legal.loadAll('acme', 'bob');
    expect(store.mutabilityOf(surfaceNamespace('acme', 'bob', 'legal'))).toBe('approval-gated');
    for (const loader of [legal, finance, root]) loader.close();
  });

  it('a malformed agent.md fails when the loader is made, naming the file and line', () => {
    const e = thrown(() => new SkillLoader({ surface: 'legal', agentMd: { text: '---\nmutability:\n  skills: on\n---\n', path: 'agents/legal/agent.md' } }));
    expect([e.code, e.message]).toEqual(['INVALID_INPUT', expect.stringMatching(/^agents\/legal\/agent\.md:3:3: `mutability.skills` is one of/)]);
    expect(thrown(() => new SkillLoader({ agentMd: { path: 'agent.md' } as never })).message).toMatch(/satchel\/node also reads `\{ path \}`/);
  });
});
