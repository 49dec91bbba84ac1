#!/usr/bin/env node
// The satchel command line; the code lives in dist/node/cli/index.js (run `npm run build` first in a checkout).
import { runCli } from '../dist/node/cli/index.js';

process.exitCode = await runCli(process.argv.slice(2), { out: process.stdout, err: process.stderr, cwd: process.cwd() });
