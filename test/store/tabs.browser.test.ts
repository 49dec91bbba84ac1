// Every tab in step, in Chromium: this page and a second browsing context (a same-origin iframe with its own
// module graph, IndexedDB connection and BroadcastChannel) each keep a store and a loader over one database.
// A save in one routes in the other without a reload, both ways.
import { afterAll, describe, expect, it } from 'vitest';
import { SkillLoader, type LoaderChange } from '../../src/index.js';
import { openIndexedDbStore } from '../../src/store/index.js';
import { skillMd } from '../support/skill-md.js';
import { rawDelete } from '../support/raw-idb.js';

const DB = `satchel-tabs-${Date.now()}`;
const USER = ['acme', 'ann', 'skills'];
const INVOICES = 'turn these invoices into a csv spreadsheet';
const TRAVEL = 'book a flight and a hotel for the offsite';

interface PeerMessage {
  readonly type: string;
  readonly name?: string;
  readonly cause?: string;
  readonly routed?: readonly string[];
  readonly size?: number;
}

/** The second tab: its own store and loader over the same database; it reports each loader change and saves on request. */
function peerDocument(): string {
  // Vitest's browser mode rewrites each dynamic import() into a call on its runner, which only the test's own frame
  // has: the second tab gets a runner that just imports (the store imports its scanner on the first write).
  return `<!doctype html><script>globalThis.__vitest_browser_runner__ = { wrapDynamicImport: (load) => load() };</script>
<script type="module">
import { openIndexedDbStore } from '/src/store/index.ts';
import { SkillLoader } from '/src/index.ts';
const store = await openIndexedDbStore({ name: ${JSON.stringify(DB)}, persist: false });
const loader = new SkillLoader({ store });
await loader.loadAll('acme', 'ann');
loader.on('change', (c) => parent.postMessage({ type: 'change', name: c.name, cause: c.cause, size: loader.size,
  routed: loader.route(${JSON.stringify(INVOICES)}).map((r) => r.skill.name) }, '*'));
addEventListener('message', async (event) => {
  if (event.data?.type !== 'save') return;
  await store.put(${JSON.stringify(USER)}, event.data.text);
  parent.postMessage({ type: 'saved' }, '*');
});
parent.postMessage({ type: 'ready' }, '*');
</script>`;
}

function nextMessage(type: string): Promise<PeerMessage> {
  return new Promise((resolve) => {
    const heard = (event: MessageEvent<PeerMessage>): void => {
      if (event.data?.type !== type) return;
      removeEventListener('message', heard);
      resolve(event.data);
    };
    addEventListener('message', heard);
  });
}

afterAll(async () => {
  await rawDelete(indexedDB, DB);
});

describe('every tab in step (Chromium, two browsing contexts)', () => {
  it('a save in one tab routes in the other without a reload, both ways', async () => {
    const store = await openIndexedDbStore({ name: DB, persist: false });
    const loader = new SkillLoader({ store });
    await loader.loadAll('acme', 'ann');
    const frame = document.createElement('iframe');
    const ready = nextMessage('ready');
    frame.srcdoc = peerDocument();
    document.body.append(frame);
    await ready;

    // This tab saves; the other tab's loader hears it over BroadcastChannel and routes the turn to it.
    const peerChange = nextMessage('change');
    await store.put(
      USER,
      skillMd('invoice-export', { description: 'Convert invoices into CSV spreadsheets for accounting.', front: { examples: [INVOICES] } }),
    );
    expect(await peerChange).toEqual({ type: 'change', name: 'invoice-export', cause: 'put', size: 1, routed: ['invoice-export'] });

    // The other tab saves; this tab's loader updates that one skill and emits its change event.
    const local = new Promise<LoaderChange>((resolve) => loader.on('change', (c) => c.name === 'travel-booking' && resolve(c)));
    const saved = nextMessage('saved');
    frame.contentWindow?.postMessage(
      { type: 'save', text: skillMd('travel-booking', { description: 'Book flights and hotels for company trips.', front: { examples: [TRAVEL] } }) },
      '*',
    );
    await saved;
    const change = await local;
    expect([change.type, change.cause, change.tier]).toEqual(['upsert', 'put', 'user']);
    expect(loader.route(TRAVEL)[0]?.skill.name).toBe('travel-booking');
    expect(
      loader
        .getAll()
        .map((s) => s.name)
        .sort(),
    ).toEqual(['invoice-export', 'travel-booking']);

    frame.remove();
    loader.close();
    store.close();
  });
});
