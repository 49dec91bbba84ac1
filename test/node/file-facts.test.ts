// Opening files for the directory source: regular files only, and never a blocking open.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openRegular } from '../../src/node/file-facts.js';
import { rejected } from '../support/errors.js';
import { tempTrees } from '../support/temp-trees.js';

const tree = tempTrees('satchel-file-facts-');

describe('openRegular', () => {
  it('refuses a FIFO without waiting for a writer', async () => {
    const root = await tree();
    execFileSync('mkfifo', [join(root, 'SKILL.md')]);
    const error = await rejected(openRegular(join(root, 'SKILL.md'), 'SKILL.md'));
    expect([error.code, error.message]).toEqual(['UNSAFE_PATH', '`SKILL.md` is not a regular file.']);
  });

  it('opens a regular file and gives its size', async () => {
    const root = await tree({ 'a.md': 'hello' });
    const { handle, size } = await openRegular(join(root, 'a.md'), 'a.md');
    await handle.close();
    expect(size).toBe(5);
  });
});
