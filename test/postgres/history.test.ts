// The evolution history on the PostgreSQL store (one PGlite instance, a schema per test): the same contract as the
// memory and IndexedDB stores, through the same Backend seam.
import { PGlite } from '@electric-sql/pglite';
import * as git from 'isomorphic-git';
import { afterAll } from 'vitest';
import { openPostgresSkillStore } from '../../src/postgres/index.js';
import { memoryGitFs } from '../support/memory-git-fs.js';
import { describeHistoryContract } from '../store/history-contract.js';

let shared: Promise<PGlite> | undefined;
const pglite = (): Promise<PGlite> => (shared ??= PGlite.create());
afterAll(async () => (await shared)?.close());

let n = 0;
describeHistoryContract('PostgreSQL (PGlite)', async (options) => openPostgresSkillStore({ ...options, pglite: await pglite(), schema: `history_${n++}` }), {
  git: () => git,
  fresh: async () => ({ fs: memoryGitFs(), dir: '/artifacts/evolution' }),
});
