/**
 * The version `satchel --version` prints, read from the package's own
 * package.json (three folders up from both `src/node/cli/` and `dist/node/cli/`).
 * @module
 */
import { readFile } from 'node:fs/promises';

/** The `version` field of Satchel's package.json. */
export async function packageVersion(): Promise<string> {
  const text = await readFile(new URL('../../../package.json', import.meta.url), 'utf8');
  const { version } = JSON.parse(text) as { version?: unknown };
  if (typeof version !== 'string') throw new Error('package.json has no version.');
  return version;
}
