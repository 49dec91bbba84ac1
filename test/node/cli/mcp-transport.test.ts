// satchel mcp's stdio transport has back-pressure: bounded requests in flight, stdin paused while stdout is unread,
// and a request line past the limit ends the server with a reason.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BoundedStdioTransport } from '../../../src/node/cli/commands/mcp-transport.js';

const request = (id: number): string => `${JSON.stringify({ jsonrpc: '2.0', id, method: 'resources/read', params: { uri: 'skill://pdf/SKILL.md' } })}\n`;

function pipes(highWaterMark = 16 * 1024 * 1024): { input: PassThrough; output: PassThrough; lines: () => { id?: unknown; error?: { code: number } }[] } {
  const input = new PassThrough();
  // Nobody reads `output` until `lines()`: a client that never reads stdout.
  const output = new PassThrough({ highWaterMark });
  const lines = () =>
    String(output.read() ?? '')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as { id?: unknown; error?: { code: number } });
  return { input, output, lines };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('the bounded stdio transport', () => {
  it('keeps at most maxInFlight requests waiting and refuses the rest at once, busy', async () => {
    const { input, output, lines } = pipes();
    const transport = new BoundedStdioTransport(input, output, { maxInFlight: 4 });
    const received: unknown[] = [];
    transport.onmessage = (m) => received.push(m); // a server that never answers
    await transport.start();
    input.write(Array.from({ length: 3000 }, (_, i) => request(i)).join(''));
    await flush();
    expect(received).toHaveLength(4);
    expect(transport.inFlight).toBe(4);
    const answers = lines();
    expect(answers).toHaveLength(2996);
    expect(answers.every((a) => a.error?.code === -32000)).toBe(true);
    // An answer frees a place.
    await transport.send({ jsonrpc: '2.0', id: 0, result: {} });
    input.write(request(5000));
    await flush();
    expect(received).toHaveLength(5);
  });

  it('stops reading while stdout holds more than maxPendingOutputBytes, and reads again once it drains', async () => {
    const { input, output } = pipes(1024);
    const transport = new BoundedStdioTransport(input, output, { maxInFlight: 10_000, maxPendingOutputBytes: 64 * 1024 });
    transport.onmessage = (m) => void transport.send({ jsonrpc: '2.0', id: (m as { id: number }).id, result: { text: 'x'.repeat(4096) } });
    await transport.start();
    for (let i = 0; i < 3000; i++) input.write(request(i));
    await flush();
    expect(input.isPaused()).toBe(true);
    expect(output.writableLength).toBeLessThan(64 * 1024 + 70 * 4200);
    output.resume(); // the client reads at last
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(input.isPaused()).toBe(false);
  });

  it('ends on a request line past maxLineBytes, saying why', async () => {
    const { input, output } = pipes();
    let reason = '';
    let closed = false;
    const transport = new BoundedStdioTransport(input, output, { maxLineBytes: 1024, onFatal: (r) => (reason = r) });
    transport.onclose = () => (closed = true);
    await transport.start();
    input.write('{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"');
    input.write('x'.repeat(2048));
    await flush();
    expect(reason).toBe('a request line passed 1024 bytes without ending; the server stops');
    expect(closed).toBe(true);
  });

  it('answers a line that is not JSON-RPC with the JSON-RPC error, and carries on', async () => {
    const { input, output, lines } = pipes();
    const transport = new BoundedStdioTransport(input, output);
    const received: unknown[] = [];
    transport.onmessage = (m) => received.push(m);
    await transport.start();
    input.write('not json\n{"id":3}\n' + request(4));
    await flush();
    expect(lines().map((a) => [a.id, a.error?.code])).toEqual([
      [null, -32700],
      [3, -32600],
    ]);
    expect(received).toHaveLength(1);
  });

  it('frees the place of a cancelled request, and refuses an id already in flight', async () => {
    const { input, output, lines } = pipes();
    const transport = new BoundedStdioTransport(input, output, { maxInFlight: 2 });
    const received: unknown[] = [];
    transport.onmessage = (m) => received.push(m);
    await transport.start();
    input.write(request(1) + request(1));
    await flush();
    expect(received).toHaveLength(1);
    expect(lines().map((a) => [a.id, a.error?.code])).toEqual([[1, -32600]]);
    // 40 requests cancelled one after another never fill the two places.
    for (let i = 2; i < 42; i++)
      input.write(request(i) + `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: i } })}\n`);
    await flush();
    expect(lines().filter((a) => a.error?.code === -32000)).toEqual([]);
    expect(transport.inFlight).toBe(1);
  });
});
