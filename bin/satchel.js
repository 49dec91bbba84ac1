#!/usr/bin/env node
// The satchel command line; the code lives in dist/node/cli/index.js (run `npm run build` first in a checkout).
import { runCli } from '../dist/node/cli/index.js';

// A reader that stops early (`satchel list skills | head -1`) closes the pipe: that ends the output, and must not
// end in an unhandled 'error' event and a stack trace. The command still finishes with its own exit code.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);

process.exitCode = await runCli(process.argv.slice(2), { out: process.stdout, err: process.stderr, cwd: process.cwd() });
