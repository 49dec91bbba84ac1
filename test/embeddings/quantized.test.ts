// scripts/quantize-use.mjs: the uint8 model it writes loads through the official loader and embeds close to the
// float32 model (routing top-1 is measured by the bench: `npm run bench:routing -- --model <dir>`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createSentenceEncoder } from '../../src/embeddings/index.js';
import { readModelFiles, tfjsWasmPaths } from '../../src/node/model-folder.js';
import { dot, normalized } from '../../src/routing/meaning/embedder.js';

const dir = mkdtempSync(join(tmpdir(), 'satchel-use-uint8-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('writes a uint8 model a quarter the size whose vectors stay within 0.05 cosine of the float32 ones', async () => {
  const run = spawnSync(process.execPath, ['scripts/quantize-use.mjs', dir], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  const bytes = ['group1-shard1of2', 'group1-shard2of2'].reduce((n, f) => n + statSync(join(dir, f)).size, 0);
  expect(bytes).toBeLessThan(27_903_656 / 3.9);
  const texts = ['merge two PDF files', 'what will the weather be tomorrow', 'I want my money back for this order', 'resolve the merge conflict in main'];
  const full = await createSentenceEncoder({ files: readModelFiles(), wasmPaths: tfjsWasmPaths() }).embed(texts);
  const small = await createSentenceEncoder({ files: readModelFiles(dir), wasmPaths: tfjsWasmPaths() }).embed(texts);
  for (const [i, v] of full.entries()) expect(dot(normalized(v), normalized(small[i] as Float32Array))).toBeGreaterThan(0.95);
}, 120_000);
