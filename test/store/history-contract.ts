// The evolution history's contract, run on every store: one commit per accepted change, none for a pending proposal,
// messages that name the skill, revision, writer and approval, trees equal to the skills' files byte for byte, and a
// failing file system that is reported while the change stands.
import type * as Git from 'isomorphic-git';
import { describe, expect, it } from 'vitest';
import { gitMirror, readEvolutionLog } from '../../src/store/index.js';
import type { SkillStore, StoreOptions } from '../../src/store/index.js';
import { switchableFs, type SwitchableFs } from '../support/memory-git-fs.js';
import { skillMd } from '../support/skill-md.js';

/** Opens a fresh store of the kind under test. */
export type OpenStore = (options: StoreOptions) => Promise<SkillStore>;

/** Where the contract runs: isomorphic-git as the environment loads it, and a fresh file system per test. */
export interface HistoryEnv {
  readonly git: () => typeof Git;
  /** An empty file system and the repository folder in it. */
  fresh(): Promise<{ readonly fs: Git.PromiseFsClient; readonly dir: string }>;
}

const NS = ['acme', 'ann', 'skills'];

/** Every file of the tree of `ref` (default the branch), by path, as bytes. */
export async function treeFiles(git: typeof Git, client: Git.FsClient, gitdir: string, ref = 'refs/heads/main'): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  const commit = await git.resolveRef({ fs: client, gitdir, ref });
  const walk = async (oid: string, prefix: string): Promise<void> => {
    for (const e of (await git.readTree({ fs: client, gitdir, oid })).tree) {
      if (e.type === 'tree') await walk(e.oid, `${prefix}${e.path}/`);
      else files.set(`${prefix}${e.path}`, (await git.readBlob({ fs: client, gitdir, oid: e.oid })).blob);
    }
  };
  await walk((await git.readCommit({ fs: client, gitdir, oid: commit })).commit.tree, '');
  return files;
}

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

/** What one test works with: the store, its history's file system, the log and the tree of the branch. */
interface Rig {
  readonly store: SkillStore;
  readonly fs: SwitchableFs;
  readonly dir: string;
  log(): ReturnType<typeof readEvolutionLog>;
  tree(): Promise<Map<string, Uint8Array>>;
}

export function describeHistoryContract(label: string, open: OpenStore, env: HistoryEnv): void {
  /** The store under test over a fresh file system. */
  const setUp = async (options: StoreOptions = {}): Promise<Rig> => {
    const { fs: inner, dir } = await env.fresh();
    const fs = switchableFs(inner);
    const git = env.git();
    const evolution = gitMirror({ fs, dir, git });
    const store = await open({ ...options, evolution });
    const log = async () => {
      await evolution.settled();
      return readEvolutionLog({ fs, dir, git });
    };
    return { store, fs, dir, log, tree: () => treeFiles(git, fs, dir) };
  };
  describe(`evolution history (${label})`, () => {
    it('commits each accepted change once, with the skill, revision, writer and approval in its message', async () => {
      const { store, log } = await setUp();
      const v1 = await store.put(NS, skillMd('invoice-export'));
      await store.put(NS, skillMd('invoice-export')); // the same content: no revision, no commit
      await store.put(NS, skillMd('invoice-export', { body: 'Export invoices as CSV, then check the totals.' }), { actor: { kind: 'agent', id: 'reviewer' } });
      await store.rollback(NS, 'invoice-export', 1);
      await store.archive(NS, 'invoice-export');
      await store.restore(NS, 'invoice-export', { actor: { kind: 'person', id: 'ann' } });
      await store.purge(NS, 'invoice-export');
      const entries = await log();
      expect(entries.map((e) => e.action)).toEqual(['purge', 'restore', 'archive', 'rollback', 'put', 'put']);
      const audit = await store.auditLog(NS, 'invoice-export');
      expect(entries.map((e) => e.revision)).toEqual(audit.map((a) => a.revision).reverse());
      const first = entries.at(-1)!;
      expect(first).toMatchObject({ skill: 'invoice-export', namespace: 'acme/ann/skills', revision: 1, digest: v1.digest, writer: 'user' });
      expect(first.approval).toBe("not required (a user's change)");
      expect(first.subject).toBe('put invoice-export r1 by user');
      expect(entries.at(-2)).toMatchObject({ writer: 'agent:reviewer', approval: 'not required (mutability: autonomous)', author: 'agent:reviewer' });
      expect(entries.find((e) => e.action === 'rollback')).toMatchObject({ from: 1, subject: 'rollback invoice-export r3 from r1 by user' });
      expect(entries.find((e) => e.action === 'restore')).toMatchObject({ writer: 'user:ann', state: 'active' });
      expect(entries.find((e) => e.action === 'archive')).toMatchObject({ state: 'archived' });
      expect(entries[0]).toMatchObject({ state: 'purged' });
      expect(entries[0]?.digest).toBeUndefined();
      expect(first.at).toBe(audit[0]?.at);
    });

    it('holds each skill as its folder, byte for byte, and a purge takes the folder out', async () => {
      const { store, log, tree } = await setUp();
      const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255, 13, 10, 26]);
      const folder = { 'SKILL.md': skillMd('charts'), 'references/colours.md': '# Colours\r\nnavy, teal — ✓\n', 'assets/logo.png': png };
      await store.put(NS, folder);
      await store.put(['acme', 'skills'], skillMd('org-rules'));
      await log();
      const files = await tree();
      expect([...files.keys()].sort()).toEqual([
        'acme/ann/skills/charts/SKILL.md',
        'acme/ann/skills/charts/assets/logo.png',
        'acme/ann/skills/charts/references/colours.md',
        'acme/skills/org-rules/SKILL.md',
      ]);
      expect(files.get('acme/ann/skills/charts/SKILL.md')).toEqual(bytes(folder['SKILL.md']));
      expect(files.get('acme/ann/skills/charts/references/colours.md')).toEqual(bytes(folder['references/colours.md']));
      expect(files.get('acme/ann/skills/charts/assets/logo.png')).toEqual(png);
      // A new revision without a file: the file leaves the tree too.
      await store.put(NS, { 'SKILL.md': folder['SKILL.md'], 'assets/logo.png': png });
      await log();
      expect([...(await tree()).keys()].filter((p) => p.includes('charts'))).toEqual([
        'acme/ann/skills/charts/SKILL.md',
        'acme/ann/skills/charts/assets/logo.png',
      ]);
      await store.purge(NS, 'charts');
      await log();
      expect([...(await tree()).keys()]).toEqual(['acme/skills/org-rules/SKILL.md']);
    });

    it('commits nothing for a pending proposal; its approval is one commit naming the agent and the reviewer', async () => {
      const { store, log } = await setUp({ mutability: 'approval-gated' });
      await store.put(NS, skillMd('contracts'));
      const proposed = await store.put(NS, skillMd('contracts', { body: 'Review the indemnity clause first.' }), { actor: 'agent' });
      const dropped = await store.archive(NS, 'contracts', { actor: { kind: 'agent', id: 'legal' } });
      expect(proposed.proposal).toBeDefined();
      expect((await log()).map((e) => e.subject)).toEqual(['put contracts r1 by user']);
      await store.reject(dropped.proposal!);
      await store.approve(proposed.proposal!, { actor: { kind: 'person', id: 'ann' } });
      const entries = await log();
      expect(entries).toHaveLength(2);
      expect(entries[0]).toMatchObject({
        action: 'put',
        revision: 2,
        writer: 'agent',
        reviewer: 'user:ann',
        approval: 'approved by user:ann',
        subject: 'put contracts r2 by agent, approved by user:ann',
      });
    });

    it('commits nothing for usage and learned examples, and one commit per skill an import brings', async () => {
      const { store, log } = await setUp();
      await store.put(NS, skillMd('alpha'));
      await store.put(NS, skillMd('beta'));
      await store.recordUsage(NS, { name: 'alpha', outcome: 'success' });
      await store.learnExample(NS, { name: 'alpha', text: 'export my invoices' });
      expect(await log()).toHaveLength(2);
      await store.importNamespace(await store.exportNamespace(NS), { namespace: ['acme', 'bob', 'skills'] });
      const imported = (await log()).filter((e) => e.action === 'import');
      expect(imported.map((e) => `${e.namespace}/${e.skill}`).sort()).toEqual(['acme/bob/skills/alpha', 'acme/bob/skills/beta']);
    });

    it('commits in the order the store accepted the changes, one at a time', async () => {
      const { store, log } = await setUp();
      await Promise.all(Array.from({ length: 8 }, (_, i) => store.put(NS, skillMd(`skill-${i}`))));
      const audit = await store.auditLog(NS);
      expect((await log()).map((e) => e.skill).reverse()).toEqual(audit.map((a) => a.name));
    });

    it('reports a failing file system without touching the accepted change, and commits again once it works', async () => {
      const { store, fs, dir, log, tree } = await setUp();
      await store.put(NS, skillMd('steady'));
      await log();
      fs.failWrites = true;
      const result = await store.put(NS, skillMd('steady', { body: 'A second revision, written while the disk fails.' }));
      expect(result.revision).toBe(2);
      expect((await log()).map((e) => e.revision)).toEqual([1]);
      expect((await store.get(NS, 'steady'))?.revision).toBe(2);
      const [failure, ...more] = store.diagnostics.filter((d) => d.code === 'evolution-commit-failed');
      expect(more).toEqual([]);
      expect(failure).toMatchObject({ severity: 'warning', path: 'acme/ann/skills/steady' });
      expect(failure?.message).toMatch(/did not record the put of "steady" \(revision 2\); the change itself stands/);
      expect(failure?.message).not.toContain(dir);
      fs.failWrites = false;
      await store.put(NS, skillMd('steady', { body: 'The third revision, with the disk back.' }));
      expect((await log()).map((e) => e.revision)).toEqual([3, 1]);
      expect(new TextDecoder().decode((await tree()).get('acme/ann/skills/steady/SKILL.md'))).toContain('The third revision');
    });

    it('writes each namespace part as one safe folder: no part climbs out, hides in .git or splits in two', async () => {
      const { store, log, tree } = await setUp();
      await store.put(['..', '.git', 'a/b', 'ünï cødé'], skillMd('odd'));
      const [entry] = await log();
      expect(entry?.namespace).toBe('%2E./%2Egit/a%2Fb/ünï%20cødé');
      expect([...(await tree()).keys()]).toEqual(['%2E./%2Egit/a%2Fb/ünï%20cødé/odd/SKILL.md']);
    });
  });
}
