/**
 * `satchel vectors <dir> <out>`: loads the skills under `<dir>` as `list` does, embeds every routable one with
 * USE-Lite (the embedding stage's model, on TF.js's WASM backend) and writes the vectors to `<out>` as a skill
 * vector file. An app passes `fileVectorCache(file)` as `routing.vectorCache` and embeds none of those skills again.
 * @module
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { precomputeSkillVectors } from '../../../routing/meaning/vector-file.js';
import { readModelFiles, tfjsWasmPaths } from '../../model-folder.js';
import type { CliFlags, CliIo } from '../io.js';
import { escapeControl } from '../output/escape.js';
import { plural, shownPath } from '../output/print.js';
import { diagnosticsText, hiddenLine, loadExitCode, loadPaths, shownDiagnostics } from '../paths/load.js';

/** Embeds the skills under the first path and writes the file named by the second; resolves to the exit code. */
export async function vectorsCommand(flags: CliFlags, io: CliIo): Promise<number> {
  const [dir = '', out = ''] = flags.paths;
  const load = await loadPaths('vectors', [dir], flags, io);
  if (typeof load === 'number') return load;
  // Loaded on demand: the other commands never need TF.js, an optional peer dependency.
  const { createSentenceEncoder } = await import('../../../embeddings/index.js');
  const embedder = createSentenceEncoder({ files: readModelFiles(), wasmPaths: tfjsWasmPaths() });
  const file = await precomputeSkillVectors(load.loader.getAll(), embedder);
  const target = resolve(io.cwd, out);
  await writeFile(target, `${JSON.stringify(file)}\n`);
  const count = Object.keys(file.vectors).length;
  if (flags.json) {
    const summary = {
      file: shownPath(target, io.cwd),
      embedder: file.embedder,
      dimensions: file.dimensions,
      vectors: count,
      diagnostics: shownDiagnostics(load, io.cwd),
    };
    io.out.write(`${JSON.stringify(summary, null, 2)}\n`);
  } else {
    io.out.write(`${plural(count, 'skill vector')} (${file.embedder}, ${file.dimensions} dimensions) written to ${escapeControl(shownPath(target, io.cwd))}\n`);
    io.err.write(diagnosticsText('vectors', load, flags, io.cwd));
  }
  const hidden = await hiddenLine(load, io.cwd);
  if (hidden !== undefined) io.err.write(`satchel vectors: ${hidden}\n`);
  return loadExitCode(load, flags);
}
