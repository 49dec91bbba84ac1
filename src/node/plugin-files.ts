/**
 * A plugin folder on disk as a {@link PluginTree}: its manifest, its skills
 * (walked by the directory source's own walk under `skills/`) and its shared
 * files, every file opened the hardened way (opened-file.ts) and hashed with
 * `node:crypto`. Links and special files are refused with the plugin's
 * skills; junk (caches, build output, hidden entries) is never opened.
 * @module
 */
import { join } from 'node:path';
import type { Diagnostic, DiagnosticCode } from '../format/diagnostics/diagnostic.js';
import { throwIfAborted } from '../format/errors.js';
import { PLUGIN_SHARED_FOLDERS } from '../shared/paths.js';
import { isPluginJunk, PLUGIN_MANIFEST, type PluginTree } from '../sources/plugin.js';
import { sourceDiagnostic } from '../sources/inventory.js';
import { joinSourcePath, type SkillFileInput } from '../sources/source.js';
import { walkDirectory, type WalkOptions } from './directory/walk.js';
import { factsOf } from './directory/file-facts.js';
import { readFolder, type Folder } from './directory/folder-entries.js';
import { closeFile, openFile, readAll } from './directory/opened-file.js';

/** What reading one plugin needs: the walk's options (its `root` is the source root) and the per-plugin file bound. */
export interface PluginReadOptions extends Omit<WalkOptions, 'rootFolder'> {
  readonly maxPluginFiles: number;
}

/** Reports a file or folder that refuses the plugin's skills. */
type Refuse = (rel: string, why: string, code?: DiagnosticCode) => void;

/** True when the folder holds a plugin: a `plugin.json` or a `skills/` folder. */
export function isPluginFolder(folder: Folder): boolean {
  // A `skills` link counts: the plugin is then refused for it, with a word, rather than passed over in silence.
  return folder.files.includes(PLUGIN_MANIFEST) || folder.folders.includes('skills') || folder.links.includes('skills');
}

/** Reads the plugin at `dir` (from the root; `''` for the root itself) named `folderName`. */
export async function readPlugin(o: PluginReadOptions, dir: string, folderName: string, folder: Folder): Promise<PluginTree> {
  const problems: Diagnostic[] = [];
  const notes: Diagnostic[] = [];
  const refuse: Refuse = (rel, why, code = why.includes('link') ? 'unsafe-path' : 'not-regular-file') =>
    void problems.push(sourceDiagnostic(code, `\`${rel}\` ${why}; the plugin's skills are refused.`, joinSourcePath(o.display, rel)));
  for (const name of folder.links) refuse(joinSourcePath(dir, name), 'is a symbolic link; links are never followed');
  for (const s of folder.special) refuse(joinSourcePath(dir, s.name), `is ${s.kind}, not a regular file`);
  // Listing diagnostics are relative to the root, as the directory source's are.
  const manifestPath = joinSourcePath(dir, PLUGIN_MANIFEST);
  const hasManifest = folder.files.includes(PLUGIN_MANIFEST) || folder.links.includes(PLUGIN_MANIFEST);
  const manifest = folder.files.includes(PLUGIN_MANIFEST) ? await readManifest(o, joinSourcePath(dir, PLUGIN_MANIFEST), refuse) : undefined;
  const skills = folder.folders.includes('skills') ? await walkSkills(o, dir, notes) : [];
  const shared: SkillFileInput[] = [];
  const walk = { out: shared, refuse, folders: 0 };
  for (const name of folder.folders.filter((f) => PLUGIN_SHARED_FOLDERS.includes(f))) await collect(o, dir, name, 1, walk);
  const refused = hasManifest && manifest === undefined ? { manifestRefused: true } : {};
  return { dir, folder: folderName, ...(manifest === undefined ? {} : { manifest }), ...refused, manifestPath, skills, shared, problems, notes };
}

/** `plugin.json`, bounded by `maxFileBytes`; a refusal is reported and gives no manifest. */
async function readManifest(o: PluginReadOptions, rel: string, refuse: Refuse): Promise<Uint8Array | undefined> {
  const abs = join(o.root, rel);
  await o.beforeOpen?.(abs);
  const opened = await openFile(abs).catch((e: unknown) => e as Error);
  // Unreadable (permissions, gone between listing and opening): said, never a silent "named after its folder".
  if (opened instanceof Error) return void refuse(rel, `could not be read (${(opened as NodeJS.ErrnoException).code ?? opened.message})`, 'source-error');
  if (!('fd' in opened))
    return void refuse(rel, opened.refused === 'link' ? 'is a symbolic link; links are never followed' : `is ${opened.what ?? 'not a regular file'}`);
  try {
    if (opened.size > o.maxFileBytes) return void refuse(rel, `is ${opened.size} bytes, over maxFileBytes (${o.maxFileBytes})`, 'file-too-large');
    return await readAll(opened.fd, opened.size);
  } finally {
    closeFile(opened.fd);
  }
}

/** The plugin's skills: the directory walk under `skills/`, entries and notes re-rooted at the source root. */
async function walkSkills(o: PluginReadOptions, dir: string, notes: Diagnostic[]): Promise<PluginTree['skills']> {
  const skillsDir = joinSourcePath(dir, 'skills');
  const display = joinSourcePath(o.display, skillsDir);
  const listing = await walkDirectory({ ...o, root: join(o.root, skillsDir), display, rootFolder: 'skills' });
  notes.push(...listing.diagnostics.map((d) => ({ ...d, path: joinSourcePath(skillsDir, d.path) })));
  return listing.entries.map((e) => ({ ...e, dir: joinSourcePath(skillsDir, e.dir) }));
}

/** Where the shared files go, how a refusal is reported, and the folders read so far. */
interface SharedWalk {
  readonly out: SkillFileInput[];
  readonly refuse: Refuse;
  folders: number;
}

/**
 * Gathers and hashes the files under a shared folder, depth-first, within
 * `maxNesting`, one file past `maxPluginFiles` and as many folders: the
 * walk stays bounded even for a tree of empty folders.
 */
async function collect(o: PluginReadOptions, dir: string, inner: string, depth: number, walk: SharedWalk): Promise<void> {
  throwIfAborted(o.signal);
  const { out, refuse } = walk;
  const rel = joinSourcePath(dir, inner);
  if (depth > o.maxNesting) return refuse(rel, `is nested more than maxNesting (${o.maxNesting}) folders deep`, 'limit-exceeded');
  if (++walk.folders > o.maxPluginFiles) {
    if (walk.folders === o.maxPluginFiles + 1) refuse(rel, `is past the plugin's maxPluginFiles (${o.maxPluginFiles}) folders`, 'limit-exceeded');
    return;
  }
  const folder = await readFolder(o.root, rel, false);
  for (const name of folder.links) refuse(joinSourcePath(rel, name), 'is a symbolic link; links are never followed');
  for (const s of folder.special) refuse(joinSourcePath(rel, s.name), `is ${s.kind}, not a regular file`);
  for (const name of folder.files) {
    if (out.length > o.maxPluginFiles) return; // the plugin is refused for its count; no need to hash more
    const path = joinSourcePath(inner, name);
    if (isPluginJunk(path)) continue;
    const file = await hashed(o, joinSourcePath(rel, name), path, refuse);
    if (file) out.push(file);
  }
  for (const name of folder.folders) if (!isPluginJunk(name)) await collect(o, dir, joinSourcePath(inner, name), depth + 1, walk);
}

async function hashed(o: PluginReadOptions, rel: string, path: string, refuse: Refuse): Promise<SkillFileInput | undefined> {
  const abs = join(o.root, rel);
  await o.beforeOpen?.(abs);
  const opened = await openFile(abs);
  if (!('fd' in opened)) {
    refuse(
      rel,
      opened.refused === 'link'
        ? 'is a symbolic link; links are never followed'
        : opened.refused === 'outside'
          ? 'did not open inside the source root (a folder on its path changed after it was listed)'
          : `is ${opened.what ?? 'not a regular file'}`,
    );
    return undefined;
  }
  try {
    // Over the bound: listed by size only, so the per-skill limit refuses every skill that could read it.
    if (opened.size > o.maxFileBytes) return { path, size: opened.size };
    const facts = await factsOf(opened.fd, opened.size, false);
    return { path, size: facts.size, isText: facts.isText, digest: facts.digest };
  } finally {
    closeFile(opened.fd);
  }
}
