// The evolution history on the memory store and on IndexedDB (fake-indexeddb), and the store's side of the seam.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import * as git from 'isomorphic-git';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { createMemoryStore, gitMirror, openIndexedDbStore, readEvolutionLog, type EvolutionChange, type EvolutionMirror } from '../../src/store/index.js';
import { codeOf, thrown } from '../support/errors.js';
import { skillMd } from '../support/skill-md.js';
import { memoryGitFs } from '../support/memory-git-fs.js';
import { describeHistoryContract, type HistoryEnv } from './history-contract.js';

// A file system in memory, as a browser's would be; the Node one is test/node/git-mirror.test.ts's.
const env: HistoryEnv = { git: () => git, fresh: async () => ({ fs: memoryGitFs(), dir: '/artifacts/evolution' }) };
let n = 0;
describeHistoryContract('memory', async (options) => createMemoryStore(options), env);
describeHistoryContract(
  'IndexedDB (fake-indexeddb)',
  (options) => openIndexedDbStore({ ...options, indexedDB: new IDBFactory(), name: `history-${n++}`, persist: false }),
  env,
);

/** A mirror that keeps what it is given, failing when told to. */
function recordingMirror(fail?: (change: EvolutionChange) => unknown): EvolutionMirror & { changes: EvolutionChange[] } {
  const changes: EvolutionChange[] = [];
  return {
    changes,
    record(change, onFailure) {
      changes.push(change);
      const error = fail?.(change);
      if (error !== undefined) onFailure(error);
    },
    settled: async () => undefined,
  };
}

describe('the store side of the evolution history', () => {
  it('hands the mirror the change, the folder and the policy, after the write has resolved nothing to wait for', async () => {
    const evolution = recordingMirror();
    const store = createMemoryStore({ evolution });
    await store.put(['o', 'skills'], { 'SKILL.md': skillMd('tiny'), 'references/a.md': 'A' }, { actor: { kind: 'agent', id: 'r1' } });
    expect(evolution.changes).toEqual([
      expect.objectContaining({
        namespace: ['o', 'skills'],
        name: 'tiny',
        action: 'put',
        revision: 1,
        actor: { kind: 'agent', id: 'r1' },
        state: 'active',
        files: { 'SKILL.md': skillMd('tiny'), 'references/a.md': 'A' },
        mutability: 'autonomous',
      }),
    ]);
  });

  it('hands nothing for a write that fails, and a mirror that throws never fails the write', async () => {
    const evolution = recordingMirror();
    const store = createMemoryStore({ evolution });
    expect(await codeOf(store.put(['o', 'skills'], skillMd('x'), { expectedRevision: 3 }))).toBe('CONFLICT');
    expect(evolution.changes).toEqual([]);
    const throwing: EvolutionMirror = {
      record() {
        throw new Error('mirror broke');
      },
      settled: async () => undefined,
    };
    const other = createMemoryStore({ evolution: throwing });
    expect((await other.put(['o', 'skills'], skillMd('x'))).revision).toBe(1);
    expect(other.diagnostics.map((d) => [d.code, d.message])).toEqual([['evolution-commit-failed', 'mirror broke']]);
  });

  it('keeps the last 100 failures', async () => {
    const store = createMemoryStore({ evolution: recordingMirror((c) => new Error(`no ${c.revision}`)) });
    for (let i = 0; i < 105; i++) await store.put(['o', 'skills'], skillMd('x', { body: `Revision ${i}.` }));
    const failures = store.diagnostics.filter((d) => d.code === 'evolution-commit-failed');
    expect(failures).toHaveLength(100);
    expect(failures[0]?.message).toBe('no 6');
  });

  it('refuses an evolution option that is no mirror', () => {
    expect(thrown(() => createMemoryStore({ evolution: {} as EvolutionMirror })).code).toBe('INVALID_INPUT');
  });

  it('bundles isomorphic-git only as a chunk of its own, loaded with the first commit, and not at all without a mirror', async () => {
    const chunksOf = async (code: string) => {
      const entry = 'virtual:history-entry';
      const plugin = { name: 'entry', resolveId: (id: string) => (id === entry ? id : undefined), load: (id: string) => (id === entry ? code : undefined) };
      const out = await build({
        logLevel: 'silent',
        configFile: false,
        plugins: [plugin],
        build: { write: false, minify: false, rollupOptions: { input: entry } },
      });
      return (Array.isArray(out) ? out : [out as { output: unknown[] }])
        .flatMap((o) => o.output as { type: string; isEntry?: boolean; code?: string }[])
        .filter((c) => c.type === 'chunk');
    };
    const store = resolve('src/store/index.ts');
    const gitCode = (c: { code?: string }) => /class GitTree\b/.test(c.code ?? '');
    const without = await chunksOf(`import { createMemoryStore } from ${JSON.stringify(store)}; globalThis.s = createMemoryStore();`);
    expect(without.filter(gitCode)).toEqual([]);
    const withMirror = await chunksOf(
      `import { createMemoryStore, gitMirror } from ${JSON.stringify(store)}; globalThis.s = createMemoryStore({ evolution: gitMirror({ fs: {}, dir: '/e' }) });`,
    );
    expect(withMirror.filter(gitCode).map((c) => c.isEntry)).toEqual([false]);
  });

  it('imports isomorphic-git nowhere but lazily, so a store without a history never bundles it', () => {
    const found: string[] = [];
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, e.name);
        if (e.isDirectory()) walk(path);
        else if (path.endsWith('.ts') && /^import (?!type\b)[^;]*from 'isomorphic-git'/m.test(readFileSync(path, 'utf8'))) found.push(path);
      }
    };
    walk('src');
    expect(found).toEqual([]);
  });
});

describe('paths Git cannot hold', () => {
  it('a skill file under a .git folder fails its commit, reported, and the change stands', async () => {
    const fs = memoryGitFs();
    const evolution = gitMirror({ fs, dir: '/evolution', git });
    const store = createMemoryStore({ evolution });
    expect((await store.put(['o', 'skills'], { 'SKILL.md': skillMd('sneaky'), 'references/.git/config': '[core]' })).revision).toBe(1);
    await evolution.settled();
    expect(store.diagnostics.map((d) => d.message)).toEqual([
      expect.stringContaining('Skill "sneaky" has a file "references/.git/config" whose path Git cannot hold'),
    ]);
    expect(await readEvolutionLog({ fs, dir: '/evolution', git })).toEqual([]);
  });
});
