/**
 * The second app server of the PostgreSQL store bench: a child process on
 * this same bundle (`SATCHEL_BENCH_CHILD=pgpeer:{url,schema}`) with its own
 * store and loader on the server, printing one JSON line per loader change
 * with the time it was heard (`Date.now()`: one machine, one clock).
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { SkillLoader } from '../../src/loader/loader.js';
import { openPostgresSkillStore } from '../../src/postgres/index.js';
import { CHILD_ENV } from '../load/loader-memory.js';

/** What the peer heard. */
export interface Heard {
  readonly name: string;
  readonly revision: number;
  readonly at: number;
}

/** Runs in the child: listens until stdin closes. */
export async function postgresPeerChild(spec: string): Promise<void> {
  const { url, schema } = JSON.parse(spec) as { url: string; schema: string };
  const store = await openPostgresSkillStore({ connectionString: url, schema });
  const loader = new SkillLoader({ store });
  await loader.loadAll('acme');
  loader.on('change', (c) => void process.stdout.write(`${JSON.stringify({ name: c.name, revision: c.revision ?? 0, at: Date.now() })}\n`));
  process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
  await new Promise<void>((resolve) => process.stdin.on('end', resolve).resume());
  loader.close();
  await store.close();
}

/** A started peer: the next change it hears, and its end. */
export interface BenchPeer {
  next(name: string, revision: number): Promise<Heard>;
  stop(): Promise<void>;
}

/** Starts the peer on `url`/`schema`; resolves once its loader has loaded. */
export async function startBenchPeer(url: string, schema: string): Promise<BenchPeer> {
  const child: ChildProcess = spawn(process.execPath, [process.argv[1] as string], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, [CHILD_ENV]: `pgpeer:${JSON.stringify({ url, schema })}` },
  });
  const waiting = new Map<string, (h: Heard) => void>();
  let ready: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (ready = resolve));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const message = JSON.parse(line) as Heard & { ready?: boolean };
    if (message.ready) return ready();
    waiting.get(`${message.name}@${message.revision}`)?.(message);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await Promise.race([started, exited.then(() => Promise.reject(new Error('bench: the PostgreSQL peer exited before it was ready')))]);
  return {
    next: (name, revision) => new Promise((resolve) => waiting.set(`${name}@${revision}`, resolve)),
    async stop() {
      child.stdin!.end();
      await exited;
    },
  };
}
