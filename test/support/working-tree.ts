// Seed samples call paths relative to the working folder (`./skills`): run them inside a temp tree.
import { afterAll, beforeAll } from 'vitest';
import { tempTrees, type FileTree } from './temp-trees.js';

/**
 * Writes `files` to a temp folder and makes it the working folder for the
 * tests of the calling file (restored after them). Returns the folder's path
 * once the tests run. Call it at the top level of a test file.
 */
export function workingTree(prefix: string, files: FileTree): () => string {
  const tree = tempTrees(prefix);
  const previous = process.cwd();
  let root: string | undefined;
  beforeAll(async () => {
    root = await tree(files);
    process.chdir(root);
  });
  afterAll(() => process.chdir(previous));
  return () => {
    if (root === undefined) throw new Error('workingTree: the tree is made in beforeAll');
    return root;
  };
}
