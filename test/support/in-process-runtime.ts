// A runtime and its client in one process, over a real MessageChannel: the same Comlink protocol as a Worker.
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach } from 'vitest';
import { memorySource } from '../../src/index.js';
import { exposeSkillRuntime, type SkillRuntime, type SkillRuntimeOptions } from '../../src/worker/index.js';
import { connectSkillRuntime, type ConnectOptions, type SkillRuntimeClient } from '../../src/client/index.js';
import { BUILTIN_FILES } from './runtime-skills.js';
import { FakeStore } from './fake-store.js';

/** A connected pair; both ports are closed after each test. */
export interface Pair {
  readonly runtime: SkillRuntime;
  readonly client: SkillRuntimeClient<FakeStore>;
  /** The worker's side of the channel. */
  readonly workerPort: MessagePort;
}

const open: MessagePort[] = [];
afterEach(() => {
  for (const port of open.splice(0)) port.close();
});

/** A MessageChannel whose ports are closed after the test. */
export function channel(): MessageChannel {
  const pair = new MessageChannel();
  open.push(pair.port1, pair.port2);
  return pair;
}

/** Exposes a runtime (builtin skills and a fake store unless `options` says otherwise) and connects a client to it. */
export function inProcess(options: SkillRuntimeOptions = { builtin: memorySource(BUILTIN_FILES), store: new FakeStore() }, connect: ConnectOptions = {}): Pair {
  const { port1, port2 } = channel();
  const runtime = exposeSkillRuntime(options, port1);
  return { runtime, client: connectSkillRuntime<FakeStore>(port2, connect), workerPort: port1 };
}
