/**
 * `opfsSandbox(root?)`: a sandbox target over the browser's origin private
 * file system (OPFS), in a page or a worker. `/skills/pdf/SKILL.md` is
 * written to `skills/pdf/SKILL.md` under `root` (default: the origin's OPFS
 * root, asked for on first use). OPFS has no read-only bit and no links:
 * files stay writable by the origin's own code, and no path can lead out.
 * @module
 */
import { SkillError } from '../format/errors.js';
import type { SandboxTarget } from '../loader/agent/sandbox.js';
import { sandboxPathParts } from '../loader/agent/sandbox-path.js';
import { isBytes } from '../sources/inventory.js';

/**
 * A {@link SandboxTarget} writing into an OPFS folder: `root`, or the origin's OPFS root
 * (`navigator.storage.getDirectory()`, called on first use, never at import). Each file is written whole through
 * `createWritable()` and replaces the one there only when closed, so a failed write leaves the old file. A full quota
 * is `QUOTA_EXCEEDED`; a browser without OPFS, or a file where a folder should be, `SANDBOX_FAILED`.
 *
 * @example
 * ```ts
 * // skills.worker.ts
 * import { exposeSkillRuntime, opfsSandbox } from 'satchel/worker'
 * const runtime = exposeSkillRuntime({ builtin: bundleSource(bundle) })
 * // No top-level await in a module worker (see exposeSkillRuntime): the attach's promise is handled instead.
 * runtime.loader.attachSandbox(opfsSandbox()).catch(console.error)   // loaded skills appear under OPFS `skills/<name>/…`
 * ```
 */
export function opfsSandbox(root?: FileSystemDirectoryHandle | Promise<FileSystemDirectoryHandle>): SandboxTarget {
  let opened: Promise<FileSystemDirectoryHandle> | undefined;
  const rootDir = (): Promise<FileSystemDirectoryHandle> =>
    (opened ??= (root === undefined ? originRoot() : Promise.resolve(root)).catch((e: unknown) => {
      opened = undefined;
      throw failure(e, '/', 'open the sandbox folder');
    }));
  return Object.freeze({
    async mkdir(path: string): Promise<void> {
      const parts = sandboxPathParts(path);
      await folderOf(await rootDir(), parts, parts.length);
    },
    async writeFile(path: string, bytes: Uint8Array): Promise<void> {
      const parts = sandboxPathParts(path);
      if (!isBytes(bytes)) throw new SkillError('INVALID_INPUT', `The contents of sandbox file \`${path}\` must be a Uint8Array.`, { path });
      const folder = await folderOf(await rootDir(), parts, parts.length - 1);
      await writeWhole(folder, parts[parts.length - 1] as string, bytes, path);
    },
  });
}

/** The origin's OPFS root; `SANDBOX_FAILED` where the browser has none. */
async function originRoot(): Promise<FileSystemDirectoryHandle> {
  const storage = (globalThis as { navigator?: { storage?: Partial<Pick<StorageManager, 'getDirectory'>> } }).navigator?.storage;
  if (typeof storage?.getDirectory !== 'function')
    throw new SkillError('SANDBOX_FAILED', 'This environment has no origin private file system (`navigator.storage.getDirectory`).');
  return storage.getDirectory();
}

/** The folder of the first `count` names of `parts` under `root`, each made when missing. */
async function folderOf(root: FileSystemDirectoryHandle, parts: readonly string[], count: number): Promise<FileSystemDirectoryHandle> {
  let folder = root;
  for (let i = 0; i < count; i++) {
    try {
      folder = await folder.getDirectoryHandle(parts[i] as string, { create: true });
    } catch (e) {
      throw failure(e, `/${parts.slice(0, i + 1).join('/')}`, 'make the folder');
    }
  }
  return folder;
}

async function writeWhole(folder: FileSystemDirectoryHandle, name: string, bytes: Uint8Array, shown: string): Promise<void> {
  let writable: FileSystemWritableFileStream;
  try {
    const file = await folder.getFileHandle(name, { create: true });
    if (typeof file.createWritable !== 'function') throw new SkillError('SANDBOX_FAILED', 'This browser cannot write OPFS files (`createWritable`).');
    writable = await file.createWritable();
  } catch (e) {
    throw failure(e, shown, 'create the file');
  }
  try {
    // A copy backed by a plain ArrayBuffer, as the stream takes it.
    await writable.write(new Uint8Array(bytes));
    await writable.close();
  } catch (e) {
    await writable.abort().catch(() => undefined);
    throw failure(e, shown, 'write the file');
  }
}

/** A browser failure as a `SkillError`: a full quota is `QUOTA_EXCEEDED`, anything else `SANDBOX_FAILED`. */
function failure(e: unknown, shown: string, what: string): SkillError {
  if (e instanceof SkillError) return e;
  const quota = typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'QuotaExceededError';
  const message = `Could not ${what} \`${shown}\` in the OPFS sandbox: ${e instanceof Error ? e.message : String(e)}`;
  return new SkillError(quota ? 'QUOTA_EXCEEDED' : 'SANDBOX_FAILED', message, { cause: e, path: shown });
}
