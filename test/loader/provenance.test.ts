// loader.provenance(name) and catalog({ origins: true }) (issue 34, item 4): each skill's tier, what it came through
// (builtin, org, user, agent-written, remote, MCP) and its label; unmet needs and scan findings beside them.
import { describe, expect, it } from 'vitest';
import { memorySource, SkillLoader } from '../../src/index.js';
import { createMemoryStore } from '../../src/store/index.js';
import { skillMd } from '../support/skill-md.js';

const ORG = ['acme', 'skills'];
const USER = ['acme', 'ann', 'skills'];

async function loaded(options: { availableTools?: string[] } = {}) {
  const store = createMemoryStore();
  await store.put(ORG, skillMd('expenses', { description: 'File an expense report.' }));
  await store.put(USER, skillMd('my-notes', { description: 'Keep meeting notes the way Ann likes.' }));
  await store.put(USER, skillMd('drafted', { description: 'A skill the agent wrote.' }), { actor: 'agent' });
  const needy = skillMd('pdf-tools', { description: 'Merge PDF files.', front: 'metadata:\n  dependencies:\n    all: [read_pdf]\n' });
  const builtin = memorySource({ 'pdf-tools/SKILL.md': needy, 'deploy/SKILL.md': skillMd('deploy', { description: 'Deploy the app.' }) });
  const loader = new SkillLoader({ builtin, store, ...options });
  await loader.loadAll('acme', 'ann');
  return { loader, store };
}

describe('loader.provenance', () => {
  it('names each tier and what the skill came through; a store revision an agent wrote is agent', async () => {
    const { loader } = await loaded();
    const seen = ['deploy', 'expenses', 'my-notes', 'drafted'].map((n) => {
      const p = loader.provenance(n);
      return [p?.name, p?.tier, p?.origin, p?.label, p?.source];
    });
    expect(seen).toEqual([
      ['deploy', 'builtin', 'builtin', 'memory', 'memory'],
      ['expenses', 'org', 'org', 'acme/skills', 'store:acme/skills'],
      ['my-notes', 'user', 'user', 'acme/ann/skills', 'store:acme/ann/skills'],
      ['drafted', 'user', 'agent', 'acme/ann/skills', 'store:acme/ann/skills'],
    ]);
    expect(loader.provenance('nope')).toBeUndefined();
  });

  it('an agent skill a person rewrites is the person’s; an archive keeps who wrote the content', async () => {
    const { loader, store } = await loaded();
    await store.put(USER, skillMd('drafted', { description: 'A skill the agent wrote, edited by Ann.' }));
    await store.put(USER, skillMd('my-notes', { description: 'Notes, rewritten by the agent.' }), { actor: 'agent' });
    await loader.loadAll('acme', 'ann');
    expect(loader.provenance('drafted')?.origin).toBe('user');
    expect(loader.provenance('my-notes')?.origin).toBe('agent');
    await store.archive(USER, 'my-notes');
    await store.restore(USER, 'my-notes');
    expect((await store.search(USER)).find((i) => i.key === 'my-notes')?.writtenBy).toBe('agent');
  });

  it('carries unmet needs, and the findings once the skill was scanned', async () => {
    const { loader } = await loaded({ availableTools: ['web_search'] });
    expect(loader.provenance('pdf-tools')?.unmetNeeds).toEqual({ missing: ['read_pdf'], anyOf: [] });
    expect(loader.provenance('deploy')?.unmetNeeds).toBeUndefined();
    expect(loader.provenance('deploy')?.findings).toBeUndefined();
    await loader.scan('deploy');
    expect(loader.provenance('deploy')?.findings).toEqual([]);
  });
});

describe('catalog({ origins: true })', () => {
  it('tags every description with its origin, within the budget; without it only served skills are tagged', async () => {
    const { loader } = await loaded();
    const tagged = loader.catalog({ origins: true });
    expect(tagged).toContain('- deploy: [builtin] Deploy the app.');
    expect(tagged).toContain('- expenses: [org] File an expense report.');
    expect(tagged).toContain('- my-notes: [user] Keep meeting notes the way Ann likes.');
    expect(tagged).toContain('- drafted: [agent] A skill the agent wrote.');
    expect(loader.catalog()).toContain('- deploy: Deploy the app.');
    expect(loader.catalog({ format: 'xml', origins: true })).toContain('<description>[agent] A skill the agent wrote.</description>');
    const fit = loader.catalogFit({ origins: true, maxBytes: 700 });
    expect(fit.bytes).toBeLessThanOrEqual(700);
  });
});
