// `satchel history <artifactRoot>`: the log of <artifactRoot>/evolution, as the store's mirror wrote it.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeGitMirror } from '../../../src/node/index.js';
import { createMemoryStore } from '../../../src/store/index.js';
import { skillMd } from '../../support/skill-md.js';
import { tempTrees } from '../../support/temp-trees.js';
import { cli } from './run.js';

const tempRoot = tempTrees('satchel-history-');

/** An artifact root whose evolution history holds three changes of one skill. */
async function artifactRoot(): Promise<string> {
  const root = await tempRoot();
  const evolution = nodeGitMirror(join(root, 'evolution'));
  const store = createMemoryStore({ evolution, mutability: 'approval-gated' });
  const ns = ['acme', 'ann', 'skills'];
  await store.put(ns, skillMd('invoice-export'), { actor: { kind: 'person', id: 'ann' } });
  const { proposal } = await store.put(ns, skillMd('invoice-export', { body: 'Export as CSV.' }), { actor: { kind: 'agent', id: 'reviewer' } });
  await store.approve(proposal!, { actor: { kind: 'person', id: 'ann' } });
  await store.rollback(ns, 'invoice-export', 1);
  await evolution.settled();
  return root;
}

describe('satchel history', () => {
  it('prints every accepted change, newest first, with the skill, revision, writer and approval', async () => {
    const root = await artifactRoot();
    const { code, out, err } = await cli(root, 'history', '.');
    expect([code, err]).toEqual([0, '']);
    const lines = out.trim().split('\n');
    expect(lines[0]).toMatch(/^commit\s+accepted\s+skill\s+action\s+revision\s+writer\s+approval$/);
    expect(lines[1]).toMatch(/^-+( +-+){6}$/);
    lines.splice(1, 1);
    expect(lines[1]).toMatch(/^[0-9a-f]{7}\s+\S+Z\s+acme\/ann\/skills\/invoice-export\s+rollback\s+3 \(from 1\)\s+user\s+not required \(a user's change\)$/);
    expect(lines[2]).toMatch(/put\s+2\s+agent:reviewer\s+approved by user:ann$/);
    expect(lines[3]).toMatch(/put\s+1\s+user:ann\s+not required/);
    expect(lines.at(-1)).toBe('3 changes in evolution');
    // The same commits the real git shows.
    const oids = execFileSync('git', ['-C', join(root, 'evolution'), 'log', '--format=%h'], { encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(lines.slice(1, 4).map((l) => l.slice(0, 7))).toEqual(oids.map((o) => o.slice(0, 7)));
  });

  it('prints JSON with --json', async () => {
    const root = await artifactRoot();
    const { code, out } = await cli(root, 'history', '--json', root);
    expect(code).toBe(0);
    const parsed = JSON.parse(out) as { repository: string; commits: { action: string; revision: number; writer: string; reviewer?: string; oid: string }[] };
    expect(parsed.repository).toBe('evolution');
    expect(parsed.commits.map((c) => [c.action, c.revision, c.writer, c.reviewer])).toEqual([
      ['rollback', 3, 'user', undefined],
      ['put', 2, 'agent:reviewer', 'user:ann'],
      ['put', 1, 'user:ann', undefined],
    ]);
    expect(parsed.commits[0]?.oid).toMatch(/^[0-9a-f]{40}$/);
  });

  it('says so when there is no history, and wants exactly one path', async () => {
    const root = await tempRoot({ 'evolution/notes.txt': 'not a repository' });
    const missing = await cli(root, 'history', 'elsewhere');
    expect(missing.code).toBe(1);
    expect(missing.err).toBe(
      'satchel history: elsewhere/evolution: no evolution history here (the folder does not exist; a store with `evolution: nodeGitMirror(dir)` makes it on its first change)\n',
    );
    expect((await cli(root, 'history', '.')).err).toBe('satchel history: evolution: not a Git repository (no HEAD)\n');
    expect((await cli(root, 'history')).code).toBe(2);
    expect((await cli(root, 'history', 'a', 'b')).code).toBe(2);
  });

  it('is listed in the help with its own', async () => {
    expect((await cli('/', '--help')).out).toMatch(/history <artifactRoot>\s+Print the evolution history/);
    expect((await cli('/', 'history', '--help')).out).toContain('Usage: satchel history [options] <artifactRoot>');
  });
});
