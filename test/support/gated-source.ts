// A source whose listings wait until the test lets them through: for loads that must be in flight (or cancelled).
import { memorySource, type SkillSource, type SourceCallOptions } from '../../src/index.js';
import { SkillError } from '../../src/format/errors.js';
import { BUILTIN_FILES } from './runtime-skills.js';

/**
 * A source that lists like `inner` once `open()` was called for that listing; until then its listing waits,
 * and rejects with `ABORTED` when the load is cancelled. `started` resolves when a listing begins.
 */
export function gatedSource(inner: SkillSource = memorySource(BUILTIN_FILES)): SkillSource & { open(): void; started: Promise<void>; hold(): void } {
  let release: () => void = () => undefined;
  let gate: Promise<void> = Promise.resolve();
  let started: () => void = () => undefined;
  const source = {
    name: 'gated',
    started: Promise.resolve(),
    hold(): void {
      gate = new Promise((resolve) => (release = resolve));
      source.started = new Promise((resolve) => (started = resolve));
    },
    open: () => release(),
    async list(options: SourceCallOptions = {}) {
      started();
      await new Promise<void>((resolve, reject) => {
        options.signal?.addEventListener('abort', () => reject(new SkillError('ABORTED', 'The listing was aborted.')), { once: true });
        void gate.then(resolve);
      });
      return inner.list(options);
    },
    read: (path: string, options?: SourceCallOptions) => inner.read(path, options),
  };
  return source;
}
