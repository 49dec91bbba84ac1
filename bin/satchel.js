#!/usr/bin/env node
// The satchel command line; the code lives in dist/node/cli/index.js, which `npm run build` writes (`npm pack` builds
// first, so a package always has it).
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/node/cli/index.js', import.meta.url);

// A reader that stops early (`satchel list skills | head -1`) closes the pipe: that ends the output, and must not
// end in an unhandled 'error' event and a stack trace. The command still finishes with its own exit code.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);

/** The CLI module, or `undefined` (after a line saying what to do) in a checkout that was never built. */
async function loadCli() {
  try {
    return await import(entry.href);
  } catch (e) {
    // Only the entry itself missing: a module missing inside a build is a real failure, reported as one.
    const missing = e instanceof Error && 'code' in e && e.code === 'ERR_MODULE_NOT_FOUND' && e.message.includes(fileURLToPath(entry));
    if (!missing) throw e;
    process.stderr.write('satchel: the command is not built yet (dist/node/cli/index.js is missing); run `npm run build` first.\n');
    return undefined;
  }
}

const cli = await loadCli();
process.exitCode = cli ? await cli.runCli(process.argv.slice(2), cli.processIo()) : 1;
