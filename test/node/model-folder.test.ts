import { expect, it } from 'vitest';
import { readModelFiles, tfjsWasmPaths } from '../../src/node/model-folder.js';

it('reads the model package files, refuses paths outside the folder, and points at the wasm binaries with a slash', async () => {
  const files = readModelFiles();
  const model = JSON.parse(new TextDecoder().decode(await files.read('model.json'))) as { weightsManifest: unknown[] };
  expect(model.weightsManifest.length).toBe(1);
  await expect(files.read('../package.json')).rejects.toThrow(/outside the model folder/);
  expect(tfjsWasmPaths()).toMatch(/tfjs-backend-wasm[\\/]dist\/$/);
});
