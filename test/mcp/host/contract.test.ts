// The shared source contract, run on mcpSkillSource over a server built by hand on the SDK (in-memory transport): the
// standard fixture served as skills/list entries and skill:// resources lists by front matter, and each entry read
// through readSkill is what an eager listing gives.
import { afterAll } from 'vitest';
import { mcpSkillSource } from '../../../src/mcp/index.js';
import { describeSourceContract } from '../../sources/source-contract.js';
import { connectInMemory } from './connect.js';
import { handServer } from './hand-server.js';

const open: { close(): Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
});

describeSourceContract(
  'mcpSkillSource over a hand-built SDK server',
  async (fixture) => {
    const connection = await connectInMemory(handServer({ ...fixture }, { pageSize: 3 }).server);
    open.push(connection);
    return mcpSkillSource(connection.client, { label: 'hand' });
  },
  { lazy: true },
);
