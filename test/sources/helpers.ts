// Small helpers shared by the source tests.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll } from 'vitest';
import { isSkillError } from '../../src/format/errors.js';
import type { SourceFixture } from './contract.js';

/** SKILL.md text for a skill named `name`, described as one of the `source` source tests. */
export function skillText(name: string, source: string): string {
  return `---\nname: ${name}\ndescription: The ${name} skill for ${source} source tests.\n---\nDo ${name}.\n`;
}

/** The `SkillError` code `promise` rejects with (any other rejection as text), or `undefined` when it fulfils. */
export async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (e) {
    return isSkillError(e) ? e.code : String(e);
  }
}

/**
 * A maker of temp folders: each call writes `files` (paths from the root)
 * to a fresh folder named `prefix…` and returns its path. Every folder it
 * made is removed after the test file; call it at the top level of one.
 */
export function tempTrees(prefix: string): (files: SourceFixture) => Promise<string> {
  const roots: string[] = [];
  afterAll(async () => {
    await Promise.all(roots.map((r) => rm(r, { recursive: true, force: true })));
  });
  return async (files) => {
    const root = await mkdtemp(join(tmpdir(), prefix));
    roots.push(root);
    for (const [path, content] of Object.entries(files)) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), content);
    }
    return root;
  };
}
