// Agent surfaces: a subagent's learned skills live in its own namespace, route for its later runs, and stay invisible to the root and its siblings.
import { describe, expect, it } from 'vitest';
import { findTool } from '../../src/agent/adapters.js';
import { runTool } from '../../src/agent/grants.js';
import type { SkillTool } from '../../src/agent/tools.js';
import { SkillLoader } from '../../src/loader/loader.js';
import { surfaceNamespace } from '../../src/loader/surface.js';
import { createMemoryStore, usageOfActivations, createWriteTools } from '../../src/store/index.js';
import { skillMd } from '../support/skill-md.js';

const GRANTS = ['tool:skills.set', 'skills:write'];
const body = `Read every clause. ${'Flag indemnity, liability caps and termination terms, and quote the clause number. '.repeat(5)}`;
const contractReview = { name: 'contract-review', description: 'Review contract clauses for indemnity and liability risks.', body };

describe('surfaces', () => {
  it('names a namespace per surface', () => {
    expect(surfaceNamespace('acme', 'ann')).toEqual(['acme', 'ann', 'skills']);
    expect(surfaceNamespace('acme', 'ann', 'legal')).toEqual(['acme', 'ann', 'surfaces', 'legal', 'skills']);
    expect(() => surfaceNamespace('acme', 'ann', '')).toThrow(/surface/);
    expect(() => new SkillLoader({ surface: ' ' })).toThrow(/surface/);
  });

  it('a skill a subagent learns routes for that subagent, live and on its later runs, and nowhere else', async () => {
    const store = createMemoryStore();
    await store.put(['acme', 'skills'], skillMd('expense-policy', { description: 'Check expenses against the travel and expense policy.' }));
    const root = new SkillLoader({ store });
    const legal = new SkillLoader({ store, surface: 'legal' });
    const finance = new SkillLoader({ store, surface: 'finance' });
    const nested = new SkillLoader({ store, surface: 'legal/contracts' });
    for (const loader of [root, legal, finance, nested]) await loader.loadAll('acme', 'ann');

    const set = findTool(createWriteTools(store, { namespace: surfaceNamespace('acme', 'ann', 'legal') }), 'skills.set') as SkillTool;
    await runTool(set, contractReview, { grants: GRANTS });

    const turn = 'review the indemnity clauses of this contract';
    expect(legal.route(turn)[0]?.skill.name).toBe('contract-review');
    expect(legal.activate(turn).map((a) => a.skill.name)).toContain('contract-review');
    for (const other of [root, finance, nested]) {
      expect(other.getByName('contract-review')).toBeUndefined();
      expect(other.route(turn).map((r) => r.skill.name)).not.toContain('contract-review');
    }
    // Org skills stay shared by every surface.
    for (const loader of [root, legal, finance]) expect(loader.getByName('expense-policy')?.source).toBe('org');

    // The subagent's usage profile lives in its own namespace too.
    const legalNs = surfaceNamespace('acme', 'ann', 'legal');
    await store.recordUsage(legalNs, usageOfActivations(legal.activate(turn), 'success'));
    await store.recordUsage(legalNs, { name: 'contract-review', kind: 'delegation', outcome: 'failure' });
    expect((await store.usage(legalNs, 'contract-review')).map((u) => [u.kind, u.reason, u.outcome])).toEqual([
      ['activation', 'search', 'success'],
      ['delegation', undefined, 'failure'],
    ]);
    expect(await store.usage(surfaceNamespace('acme', 'ann'))).toEqual([]);

    // A later run of the subagent: a fresh loader over the same store.
    const later = new SkillLoader({ store, surface: 'legal' });
    await later.loadAll('acme', 'ann');
    expect(later.route(turn)[0]?.skill.name).toBe('contract-review');
    const rootAgain = new SkillLoader({ store });
    await rootAgain.loadAll('acme', 'ann');
    expect(rootAgain.getByName('contract-review')).toBeUndefined();
    for (const loader of [root, legal, finance, nested, later, rootAgain]) loader.close();
  });

  it('a root skill stays invisible to a subagent: a child sees only its own learned skills', async () => {
    const store = createMemoryStore();
    await store.put(surfaceNamespace('acme', 'ann'), skillMd('root-habit', { description: 'A habit the root agent learned.' }));
    const legal = new SkillLoader({ store, surface: 'legal' });
    await legal.loadAll('acme', 'ann');
    expect(legal.getByName('root-habit')).toBeUndefined();
  });
});
