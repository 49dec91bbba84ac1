/**
 * Satchel demo: the page's one connection to the skill runtime in its Worker (worker.ts), through `satchel/client`.
 */
import { connectSkillRuntime, type SkillRuntimeClient } from '../../src/client/index.js';
import type { SkillStore } from '../../src/store/index.js';
import { announceChange } from './events.js';

/** The demo's org and user ids: one person, one browser, no server. */
export const ORG = 'demo';
export const USER = 'me';
/** Where the person's own skills live in the store. */
export const USER_NS: readonly string[] = [ORG, USER, 'skills'];
/** Where the org's shared skills live: loaded after the builtin tier and before the user's. */
export const ORG_NS: readonly string[] = [ORG, 'skills'];

export type Runtime = SkillRuntimeClient<SkillStore>;

/** Where the routing-by-meaning switch is remembered between visits. */
const MEANING_KEY = 'satchel-demo:route-by-meaning';

/** True when the person switched routing by meaning on (remembered in this browser). */
export function meaningWanted(): boolean {
  return localStorage.getItem(MEANING_KEY) === 'on';
}

// The worker reads its mode from its name: `+meaning` adds the sentence-embedding stage.
function spawnWorker(): Worker {
  const name = meaningWanted() ? 'satchel-skills+meaning' : 'satchel-skills';
  return new Worker(new URL('../worker.ts', import.meta.url), { type: 'module', name });
}

let replaceWorker: (() => Promise<void>) | undefined;

/** Starts the Worker, connects, and loads every tier; a lost worker is replaced and reloaded. */
export async function startRuntime(): Promise<Runtime> {
  let worker = spawnWorker();
  const runtime = connectSkillRuntime<SkillStore>(worker);
  // A fresh worker starts empty: load it, then let every panel read again.
  replaceWorker = async () => {
    worker.terminate();
    worker = spawnWorker();
    runtime.reconnect(worker);
    await runtime.loadAll(ORG, USER);
    announceChange();
  };
  runtime.on('lost', () => void replaceWorker?.().catch((error: unknown) => console.warn('demo: reload after a lost worker', error)));
  await runtime.loadAll(ORG, USER);
  return runtime;
}

/** Turns routing by meaning on or off: remembered, then a worker in the new mode takes over (the store stays). */
export async function setMeaning(on: boolean): Promise<void> {
  localStorage.setItem(MEANING_KEY, on ? 'on' : 'off');
  await replaceWorker?.();
}

/** The message of an error as a person should read it (`CODE: message` for a SkillError). */
export function errorText(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}
