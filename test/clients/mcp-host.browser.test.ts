// mcpSkillSource in a real browser (Chromium via vitest browser mode), inside a dedicated Worker: the SDK Client and a
// hand-built Skills Extension server linked in the worker, the host listing lazily, reading on use, verifying, and
// refusing tampered bytes, with no Node API.
import { afterEach, describe, expect, it } from 'vitest';

const workers: Worker[] = [];
afterEach(() => {
  for (const worker of workers.splice(0)) worker.terminate();
});

describe('mcpSkillSource in a Worker', () => {
  it('lists by skills/list, reads a skill on use, verifies its files and tags the catalog', async () => {
    const worker = new Worker(new URL('./fixtures/mcp-host-worker.ts', import.meta.url), { type: 'module' });
    workers.push(worker);
    const answer = await new Promise<{ report?: Record<string, unknown>; error?: string }>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent) => resolve(event.data as { report?: Record<string, unknown>; error?: string });
      worker.onerror = (event) => reject(new Error(event.message));
      worker.postMessage('run');
    });
    expect(answer.error).toBeUndefined();
    expect(answer.report).toEqual({
      inWorker: true,
      listed: [
        ['pdf', true],
        ['refunds', true],
      ],
      callsAfterList: ['skills/list'],
      content: 'Read references/policy.md first.',
      file: 'Refunds up to 50 EUR — café receipts too.\n',
      catalog: expect.stringContaining('- refunds: [mcp:worker] Decide refunds under the store policy.'),
      mismatch: 'DIGEST_MISMATCH',
    });
  });
});
