/**
 * Reading one SKILL.md named on the command line, within the limits:
 * its size is checked before a byte is read, and anything but a regular
 * file is refused before it is opened for reading (a FIFO would block,
 * `/dev/zero` would never end, a 3 GB file would not fit in a buffer).
 * @module
 */
import { constants } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { readAll } from '../../directory/opened-file.js';

/** What reading gave: the bytes, a file over the limit (unread), or something that is not a regular file. */
export type SkillFileRead =
  { readonly kind: 'read'; readonly bytes: Uint8Array } | { readonly kind: 'too-large'; readonly size: number } | { readonly kind: 'not-regular' };

/** Reads the file at `abs` when it is a regular file of at most `maxBytes` bytes. */
export async function readSkillFile(abs: string, maxBytes: number): Promise<SkillFileRead> {
  const before = await stat(abs);
  if (!before.isFile()) return { kind: 'not-regular' };
  if (before.size > maxBytes) return { kind: 'too-large', size: before.size };
  // Non-blocking: should the file be swapped for a FIFO after the check, opening it still returns at once.
  const handle = await open(abs, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { kind: 'not-regular' };
    if (info.size > maxBytes) return { kind: 'too-large', size: info.size };
    // Never more than the size checked: a file that grows meanwhile is read only that far.
    return { kind: 'read', bytes: await readAll(handle.fd, info.size) };
  } finally {
    await handle.close();
  }
}
