// Temporary folders of files for tests that read the disk.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll } from 'vitest';

/** Files by path from a root, as `memorySource` takes them. */
export type FileTree = Readonly<Record<string, string | Uint8Array>>;

/**
 * A maker of temp folders: each call writes `files` (paths from the root)
 * to a fresh folder named `prefix…` and returns its path. Every folder it
 * made is removed after the test file; call it at the top level of one.
 */
export function tempTrees(prefix: string): (files?: FileTree) => Promise<string> {
  const roots: string[] = [];
  afterAll(async () => {
    await Promise.all(roots.map((r) => rm(r, { recursive: true, force: true })));
  });
  return async (files = {}) => {
    const root = await mkdtemp(join(tmpdir(), prefix));
    roots.push(root);
    for (const [path, content] of Object.entries(files)) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), content);
    }
    return root;
  };
}
