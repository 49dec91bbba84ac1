// The PostgreSQL store on PGlite passes the store contract the IndexedDB and memory stores pass: one PGlite instance
// for the file (initdb costs seconds), a schema of its own for every store a test opens.
import { PGlite } from '@electric-sql/pglite';
import { afterAll } from 'vitest';
import { openPostgresSkillStore } from '../../src/postgres/index.js';
import type { StoreOptions } from '../../src/store/index.js';
import { describeArgumentsContract } from '../store/arguments-contract.js';
import { describeEvolutionContract } from '../store/evolution-contract.js';
import { describeExportChecksContract } from '../store/export-checks-contract.js';
import { describeGrowthContract } from '../store/growth-contract.js';
import { describeLearnedContract } from '../store/learned-contract.js';
import { describeStoreContract } from '../store/store-contract.js';
import { describePagingContract } from '../store/paging-contract.js';
import { describeKeptParseContract } from '../store/kept-parse-contract.js';
import { describeSafetyContract } from '../store/safety-contract.js';

let shared: Promise<PGlite> | undefined;
const pglite = (): Promise<PGlite> => (shared ??= PGlite.create());
afterAll(async () => (await shared)?.close());

let n = 0;
const make = async (options?: StoreOptions) => openPostgresSkillStore({ ...options, pglite: await pglite(), schema: `contract_${n++}` });

describeStoreContract('PostgreSQL (PGlite)', make);
describeEvolutionContract('PostgreSQL (PGlite)', make);
describeExportChecksContract('PostgreSQL (PGlite)', make);
describeArgumentsContract('PostgreSQL (PGlite)', make);
describeGrowthContract('PostgreSQL (PGlite)', make);
describeLearnedContract('PostgreSQL (PGlite)', make);
describePagingContract('PostgreSQL (PGlite)', make);
describeKeptParseContract('PostgreSQL (PGlite)', make);
describeSafetyContract('PostgreSQL (PGlite)', make);
