// Two app servers, one org: this process and a second Node process each keep a store and a loader on one PostgreSQL
// server (SATCHEL_TEST_PG_URL). A write on either reaches the other's loader over LISTEN/NOTIFY, both ways.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SkillLoader, type LoaderChange } from '../../src/index.js';
import { openPostgresSkillStore } from '../../src/postgres/index.js';
import { skillMd } from '../support/skill-md.js';
import { buildPeer, startPeer } from './peer-process.js';
import { PG_URL, runSchema, serverTitle, sharedPool } from './server.js';

const USER = ['acme', 'ann', 'skills'];
const INVOICES = 'turn these invoices into a csv spreadsheet';
const TRAVEL = 'book a flight and a hotel for the offsite';
let peer: Awaited<ReturnType<typeof buildPeer>> | undefined;

describe.skipIf(!PG_URL)(serverTitle('two Node processes on one PostgreSQL server'), () => {
  beforeAll(async () => {
    sharedPool();
    peer = await buildPeer();
  }, 60_000);
  afterAll(() => peer?.remove());

  it('a write in one process changes the other’s loader without a reload, both ways, with the same events', async () => {
    const schema = runSchema();
    const store = await openPostgresSkillStore({ connectionString: PG_URL as string, schema });
    const loader = new SkillLoader({ store });
    await loader.loadAll('acme', 'ann');
    const other = await startPeer(peer!.bundle, PG_URL as string, schema);
    try {
      // This process writes: the other process's loader hears it.
      await store.put(
        USER,
        skillMd('invoice-export', { description: 'Convert invoices into CSV spreadsheets for accounting.', front: { examples: [INVOICES] } }),
      );
      expect(await other.next('change', 'invoice-export')).toMatchObject({ change: 'upsert', cause: 'put', tier: 'user', revision: 1, size: 1 });
      // The other process writes: this loader updates that one skill and routes to it.
      const local = new Promise<LoaderChange>((resolve) => loader.on('change', (c) => c.name === 'travel-booking' && resolve(c)));
      other.put(skillMd('travel-booking', { description: 'Book flights and hotels for company trips.', front: { examples: [TRAVEL] } }));
      const change = await local;
      expect([change.type, change.cause, change.tier, change.revision]).toEqual(['upsert', 'put', 'user', 1]);
      expect(loader.route(TRAVEL)[0]?.skill.name).toBe('travel-booking');
      // An archive here leaves the other's loader too.
      await store.archive(USER, 'invoice-export');
      expect(await other.next('change', 'invoice-export')).toMatchObject({ change: 'remove', cause: 'archive', size: 1 });
      expect(loader.getAll().map((s) => s.name)).toEqual(['travel-booking']);
    } finally {
      await other.stop();
      loader.close();
      await store.close();
    }
  });
});
