// The worker survives what it is sent: malformed messages that used to kill a Node worker_threads runtime, and
// Comlink-shaped SETs that wrote Object.prototype or replaced a session method, are dropped before Comlink sees them.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel, Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSkillRuntime } from '../../src/client/index.js';
import { isWellFormedCall } from '../../src/worker/message-guard.js';

const src = fileURLToPath(new URL('../../src/', import.meta.url));
let dir = '';
let bundle = '';

// The worker: the runtime over one skill, and an app-level probe that reports Object.prototype.polluted.
const ENTRY = `
import { parentPort } from 'node:worker_threads';
import { memorySource } from ${JSON.stringify(join(src, 'index.ts'))};
import { exposeSkillRuntime } from ${JSON.stringify(join(src, 'worker', 'index.ts'))};
const pdf = '---\\nname: pdf\\ndescription: Work with PDF files. Use when the user has a PDF.\\n---\\nDo PDF things.\\n';
exposeSkillRuntime({ builtin: memorySource({ 'pdf/SKILL.md': pdf }) }, parentPort);
parentPort.on('message', (m) => {
  if (m && m.probe === true) parentPort.postMessage({ probe: String(({}).polluted) });
});
`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'satchel-hostile-worker-'));
  await writeFile(join(dir, 'entry.ts'), ENTRY);
  const { build } = await import('vite');
  await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    ssr: { noExternal: true },
    build: {
      ssr: join(dir, 'entry.ts'),
      outDir: join(dir, 'out'),
      target: 'node20',
      minify: false,
      rolldownOptions: { output: { format: 'es', entryFileNames: '[name].mjs' } },
    },
  });
  bundle = join(dir, 'out', 'entry.mjs');
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const raw = (value: unknown) => ({ type: 'RAW', value });
const HOSTILE: [string, unknown][] = [
  ['an argumentList that is not an array', { id: 'a', type: 'APPLY', path: ['getAll'], argumentList: 5 }],
  ['an unknown wire handler', { id: 'b', type: 'APPLY', path: ['getByName'], argumentList: [{ type: 'HANDLER', name: 'nope', value: 1 }] }],
  ['a null argument entry', { id: 'c', type: 'APPLY', path: ['getByName'], argumentList: [null] }],
  ['a 50 MB plain string', 'x'.repeat(50 * 1024 * 1024)],
  ['a SET on Object.prototype', { id: 'd', type: 'SET', path: ['__proto__', 'polluted'], value: raw('yes') }],
  ['a SET through constructor.prototype', { id: 'e', type: 'SET', path: ['constructor', 'prototype', 'polluted'], value: raw('yes') }],
  ['a SET replacing a session method', { id: 'f', type: 'SET', path: ['getByName'], value: raw('hijacked') }],
  ['a CONSTRUCT', { id: 'g', type: 'CONSTRUCT', path: ['getAll'], argumentList: [] }],
  ['a call to a prototype member', { id: 'h', type: 'APPLY', path: ['__proto__'], argumentList: [] }],
  ['a proxy handler without a port', { id: 'i', type: 'APPLY', path: ['getByName'], argumentList: [{ type: 'HANDLER', name: 'proxy', value: 0 }] }],
  ['a throw handler', { id: 'j', type: 'APPLY', path: ['getByName'], argumentList: [{ type: 'HANDLER', name: 'throw', value: { isError: false, value: 1 } }] }],
];

describe('a Node worker runtime sent hostile messages', () => {
  it('stays alive, unpolluted, and answers its client as before', async () => {
    const worker = new Worker(bundle);
    let exited: number | undefined;
    worker.on('exit', (code) => (exited = code));
    try {
      for (const [, message] of HOSTILE) worker.postMessage(message);
      const client = connectSkillRuntime(worker);
      await client.loadAll();
      expect((await client.getByName('pdf'))?.name).toBe('pdf');
      expect((await client.activate('/pdf')).map((a) => a.skill.name)).toEqual(['pdf']);
      const probe = new Promise<unknown>((resolve) => worker.on('message', (m: { probe?: unknown }) => m?.probe !== undefined && resolve(m.probe)));
      worker.postMessage({ probe: true });
      expect(await probe).toBe('undefined');
      expect(exited).toBeUndefined();
    } finally {
      await worker.terminate();
    }
  }, 30_000);
});

describe('the message guard', () => {
  const keys = new Set(['getByName', 'getAll']);
  it.each(HOSTILE)('drops %s', (_, message) => {
    expect(isWellFormedCall(message, keys)).toBe(false);
  });

  it('lets through the calls a client makes', () => {
    expect(isWellFormedCall({ id: '1', type: 'APPLY', path: ['getByName'], argumentList: [raw('pdf')] }, keys)).toBe(true);
    expect(isWellFormedCall({ id: '2', type: 'GET', path: ['getAll'] }, keys)).toBe(true);
    expect(isWellFormedCall({ id: '3', type: 'RELEASE' }, keys)).toBe(true);
    const { port1 } = new MessageChannel();
    expect(isWellFormedCall({ id: '4', type: 'APPLY', path: ['getByName'], argumentList: [{ type: 'HANDLER', name: 'proxy', value: port1 }] }, keys)).toBe(
      true,
    );
    port1.close();
  });
});
