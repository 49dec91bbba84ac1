// A store change applied between loads keeps the skill's origin (issue 34, item 4): the loader re-validates the
// skill a tier read from the change, and `loader.provenance` still says which store listed it and who wrote it.
import { describe, expect, it } from 'vitest';
import { SkillLoader, type LoaderChange } from '../../src/index.js';
import { createMemoryStore } from '../../src/store/index.js';
import { skillMd } from '../support/skill-md.js';

const USER = ['acme', 'ann', 'skills'];

async function watched() {
  const store = createMemoryStore();
  const loader = new SkillLoader({ store });
  await loader.loadAll('acme', 'ann');
  const next = (name: string): Promise<LoaderChange> =>
    new Promise((resolve) => {
      const off = loader.on('change', (change) => {
        if (change.name !== name) return;
        off();
        resolve(change);
      });
    });
  return { store, loader, next };
}

describe('a store change between loads', () => {
  it('keeps the store as the origin of a skill a person wrote', async () => {
    const { store, loader, next } = await watched();
    const heard = next('my-notes');
    await store.put(USER, skillMd('my-notes', { description: 'Keep meeting notes the way Ann likes.' }));
    expect((await heard).type).toBe('upsert');
    const p = loader.provenance('my-notes');
    expect([p?.tier, p?.origin, p?.label, p?.source]).toEqual(['user', 'user', 'acme/ann/skills', 'store:acme/ann/skills']);
  });

  it('says agent for a revision an agent wrote, and the person’s again once the person rewrites it', async () => {
    const { store, loader, next } = await watched();
    let heard = next('drafted');
    await store.put(USER, skillMd('drafted', { description: 'A skill the agent wrote.' }), { actor: 'agent' });
    await heard;
    expect(loader.provenance('drafted')?.origin).toBe('agent');
    expect(loader.catalog({ origins: true })).toContain('- drafted: [agent] A skill the agent wrote.');
    heard = next('drafted');
    await store.put(USER, skillMd('drafted', { description: 'A skill the agent wrote, edited by Ann.' }));
    await heard;
    expect(loader.provenance('drafted')?.origin).toBe('user');
  });
});
