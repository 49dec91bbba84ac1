/**
 * Satchel demo: turning a pile of files (a picked folder, several folders, or a zip's entries) into skill folders —
 * each `SKILL.md` marks a skill, and the files under its folder are that skill's resources.
 */

/** One skill folder ready for `store.put`: relative paths to text or bytes, `SKILL.md` among them. */
export interface SkillFolder {
  readonly folder: string;
  readonly files: Record<string, string | Uint8Array>;
}

// Entries no skill should carry: OS metadata and hidden files (the loader skips them too).
const IGNORED = /(^|\/)(\.[^/]*|__MACOSX|node_modules|__pycache__)(\/|$)/;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Text when the bytes are UTF-8, else the bytes (binary resources stay binary). */
export function textOrBytes(bytes: Uint8Array): string | Uint8Array {
  try {
    return utf8.decode(bytes);
  } catch {
    return bytes;
  }
}

function dirOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

/** Groups `entries` (path → bytes) into skill folders; a file belongs to the deepest skill folder above it. */
export function groupSkillFolders(entries: ReadonlyMap<string, Uint8Array>): SkillFolder[] {
  const paths = [...entries.keys()].filter((p) => !IGNORED.test(p));
  const roots = paths.filter((p) => /(^|\/)SKILL\.md$/i.test(p)).map(dirOf);
  // Deepest first, so a nested skill claims its files before a parent skill does.
  const ordered = [...roots].sort((a, b) => b.length - a.length);
  const folders = new Map(roots.map((root) => [root, {} as Record<string, string | Uint8Array>]));
  for (const path of paths) {
    const root = ordered.find((r) => r === '' || path.startsWith(`${r}/`));
    const bytes = entries.get(path);
    if (root === undefined || bytes === undefined) continue;
    const relative = root === '' ? path : path.slice(root.length + 1);
    const key = /^SKILL\.md$/i.test(relative) ? 'SKILL.md' : relative;
    (folders.get(root) as Record<string, string | Uint8Array>)[key] = textOrBytes(bytes);
  }
  return [...folders].map(([folder, files]) => ({ folder: folder.split('/').pop() ?? folder, files }));
}

/** The files of an `<input type=file>` as path → bytes, by their folder-relative path when a folder was picked. */
export async function readPickedFiles(files: FileList): Promise<Map<string, Uint8Array>> {
  const entries = new Map<string, Uint8Array>();
  for (const file of files) {
    entries.set(file.webkitRelativePath || file.name, new Uint8Array(await file.arrayBuffer()));
  }
  return entries;
}
