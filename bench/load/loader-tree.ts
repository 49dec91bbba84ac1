/**
 * The loader bench's files on disk: writing the generated skills to a
 * directory, and the baseline that reads them all back with no parsing.
 * @module
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { skillFiles, type GeneratedSkill } from '../generate.js';

/** Files read at once by the baseline: the directory source's own hashing concurrency. */
const READ_CONCURRENCY = 16;

let sink = 0;

/** The generated skills as written to disk. */
export interface LoaderCorpus {
  readonly skills: number;
  readonly skillsWithResources: number;
  readonly files: number;
  readonly folders: number;
  readonly totalBytes: number;
  readonly skillMdBytes: number;
  readonly resourceBytes: number;
  readonly minSkillBytes: number;
  readonly maxSkillBytes: number;
}

/** Writes every file of `skills` under `dir` (creating folders as needed) and describes what it wrote. */
export async function writeCorpus(dir: string, skills: readonly GeneratedSkill[]): Promise<LoaderCorpus> {
  const encoder = new TextEncoder();
  const folders = new Set<string>(['']);
  let files = 0;
  let skillMdBytes = 0;
  let resourceBytes = 0;
  for (const skill of skills) {
    for (const file of skillFiles(skill)) {
      const path = join(dir, file.path);
      const parent = dirname(file.path);
      if (!folders.has(parent)) {
        await mkdir(dirname(path), { recursive: true });
        for (let p = parent; p !== '.' && !folders.has(p); p = dirname(p)) folders.add(p);
      }
      const bytes = encoder.encode(file.content);
      await writeFile(path, bytes);
      files++;
      if (file.path.endsWith('/SKILL.md')) skillMdBytes += bytes.byteLength;
      else resourceBytes += bytes.byteLength;
    }
  }
  const sizes = skills.map((s) => s.bytes);
  return {
    skills: skills.length,
    skillsWithResources: skills.filter((s) => s.files.length > 0).length,
    files,
    folders: folders.size,
    totalBytes: skillMdBytes + resourceBytes,
    skillMdBytes,
    resourceBytes,
    minSkillBytes: Math.min(...sizes),
    maxSkillBytes: Math.max(...sizes),
  };
}

/**
 * The baseline: the I/O a directory load cannot avoid, and nothing else.
 * Walks the tree breadth-first with `readdir(withFileTypes)` (one folder at
 * a time, as the directory source does) and reads every file with
 * `readFile`, at most {@link READ_CONCURRENCY} at once (the source's own
 * bound). No parsing, no decoding, no hashing unless `hash` (a reference
 * measure: sha256 of every file but SKILL.md, which is what the source hashes).
 */
export async function readTree(root: string, hash = false): Promise<{ files: number; bytes: number; kept: Buffer[] }> {
  const kept: Buffer[] = [];
  let bytes = 0;
  const limit = limiter(READ_CONCURRENCY);
  const reads: Promise<void>[] = [];
  const queue = [root];
  for (let i = 0; i < queue.length; i++) {
    const folder = queue[i] as string;
    for (const dirent of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, dirent.name);
      if (dirent.isDirectory()) queue.push(path);
      else if (dirent.isFile()) {
        reads.push(
          limit(() => readFile(path)).then((buffer) => {
            if (hash && dirent.name !== 'SKILL.md') sink += createHash('sha256').update(buffer).digest('hex').length;
            bytes += buffer.byteLength;
            kept.push(buffer);
          }),
        );
      }
    }
  }
  await Promise.all(reads);
  return { files: kept.length, bytes, kept };
}

/** A counting semaphore: at most `size` tasks at once. */
function limiter(size: number): <T>(task: () => Promise<T>) => Promise<T> {
  let free = size;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (free > 0) free--;
    else await new Promise<void>((wake) => waiting.push(wake));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}
