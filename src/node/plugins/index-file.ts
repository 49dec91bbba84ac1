/**
 * The discovery index on disk, as `publishSkills` writes it: read back
 * before a publish so one kind of entry never erases the other — publishing
 * skills keeps the index's `plugins`, publishing a plugin keeps its
 * `skills` and the other plugins' versions.
 * @module
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { SkillError } from '../../format/errors.js';
import { isRecord } from '../../format/fields/values.js';
import { DISCOVERY_SCHEMA } from '../../sources/remote/index-document.js';

/** One published version of one plugin, as its index entry says. */
export interface PublishedPlugin {
  /** `plugin.json`'s `name`. */
  readonly name: string;
  /** `plugin.json`'s `version`. */
  readonly version: string;
  readonly type: 'archive';
  /** `plugin.json`'s `description`, when it gives one. */
  readonly description?: string;
  /** Relative to the index: `plugins/<name>/<name>-<version>.tar.gz`. */
  readonly url: string;
  /** `sha256:` + hex of the archive's bytes. */
  readonly digest: string;
}

/** What an index file on disk holds, as far as publishing is concerned. */
export interface IndexFile {
  /** The `skills` entries, kept as they are. */
  readonly skills: readonly unknown[];
  /** The `plugins` entries, kept as they are. */
  readonly plugins: readonly unknown[];
}

const encoder = new TextEncoder();

/** The index at `<root>/index.json`, or an empty one when there is none. `CONFLICT` when a file there is not an index (nothing is overwritten). */
export async function readIndexFile(root: string): Promise<IndexFile> {
  const path = join(root, 'index.json');
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { skills: [], plugins: [] };
    throw new SkillError('SOURCE_FAILED', `${path} could not be read: ${(e as Error).message}`, { path, cause: e });
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    doc = undefined;
  }
  const skills = isRecord(doc) ? doc['skills'] : undefined;
  const plugins = isRecord(doc) ? (doc['plugins'] ?? []) : undefined;
  if (!Array.isArray(skills) || !Array.isArray(plugins))
    throw new SkillError('CONFLICT', `${path} is there but is no discovery index (JSON with a \`skills\` list); it is not overwritten.`, { path });
  return { skills, plugins };
}

/** Writes `<root>/index.json`: schema 0.2.0, the skills, and the plugins when there are any. */
export async function writeIndexFile(root: string, index: IndexFile): Promise<string> {
  const doc = { $schema: DISCOVERY_SCHEMA, skills: index.skills, ...(index.plugins.length > 0 ? { plugins: index.plugins } : {}) };
  await writeFileIn(root, 'index.json', encoder.encode(`${JSON.stringify(doc, null, 2)}\n`));
  return join(root, 'index.json');
}

/** Writes `bytes` at `path` (`/`-separated) under `root`, making its folders. */
export async function writeFileIn(root: string, path: string, bytes: Uint8Array): Promise<void> {
  const target = join(root, ...path.split('/'));
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, bytes);
}
