/**
 * Loaded skills materialised into a sandbox (docs/agent.md, "Sandboxes"):
 * every skill in `loader.loaded` is written, file tree and all, into each
 * attached {@link SandboxTarget}; one attached later receives every skill
 * loaded so far first. Nothing written is ever run.
 * @module
 */
import { SkillError, type SkillErrorCode } from '../../format/errors.js';
import type { Skill } from '../../format/types.js';
import type { SkillProjection } from './sandbox-projection.js';

/**
 * Where loaded skills are written: an app's sandbox file system, as two calls. Paths are POSIX and absolute, made of
 * plain names (`/skills/pdf/SKILL.md`, `/skills/corporate-finance/shared/util.py`); a target should refuse any other
 * (`folderSandbox` and `opfsSandbox` do). Either call may return a promise.
 *
 * @example
 * ```ts
 * const files = new Map<string, Uint8Array>()
 * const target: SandboxTarget = { mkdir: () => {}, writeFile: (path, bytes) => void files.set(path, bytes) }
 * await loader.attachSandbox(target)
 * ```
 */
export interface SandboxTarget {
  /** Makes the folder `path` (`/skills/pdf/references`); one already there is fine. A folder's parent is always made first. */
  mkdir(path: string): void | Promise<void>;
  /** Writes `bytes` as the file `path`, replacing one already there (read-only where the target can). Its folder was made first. */
  writeFile(path: string, bytes: Uint8Array): void | Promise<void>;
}

/** Options of `loader.attachSandbox`. */
export interface SandboxOptions {
  /**
   * Told of each skill loaded after the attach that could not be written (it is in `failures` too). Such a failure
   * never fails `skills.load` or `activateAsync`: the skill is loaded, its files are missing from the sandbox.
   */
  onError?: (failure: SandboxFailure) => void;
}

/** A skill a sandbox did not receive, and why. */
export interface SandboxFailure {
  readonly name: string;
  readonly digest: string;
  /** `SANDBOX_FAILED` or `QUOTA_EXCEEDED` (the target), `UNSAFE_PATH` (a path or a link refused), or a read's code (`DIGEST_MISMATCH`, …). */
  readonly error: SkillError;
}

/** A skill a sandbox holds: its name and digest, its SKILL.md's path there, and how many files were written for it. */
export interface SandboxedSkill {
  readonly name: string;
  readonly digest: string;
  readonly path: string;
  readonly files: number;
}

/** One attached sandbox, as `loader.attachSandbox` resolves it. */
export interface SandboxAttachment {
  /** The skills written into it, in the order first written, one per name (a skill written again takes its new digest). */
  readonly written: readonly SandboxedSkill[];
  /** The skills loaded after the attach that could not be written, in order. */
  readonly failures: readonly SandboxFailure[];
  /** False once {@link detach} was called (or the replay failed). */
  readonly attached: boolean;
  /** Stops writing skills loaded from now on; what was written stays, and a write under way finishes. */
  detach(): void;
}

/** What a link reads a skill's files with (the loader's read path). */
export type Projector = (skill: Skill) => Promise<SkillProjection>;

/** The sandboxes of one loader. */
export class SandboxLink {
  readonly #attached = new Set<Attached>();
  readonly #project: Projector;

  constructor(project: Projector) {
    this.#project = project;
  }

  /**
   * Attaches `target` and writes `loaded` into it, one skill after another; resolves when all are written. Rejects with
   * the first failure (its code kept, the skill named), detached: a sandbox missing a loaded skill is not silently kept.
   */
  async attach(target: SandboxTarget, loaded: readonly Skill[], options: SandboxOptions = {}): Promise<SandboxAttachment> {
    checkTarget(target);
    if (options.onError !== undefined && typeof options.onError !== 'function')
      throw new SkillError('INVALID_INPUT', '`onError` of attachSandbox must be a function.');
    const attached = new Attached(target, options.onError, () => this.#attached.delete(attached));
    // Attached before the replay: a skill loaded meanwhile is queued after it, never lost.
    this.#attached.add(attached);
    const replay = loaded.map((skill) => attached.write(skill, () => this.#project(skill), false));
    const errors = (await Promise.all(replay)).filter(isError);
    const [first] = errors;
    if (first === undefined) return attached;
    attached.detach();
    const more = errors.length > 1 ? ` (${errors.length - 1} more loaded skill${errors.length > 2 ? 's' : ''} failed too)` : '';
    throw new SkillError(first.code, `${first.message}${more}`, { cause: first.cause, ...(first.path === undefined ? {} : { path: first.path }) });
  }

  /** Writes `skill`, just loaded, into every attached sandbox; resolves (never rejects) once each wrote it or failed. */
  loaded(skill: Skill): Promise<void> | undefined {
    if (this.#attached.size === 0) return undefined;
    // One read of the skill for every sandbox.
    const projection = once(() => this.#project(skill));
    return Promise.all([...this.#attached].map((sandbox) => sandbox.write(skill, projection, true))).then(() => undefined);
  }
}

/** One target, written one skill at a time, in order. */
class Attached implements SandboxAttachment {
  readonly #target: SandboxTarget;
  readonly #onError: ((failure: SandboxFailure) => void) | undefined;
  readonly #onDetach: () => void;
  #tail: Promise<unknown> = Promise.resolve();
  // The digest each name was queued or written with: a skill loaded again unchanged is not written again.
  readonly #planned = new Map<string, string>();
  readonly #written = new Map<string, SandboxedSkill>();
  readonly #failures: SandboxFailure[] = [];
  #attached = true;

  constructor(target: SandboxTarget, onError: ((failure: SandboxFailure) => void) | undefined, onDetach: () => void) {
    this.#target = target;
    this.#onError = onError;
    this.#onDetach = onDetach;
  }

  get written(): readonly SandboxedSkill[] {
    return Object.freeze([...this.#written.values()]);
  }

  get failures(): readonly SandboxFailure[] {
    return Object.freeze([...this.#failures]);
  }

  get attached(): boolean {
    return this.#attached;
  }

  detach(): void {
    if (!this.#attached) return;
    this.#attached = false;
    this.#onDetach();
  }

  /** Queues `skill`; resolves with its error when it could not be written (told to `onError` when `report`). */
  write(skill: Skill, projection: () => Promise<SkillProjection>, report: boolean): Promise<SkillError | undefined> {
    // Queued already (by a replay, say): resolves once that write, and all before it, is done.
    if (this.#planned.get(skill.name) === skill.digest) return this.#tail.then(() => undefined);
    this.#planned.set(skill.name, skill.digest);
    const run = this.#tail.then(async (): Promise<SkillError | undefined> => {
      if (!this.#attached) return undefined;
      try {
        const projected = await projection();
        await writeProjection(this.#target, projected);
        this.#written.set(
          projected.name,
          Object.freeze({ name: projected.name, digest: projected.digest, path: projected.path, files: projected.files.length }),
        );
        return undefined;
      } catch (e) {
        // Not written after all: a later load of it tries again.
        if (this.#planned.get(skill.name) === skill.digest) this.#planned.delete(skill.name);
        const error = sandboxError(skill, e);
        if (report) this.#report({ name: skill.name, digest: skill.digest, error });
        return error;
      }
    });
    this.#tail = run;
    return run;
  }

  #report(failure: SandboxFailure): void {
    this.#failures.push(Object.freeze(failure));
    try {
      this.#onError?.(failure);
    } catch {
      // The app's listener failing must not fail the load that wrote the skill.
    }
  }
}

/** The folders, then the files (SKILL.md last), each call's failure given the path it was at. */
async function writeProjection(target: SandboxTarget, projection: SkillProjection): Promise<void> {
  let at = '';
  try {
    for (const dir of projection.dirs) {
      at = dir;
      await target.mkdir(dir);
    }
    for (const file of projection.files) {
      at = file.path;
      // A copy for each target: one target cannot change what the next one receives.
      await target.writeFile(file.path, file.bytes.slice());
    }
  } catch (e) {
    throw new PathFailure(at, e);
  }
}

/** A target call's failure, with where. */
class PathFailure {
  constructor(
    readonly path: string,
    readonly cause: unknown,
  ) {}
}

/** The failure of writing `skill` as one `SkillError` naming the skill: a `SkillError`'s code kept, a target's own failure `SANDBOX_FAILED` (or `QUOTA_EXCEEDED`). */
function sandboxError(skill: Skill, e: unknown): SkillError {
  const at = e instanceof PathFailure ? e.path : undefined;
  const cause = e instanceof PathFailure ? e.cause : e;
  const code: SkillErrorCode = cause instanceof SkillError ? cause.code : isQuotaError(cause) ? 'QUOTA_EXCEEDED' : 'SANDBOX_FAILED';
  const why = cause instanceof Error ? cause.message : String(cause);
  const where = at === undefined ? '' : ` at \`${at}\``;
  const path = at ?? (cause instanceof SkillError ? cause.path : undefined);
  return new SkillError(code, `Skill "${skill.name}" was not written into the sandbox${where}: ${why}`, { cause, ...(path === undefined ? {} : { path }) });
}

/** A full disk or a used-up browser quota. */
function isQuotaError(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const { name, code } = e as { name?: unknown; code?: unknown };
  return name === 'QuotaExceededError' || code === 'ENOSPC' || code === 'EDQUOT';
}

function checkTarget(target: unknown): asserts target is SandboxTarget {
  const t = target as Partial<Record<keyof SandboxTarget, unknown>> | null;
  if (typeof t !== 'object' || t === null || typeof t.writeFile !== 'function' || typeof t.mkdir !== 'function')
    throw new SkillError('INVALID_INPUT', 'A sandbox target must be an object with `writeFile(path, bytes)` and `mkdir(path)` functions.');
}

function isError(value: SkillError | undefined): value is SkillError {
  return value !== undefined;
}

/** `make()` the first time, the same promise after. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}
