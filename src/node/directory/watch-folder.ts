/**
 * Watching a source's folder for the loader's live reload: `node:fs`
 * `watch` (recursive), with bursts of events (an editor's save, a `git
 * checkout`) folded into one call after a quiet spell.
 * @module
 */
import { watch, type FSWatcher } from 'node:fs';
import type { SourceChange } from '../../sources/source.js';

/** Default quiet spell before a change is reported, in milliseconds. */
export const WATCH_DEBOUNCE_MS = 150;

/** The `watch` and `close` a watching source adds to itself. */
export interface FolderWatch {
  watch(listener: (change: SourceChange) => void): () => void;
  close(): void;
}

/**
 * Watches `abs` while it has listeners: the first listener starts the
 * watcher, the last one leaving (or `close()`) stops it. A folder that
 * cannot be watched (missing, gone) is reported as one change, so a
 * listener lists again and sees what is there.
 */
export function folderWatch(abs: string, debounceMs: number): FolderWatch {
  const listeners = new Set<(change: SourceChange) => void>();
  let watcher: FSWatcher | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let paths = new Set<string>();
  const flush = (): void => {
    timer = undefined;
    const change = { paths: [...paths].sort() };
    paths = new Set();
    for (const listener of [...listeners]) {
      try {
        listener(change);
      } catch {
        // A listener's failure is its own.
      }
    }
  };
  const heard = (file: string | Buffer | null | undefined): void => {
    if (typeof file === 'string') paths.add(file.replaceAll('\\', '/'));
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(flush, debounceMs);
  };
  const stop = (): void => {
    watcher?.close();
    watcher = undefined;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const start = (): void => {
    try {
      watcher = watch(abs, { recursive: true, persistent: false }, (_event, file) => heard(file));
      watcher.on('error', () => {
        stop();
        heard(undefined);
      });
    } catch {
      heard(undefined);
    }
  };
  return {
    watch(listener) {
      const entry = (change: SourceChange): void => listener(change);
      listeners.add(entry);
      if (watcher === undefined) start();
      return () => {
        listeners.delete(entry);
        if (listeners.size === 0) stop();
      };
    },
    close() {
      listeners.clear();
      stop();
    },
  };
}
