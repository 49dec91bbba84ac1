// The heartbeat's schedule, on fake timers: pings only while busy, one loop at most, silence reported once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Heartbeat } from '../../src/client/heartbeat.js';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

/** A ping whose answers the test releases one by one. */
function pings() {
  const answers: (() => void)[] = [];
  const ping = vi.fn(() => new Promise<void>((resolve) => answers.push(resolve)));
  return { ping, answerNext: () => answers.shift()?.() };
}

describe('the heartbeat', () => {
  it('pings once per interval while busy, never while idle', async () => {
    const { ping, answerNext } = pings();
    const beat = new Heartbeat(ping, () => undefined, { heartbeatInterval: 100, heartbeatTimeout: 1000 });
    await vi.advanceTimersByTimeAsync(500);
    expect(ping).not.toHaveBeenCalled();
    beat.busy();
    await vi.advanceTimersByTimeAsync(100);
    expect(ping).toHaveBeenCalledTimes(1);
    answerNext();
    await vi.advanceTimersByTimeAsync(100);
    expect(ping).toHaveBeenCalledTimes(2);
    answerNext();
    beat.idle();
    await vi.advanceTimersByTimeAsync(1000);
    expect(ping).toHaveBeenCalledTimes(2);
  });

  it('keeps one loop when a ping is answered after an idle and busy turn', async () => {
    const { ping, answerNext } = pings();
    const beat = new Heartbeat(ping, () => undefined, { heartbeatInterval: 100, heartbeatTimeout: 1000 });
    beat.busy();
    await vi.advanceTimersByTimeAsync(100); // ping 1 in flight
    beat.idle();
    beat.busy(); // a new call: the next ping is due in 100 ms
    answerNext(); // ping 1 answered now
    await vi.advanceTimersByTimeAsync(0);
    beat.idle();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reports a ping unanswered within the timeout once, and nothing after stop', async () => {
    const { ping } = pings();
    const silent = vi.fn();
    const beat = new Heartbeat(ping, silent, { heartbeatInterval: 100, heartbeatTimeout: 300 });
    beat.busy();
    await vi.advanceTimersByTimeAsync(400);
    expect(silent).toHaveBeenCalledWith('it did not answer a ping within 300 ms');
    beat.stop();
    beat.probe();
    await vi.advanceTimersByTimeAsync(1000);
    expect(silent).toHaveBeenCalledTimes(1);
  });
});
