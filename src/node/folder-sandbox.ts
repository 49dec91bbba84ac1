/**
 * `folderSandbox(dir)`: a sandbox target over a folder on disk. A sandbox
 * path `/skills/pdf/SKILL.md` is written to `<dir>/skills/pdf/SKILL.md`,
 * folders made as needed, each file made read-only (mode 0o444) once
 * written. No symbolic link inside `dir` is followed or made: one in the way
 * is refused (`UNSAFE_PATH`), and a path that climbs out cannot be given.
 * @module
 */
import { constants } from 'node:fs';
import { lstat, mkdir, open, stat, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { SkillError } from '../format/errors.js';
import type { SandboxTarget } from '../loader/agent/sandbox.js';
import { sandboxPathParts } from '../loader/agent/sandbox-path.js';
import { isBytes } from '../sources/inventory.js';

// Created, never opened through a link (O_NOFOLLOW, where the platform has it) and never an existing file (O_EXCL).
const CREATE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

/**
 * A {@link SandboxTarget} writing into the folder `dir` (made when missing; `dir` itself may be reached through a
 * link, nothing inside it may be). Files are written whole, then made read-only with `chmod 0o444`; a file already
 * there is replaced (removed, then created anew), so a read-only file or a hard link to elsewhere is never written
 * through. Folders keep their usual mode: later loads add to them.
 *
 * @example
 * ```ts
 * import { folderSandbox, SkillLoader } from 'satchel/node'
 * const loader = new SkillLoader()
 * await loader.loadAll()
 * await loader.attachSandbox(folderSandbox('/srv/runs/42'))   // skills.load now writes /srv/runs/42/skills/<name>/…
 * ```
 */
export function folderSandbox(dir: string): SandboxTarget {
  if (typeof dir !== 'string' || dir === '') throw new SkillError('INVALID_INPUT', '`folderSandbox(dir)` needs the path of a folder.');
  const root = resolve(dir);
  let ready: Promise<void> | undefined;
  // Made on first use, not when the target is: a failure is then retried by the next call.
  const rootReady = (): Promise<void> =>
    (ready ??= makeRoot(root).catch((e: unknown) => {
      ready = undefined;
      throw e;
    }));
  return Object.freeze({
    async mkdir(path: string): Promise<void> {
      const parts = sandboxPathParts(path);
      await rootReady();
      await folders(root, parts, parts.length);
    },
    async writeFile(path: string, bytes: Uint8Array): Promise<void> {
      const parts = sandboxPathParts(path);
      if (!isBytes(bytes)) throw new SkillError('INVALID_INPUT', `The contents of sandbox file \`${path}\` must be a Uint8Array.`, { path });
      await rootReady();
      const parent = await folders(root, parts, parts.length - 1);
      await writeReadOnly(join(parent, parts[parts.length - 1] as string), bytes, path);
    },
  });
}

async function makeRoot(root: string): Promise<void> {
  try {
    await mkdir(root, { recursive: true });
    if (!(await stat(root)).isDirectory()) throw new SkillError('SANDBOX_FAILED', `The sandbox folder \`${root}\` is not a folder.`, { path: root });
  } catch (e) {
    throw fsFailure(e, root, 'make the sandbox folder');
  }
}

/** The first `count` names of `parts` as folders under `root`, each made when missing; the last one's path. */
async function folders(root: string, parts: readonly string[], count: number): Promise<string> {
  let at = root;
  for (let i = 0; i < count; i++) {
    at = join(at, parts[i] as string);
    await folder(at, `/${parts.slice(0, i + 1).join('/')}`);
  }
  return at;
}

/** `at` as a folder: made when missing; a link or a file there is refused. */
async function folder(at: string, shown: string): Promise<void> {
  let kind = await kindOf(at, shown);
  if (kind === 'missing') {
    try {
      await mkdir(at);
      return;
    } catch (e) {
      // Made meanwhile by another write: looked at again below.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw fsFailure(e, shown, 'make the folder');
    }
    kind = await kindOf(at, shown);
  }
  if (kind === 'link') throw linkRefused(shown);
  if (kind !== 'folder') throw new SkillError('SANDBOX_FAILED', `Sandbox path \`${shown}\` is a file, not a folder.`, { path: shown });
}

/** Writes `bytes` as a new file at `file`, then makes it read-only; the one there before is removed first. */
async function writeReadOnly(file: string, bytes: Uint8Array, shown: string): Promise<void> {
  const kind = await kindOf(file, shown);
  if (kind === 'link') throw linkRefused(shown);
  if (kind === 'folder' || kind === 'other') throw new SkillError('SANDBOX_FAILED', `Sandbox path \`${shown}\` is not a file.`, { path: shown });
  if (kind === 'file') await unlink(file).catch((e: unknown) => Promise.reject(fsFailure(e, shown, 'replace the file')));
  let handle;
  try {
    handle = await open(file, CREATE_FLAGS, 0o600);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw linkRefused(shown);
    if (code === 'EEXIST') throw new SkillError('SANDBOX_FAILED', `Sandbox file \`${shown}\` appeared while it was being written.`, { path: shown });
    throw fsFailure(e, shown, 'create the file');
  }
  try {
    await handle.writeFile(bytes);
    await handle.chmod(0o444);
  } catch (e) {
    await handle.close().catch(() => undefined);
    // No half-written file is left behind.
    await unlink(file).catch(() => undefined);
    throw fsFailure(e, shown, 'write the file');
  }
  await handle.close();
}

type Kind = 'missing' | 'file' | 'folder' | 'link' | 'other';

async function kindOf(at: string, shown: string): Promise<Kind> {
  try {
    const s = await lstat(at);
    return s.isSymbolicLink() ? 'link' : s.isDirectory() ? 'folder' : s.isFile() ? 'file' : 'other';
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw fsFailure(e, shown, 'look at');
  }
}

function linkRefused(shown: string): SkillError {
  return new SkillError('UNSAFE_PATH', `Sandbox path \`${shown}\` is a symbolic link; a sandbox never follows one.`, { path: shown });
}

/** A file-system failure as a `SkillError`: a full disk is `QUOTA_EXCEEDED`, anything else `SANDBOX_FAILED`. */
function fsFailure(e: unknown, shown: string, what: string): SkillError {
  if (e instanceof SkillError) return e;
  const code = (e as NodeJS.ErrnoException).code;
  const message = `Could not ${what} \`${shown}\` in the sandbox: ${e instanceof Error ? e.message : String(e)}`;
  return new SkillError(code === 'ENOSPC' || code === 'EDQUOT' ? 'QUOTA_EXCEEDED' : 'SANDBOX_FAILED', message, { cause: e, path: shown });
}
