// A second Node process running test/postgres/fixtures/peer.ts: bundled once with Vite's SSR build (dependencies stay
// external, so the bundle lives under node_modules/.cache where they resolve), then spawned with `node`.
import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** A message the peer writes. */
export interface PeerMessage {
  readonly type: string;
  readonly name?: string;
  readonly change?: string;
  readonly cause?: string;
  readonly tier?: string;
  readonly revision?: number;
  readonly size?: number;
  readonly at?: number;
}

/** A running peer. */
export interface Peer {
  /** The next message of `type` (and `name`, if given). */
  next(type: string, name?: string): Promise<PeerMessage>;
  put(text: string): void;
  stop(): Promise<void>;
}

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Bundles the peer; resolves to the bundle's path and a function removing it. */
export async function buildPeer(): Promise<{ bundle: string; remove: () => Promise<void> }> {
  const { build } = await import('vite');
  const outDir = join(root, 'node_modules', '.cache', `satchel-pg-peer-${process.pid}`);
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    build: {
      ssr: join(root, 'test', 'postgres', 'fixtures', 'peer.ts'),
      outDir,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      rolldownOptions: { output: { format: 'es', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' } },
    },
  });
  return { bundle: join(outDir, 'peer.mjs'), remove: () => rm(outDir, { recursive: true, force: true }) };
}

/** Starts the peer on `url` and `schema`; resolves once it has loaded. */
export async function startPeer(bundle: string, url: string, schema: string): Promise<Peer> {
  const child: ChildProcess = spawn(process.execPath, [bundle, url, schema], { stdio: ['pipe', 'pipe', 'inherit'] });
  const heard: PeerMessage[] = [];
  const waiting: { type: string; name: string | undefined; resolve: (m: PeerMessage) => void }[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const message = JSON.parse(line) as PeerMessage;
    const i = waiting.findIndex((w) => w.type === message.type && (w.name === undefined || w.name === message.name));
    if (i >= 0) waiting.splice(i, 1)[0]!.resolve(message);
    else heard.push(message);
  });
  const next = (type: string, name?: string): Promise<PeerMessage> => {
    const i = heard.findIndex((m) => m.type === type && (name === undefined || m.name === name));
    if (i >= 0) return Promise.resolve(heard.splice(i, 1)[0]!);
    return new Promise((resolve) => waiting.push({ type, name, resolve }));
  };
  await Promise.race([next('ready'), exited.then(() => Promise.reject(new Error('the peer process exited before it was ready')))]);
  return {
    next,
    put: (text) => void child.stdin!.write(`${JSON.stringify({ type: 'put', text })}\n`),
    async stop() {
      child.stdin!.end();
      await exited;
    },
  };
}
