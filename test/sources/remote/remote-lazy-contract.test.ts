// The source contract, run on a lazy remote source: the standard fixture published as a discovery index (every entry
// with its description) and served over HTTP on 127.0.0.1 lists by metadata, and each entry read through readSkill is
// what the eager listing gives.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { afterAll } from 'vitest';
import { memorySource, publishSkills, remoteSource } from '../../../src/node/index.js';
import { startServer, type TestServer } from '../../support/http-server.js';
import { tempTrees } from '../../support/temp-trees.js';
import { describeSourceContract } from '../source-contract.js';

const tree = tempTrees('satchel-lazy-remote-');
const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

describeSourceContract(
  'remoteSource, lazy, over a published fixture',
  async (fixture) => {
    const out = await tree();
    await publishSkills(memorySource(fixture), out);
    const server = await startServer();
    servers.push(server);
    for (const entry of await readdir(out, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const abs = join(entry.parentPath, entry.name);
      server.routes.set(`/${relative(out, abs).split(sep).join('/')}`, { body: await readFile(abs) });
    }
    return remoteSource(server.url('/.well-known/agent-skills/index.json'), { trustedOrigins: [server.origin], lazy: true });
  },
  { lazy: true },
);
