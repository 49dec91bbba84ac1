// In Node, an idle client must not hold the process open (a script ends by itself), a pending call must, and
// `keepAlive: true` keeps the endpoint's own reference as a plain Worker would.
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { memorySource } from '../../src/index.js';
import { connectSkillRuntime } from '../../src/client/index.js';
import { exposeSkillRuntime } from '../../src/worker/index.js';
import { skillMd } from '../support/skill-md.js';

const ports: MessagePort[] = [];
afterEach(() => ports.splice(0).forEach((p) => p.close()));

/** Whether the port keeps Node's event loop alive (`hasRef`, in Node ≥ 18.1; @types/node 20 leaves it out). */
function held(port: MessagePort): boolean {
  return (port as unknown as { hasRef(): boolean }).hasRef();
}

function pair(): MessagePort {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  exposeSkillRuntime({ builtin: memorySource({ 'pdf/SKILL.md': skillMd('pdf') }) }, port2);
  return port1;
}

describe('holding a Node process open', () => {
  it('only while calls are pending, by default', async () => {
    const page = pair();
    const client = connectSkillRuntime(page);
    expect(held(page)).toBe(false);
    const loads = Promise.all([client.loadAll(), client.loadAll()]);
    expect(held(page)).toBe(true);
    await loads;
    expect(held(page)).toBe(false);
    const activation = client.activate('/pdf');
    expect(held(page)).toBe(true);
    expect((await activation).map((a) => a.skill.name)).toEqual(['pdf']);
    expect(held(page)).toBe(false);
    client.close();
  });

  it('never lets go with keepAlive: true', async () => {
    const page = pair();
    const client = connectSkillRuntime(page, { keepAlive: true });
    expect(held(page)).toBe(true);
    await client.loadAll();
    expect(held(page)).toBe(true);
    client.close();
  });
});
