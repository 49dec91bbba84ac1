// nodeGitMirror: the evolution history in a folder on disk, read back with the real `git` binary.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findTool } from '../../src/agent/adapters.js';
import { runTool } from '../../src/agent/grants.js';
import type { SkillTool } from '../../src/agent/tools.js';
import { nodeGitMirror, SkillLoader } from '../../src/node/index.js';
import { createMemoryStore, createWriteTools } from '../../src/store/index.js';
import { skillMd } from '../support/skill-md.js';
import { tempTrees } from '../support/temp-trees.js';

const tempRoot = tempTrees('satchel-evolution-');
const NS = ['acme', 'ann', 'skills'];

/** `git -C dir …args`, as a person would run it; stdout as bytes. */
const gitBytes = (dir: string, ...args: string[]): Buffer => execFileSync('git', ['-C', dir, ...args], { env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' } });
const gitText = (dir: string, ...args: string[]): string => gitBytes(dir, ...args).toString('utf8');

describe('nodeGitMirror', () => {
  it('writes a repository the real git reads: the log, the messages and each file byte for byte', async () => {
    const root = await tempRoot();
    const dir = join(root, 'evolution');
    const evolution = nodeGitMirror(dir);
    const store = createMemoryStore({ evolution, mutability: 'approval-gated' });
    const binary = new Uint8Array(256).map((_, i) => i);
    const folder = { 'SKILL.md': skillMd('invoice-export'), 'references/format.md': 'Columns: date, total — in €\n', 'assets/sample.bin': binary };
    await store.put(NS, folder, { actor: { kind: 'person', id: 'ann' } });
    const { proposal } = await store.put(
      NS,
      { ...folder, 'SKILL.md': skillMd('invoice-export', { body: 'Export as CSV; check totals.' }) },
      { actor: 'agent' },
    );
    await evolution.settled();
    expect(gitText(dir, 'rev-list', '--count', 'main').trim()).toBe('1');
    await store.approve(proposal!, { actor: { kind: 'person', id: 'ann' } });
    await store.archive(NS, 'invoice-export');
    await evolution.settled();

    const log = gitText(dir, 'log', '--format=%s|%an|%(trailers:key=Revision,valueonly,separator=)|%(trailers:key=Approval,valueonly,separator=)');
    expect(log.trim().split('\n')).toEqual([
      "archive invoice-export r3 by user|user|3|not required (a user's change)",
      'put invoice-export r2 by agent, approved by user:ann|agent|2|approved by user:ann',
      "put invoice-export r1 by user:ann|user:ann|1|not required (a user's change)",
    ]);
    const full = gitText(dir, 'log', '-1', '--skip=1', '--format=%B');
    expect(full).toContain('Skill: invoice-export\nNamespace: acme/ann/skills\nAction: put\nRevision: 2\n');
    expect(full).toContain('Written-By: agent\nReviewed-By: user:ann\nApproval: approved by user:ann\n');
    const stored = await store.get(NS, 'invoice-export');
    expect(gitText(dir, 'show', 'HEAD:acme/ann/skills/invoice-export/SKILL.md')).toBe(stored?.text);
    expect(gitText(dir, 'show', 'HEAD:acme/ann/skills/invoice-export/references/format.md')).toBe(folder['references/format.md']);
    expect(new Uint8Array(gitBytes(dir, 'show', 'HEAD:acme/ann/skills/invoice-export/assets/sample.bin'))).toEqual(binary);
    expect(gitText(dir, 'show', 'HEAD~2:acme/ann/skills/invoice-export/SKILL.md')).toBe(folder['SKILL.md']);
    // Every object is sound, as git's own checks see it.
    expect(() => gitBytes(dir, 'fsck', '--strict', '--no-progress')).not.toThrow();
    expect(gitText(dir, 'rev-parse', '--is-bare-repository').trim()).toBe('true');
  });

  it('keeps one repository across store restarts: later changes continue its history', async () => {
    const dir = join(await tempRoot(), 'evolution');
    const first = nodeGitMirror(dir);
    const a = createMemoryStore({ evolution: first });
    await a.put(NS, skillMd('alpha'));
    await first.settled();
    const second = nodeGitMirror(dir);
    const b = createMemoryStore({ evolution: second });
    await b.put(['acme', 'skills'], skillMd('beta'));
    await second.settled();
    expect(gitText(dir, 'log', '--format=%s').trim().split('\n')).toEqual(['put beta r1 by user', 'put alpha r1 by user']);
    expect(gitText(dir, 'ls-tree', '-r', '--name-only', 'HEAD').trim().split('\n')).toEqual(['acme/ann/skills/alpha/SKILL.md', 'acme/skills/beta/SKILL.md']);
  });

  it('reports a folder it cannot write, never its path, and the change stands', async () => {
    // A file where the repository's objects folder must be: it fails for any user, root included (who writes through permissions).
    const root = await tempRoot({ 'evolution/objects': 'a file where a folder must be' });
    const dir = join(root, 'evolution');
    const evolution = nodeGitMirror(dir);
    const store = createMemoryStore({ evolution });
    expect((await store.put(NS, skillMd('alpha'))).revision).toBe(1);
    await evolution.settled();
    expect(await store.search(NS)).toHaveLength(1);
    const failures = store.diagnostics.filter((d) => d.code === 'evolution-commit-failed');
    expect(failures).toHaveLength(1);
    expect(failures[0]?.message).toContain('did not record the put of "alpha" (revision 1)');
    expect(failures[0]?.message).not.toContain(root);
  });
});

describe('two stores of one process over one repository', () => {
  it('commit one at a time: no change of either is lost', async () => {
    const dir = join(await tempRoot(), 'evolution');
    const [a, b] = [nodeGitMirror(dir), nodeGitMirror(dir)];
    const [left, right] = [createMemoryStore({ evolution: a }), createMemoryStore({ evolution: b })];
    await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => left.put(NS, skillMd(`left-${i}`))),
      ...Array.from({ length: 6 }, (_, i) => right.put(NS, skillMd(`right-${i}`))),
    ]);
    await Promise.all([a.settled(), b.settled()]);
    expect(gitText(dir, 'rev-list', '--count', 'main').trim()).toBe('12');
    expect(gitText(dir, 'ls-tree', '--name-only', 'HEAD:acme/ann/skills').trim().split('\n')).toHaveLength(12);
  });
});

describe('what the model sees', () => {
  it("never the repository's path nor a Git tool: the tools, their results and the store's diagnostics name neither", async () => {
    const root = await tempRoot({ 'evolution/objects': 'not a folder' });
    const broken = join(root, 'evolution');
    const evolution = nodeGitMirror(broken);
    const store = createMemoryStore({ evolution });
    const loader = new SkillLoader({ store, builtin: [] });
    await loader.loadAll('acme', 'ann');
    const tools = [...createWriteTools(store, { namespace: NS }), ...loader.tools];
    const grants = ['tool:skills.set', 'skills:write'];
    const body = `# Meeting notes\n\n${'List each decision with its owner and due date. '.repeat(8)}`;
    const result = await runTool(
      findTool(tools, 'skills_set') as SkillTool,
      { name: 'meeting-notes', description: 'Summarise meetings into decisions.', body },
      { grants },
    );
    await evolution.settled();
    expect(store.diagnostics.map((d) => d.code)).toEqual(['evolution-commit-failed']);
    const seen = JSON.stringify({
      tools: tools.map(({ id, description, inputSchema }) => ({ id, description, inputSchema })),
      result,
      diagnostics: store.diagnostics,
    });
    expect(seen).not.toContain(root);
    // The tools say nothing of a history or Git at all; the diagnostic names the history, never where it is.
    expect(JSON.stringify(seen.slice(0, seen.indexOf('"result"')))).not.toMatch(/evolution|\bgit\b/i);
    expect(store.diagnostics[0]?.message).toContain("mkdir '<evolution>/objects/info'");
    expect(tools.map((t) => t.id).filter((id) => /git|history|evolution/i.test(id))).toEqual([]);
  });
});
