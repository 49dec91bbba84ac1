import { it } from 'vitest';
import { directorySource } from '../../src/node/index.js';
it('smoke', async () => {
  for (const opts of [{}, { maxFolders: 100000 }, { maxFolders: 100000 }]) {
    const t0 = performance.now();
    const l = await directorySource('/work/shared/corpus', opts).list();
    console.log('RESULT', JSON.stringify(opts), Math.round(performance.now() - t0), 'ms', l.entries.length, 'entries', l.diagnostics.filter((d) => d.code === 'discovery-limit').map((d) => d.message).join(' | '));
  }
}, 120000);
