// Opening files for the directory source: regular files only, and never a blocking open.
import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closeFile, openFile } from '../../src/node/directory/opened-file.js';
import { tempTrees } from '../support/temp-trees.js';

const tree = tempTrees('satchel-opened-file-');

describe('openFile', () => {
  it('refuses a FIFO without waiting for a writer', async () => {
    const root = realpathSync(await tree());
    execFileSync('mkfifo', [join(root, 'SKILL.md')]);
    expect(await openFile(join(root, 'SKILL.md'))).toEqual({ refused: 'not-regular', what: 'a FIFO' });
  });

  it('opens a regular file and gives its size', async () => {
    const root = realpathSync(await tree({ 'a.md': 'hello' }));
    const opened = await openFile(join(root, 'a.md'));
    if (!('fd' in opened)) throw new Error(`refused: ${opened.refused}`);
    closeFile(opened.fd);
    expect(opened.size).toBe(5);
  });
});
