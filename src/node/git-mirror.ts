/**
 * `nodeGitMirror`: the evolution history in a folder on disk, for a store in
 * Node. The Git code (`gitMirror` of `satchel/store`, and isomorphic-git under
 * it) loads with the first accepted change, so `satchel/node` stays light for
 * apps that keep no history.
 * @module
 */
import * as fs from 'node:fs';
import { resolve } from 'node:path';
import type { EvolutionChange, EvolutionMirror } from '../store/history/types.js';

/**
 * A mirror of a store's accepted changes in the Git repository at `dir` — the app passes `<artifactRoot>/evolution`.
 * The repository is bare (the folder is its Git directory), made on the first change; `git -C <dir> log` reads it,
 * `git clone <dir>` checks its skills out, and `satchel history <artifactRoot>` prints its log. The model is never given
 * this path: write tools and store diagnostics never name it.
 *
 * @example
 * ```ts
 * import { nodeGitMirror } from 'satchel/node'
 * import { createMemoryStore } from 'satchel/store'
 * const evolution = nodeGitMirror(join(artifactRoot, 'evolution'))
 * const store = createMemoryStore({ evolution })
 * await store.put(['acme', 'ann', 'skills'], skillMdText)
 * await evolution.settled()                     // git -C <artifactRoot>/evolution log shows it
 * ```
 */
export function nodeGitMirror(dir: string): EvolutionMirror {
  const root = resolve(dir);
  let mirror: Promise<EvolutionMirror> | undefined;
  const open = (): Promise<EvolutionMirror> => (mirror ??= import('../store/history/git-mirror.js').then((m) => m.gitMirror({ fs, dir: root })));
  // Changes are handed on in the order they came, once the Git code has loaded.
  let handed: Promise<void> = Promise.resolve();
  return {
    record(change: EvolutionChange, onFailure: (error: unknown) => void) {
      handed = handed.then(async () => {
        try {
          (await open()).record(change, onFailure);
        } catch (e) {
          // The Git code could not load: this change is reported, the next one tries again.
          mirror = undefined;
          try {
            onFailure(e);
          } catch {
            // A reporter that throws must not stop the changes after it.
          }
        }
      });
    },
    async settled() {
      let seen: Promise<void>;
      do {
        seen = handed;
        await seen;
        await mirror?.then((m) => m.settled()).catch(() => undefined);
      } while (seen !== handed);
    },
  };
}
