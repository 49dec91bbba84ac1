// Both ends of the Skills Extension against each other: Satchel's own server (createSkillsMcpServer over a loader) and
// mcpSkillSource, over the SDK's in-memory transport. The host gets the same skills, bodies, files and digests the
// serving loader holds, verifies them, and follows the server's changes.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, describe, expect, it } from 'vitest';
import { memorySource, SkillLoader, type SkillSource, type SourceChange } from '../../../src/index.js';
import { createSkillsMcpServer, mcpSkillSource } from '../../../src/mcp/index.js';
import { skillMd } from '../../support/skill-md.js';

const FILES = {
  'refunds/SKILL.md': skillMd('refunds', {
    description: 'Decide refunds under the store policy.',
    front: 'license: MIT\n',
    body: 'Read references/policy.md first.',
  }),
  'refunds/references/policy.md': 'Refunds up to 50 EUR — café receipts too.\n',
  'refunds/assets/logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]),
  'pdf/SKILL.md': skillMd('pdf', { description: 'Merge and split PDF files.', body: 'Use the pdf tools.' }),
  'shell/SKILL.md': skillMd('shell', { description: 'Run the deploy script.', front: 'allowed-tools: Bash(deploy.sh)\n', body: 'Run scripts/deploy.sh.' }),
  'shell/scripts/deploy.sh': '#!/bin/sh\necho deploy\n',
};

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

/** A source over files that change: `change(files)` swaps them and tells its watcher, as a watched folder would. */
function changingSource(initial: Record<string, string | Uint8Array>) {
  let inner = memorySource(initial);
  let heard: ((change: SourceChange) => void) | undefined;
  const source: SkillSource = {
    name: 'changing',
    list: (o) => inner.list(o),
    read: (path, o) => inner.read(path, o),
    watch(listener) {
      heard = listener;
      return () => (heard = undefined);
    },
  };
  const change = (files: Record<string, string | Uint8Array>): void => {
    inner = memorySource(files);
    heard?.({ paths: [] });
  };
  return { source, change };
}

async function bothEnds(approve?: () => boolean) {
  const changing = changingSource(FILES);
  const served = new SkillLoader({ builtin: changing.source });
  await served.loadAll();
  const server = createSkillsMcpServer(served, { pageSize: 2 });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'both-ends', version: '1.0.0' });
  await client.connect(clientSide);
  closers.push(async () => {
    await client.close();
    await server.close();
  });
  const host = new SkillLoader({ remote: mcpSkillSource(client, { label: 'satchel', ...(approve ? { approveAllowedTools: approve } : {}) }) });
  await host.loadAll();
  return { served, host, change: changing.change };
}

describe('mcpSkillSource against createSkillsMcpServer', () => {
  it('lists every skill lazily, then reads each one to the same body, files and digest', async () => {
    const { served, host } = await bothEnds(() => true);
    expect(host.diagnostics).toEqual([]);
    expect(host.getAll().map((s) => [s.name, s.loaded])).toEqual(served.getAll().map((s) => [s.name, false]));
    for (const skill of served.getAll()) {
      const [read] = await host.ensureLoaded(skill.name);
      expect(read?.content, skill.name).toBe(skill.content);
      expect(read?.files, skill.name).toEqual(skill.files);
      expect(read?.digest, skill.name).toBe(skill.digest);
    }
    expect(await host.readFile('refunds', 'references/policy.md')).toBe('Refunds up to 50 EUR — café receipts too.\n');
  });

  it('withholds allowed-tools without an approval: the same skill, another digest', async () => {
    const { served, host } = await bothEnds();
    const [shell] = await host.ensureLoaded('shell');
    expect(served.getByName('shell')?.allowedTools).toEqual(['Bash(deploy.sh)']);
    expect(shell?.allowedTools).toBeUndefined();
    expect(shell?.content).toBe('Run scripts/deploy.sh.');
  });

  it('hears the serving loader’s change through list-changed', async () => {
    const { served, host, change } = await bothEnds();
    change({ ...FILES, 'added/SKILL.md': skillMd('added', { description: 'Added on the server while connected.', body: 'New.' }) });
    await served.settled();
    for (let i = 0; i < 50 && host.getByName('added') === undefined; i++) {
      await new Promise((r) => setTimeout(r, 10));
      await host.settled();
    }
    expect(host.getByName('added')?.description).toBe('Added on the server while connected.');
    expect((await host.ensureLoaded('added'))[0]?.content).toBe('New.');
  });
});
