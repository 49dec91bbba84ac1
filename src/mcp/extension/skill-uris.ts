/**
 * The extension's URIs: `skill://<skill-path>/<file-path>`, where the skill
 * path is the skill's name, or `<plugin>/skills/<name>` for a plugin skill
 * (the folder it has in its plugin and in a sandbox). A plugin's shared file
 * (`../../shared/util.py`) lies outside the skill's directory, where the
 * Final text allows no resource of the skill: it has no URI. Segments are
 * percent-encoded as `skill://<name>/<path>` encodes them, so a skill of no
 * plugin has the same URI for a file in both forms.
 * @module
 */
import { bundleOf } from '../../agent/skill-paths.js';
import type { Skill } from '../../format/types.js';
import { SKILL_FILE } from '../../sources/inventory.js';

const PREFIX = 'skill://';

/** The URI made of `segments`, each percent-encoded. */
function uriOf(segments: readonly string[]): string {
  return PREFIX + segments.map(encodeURIComponent).join('/');
}

/** The segments of `skill`'s path: `[name]`, or `[plugin, 'skills', name]`. */
export function skillPathOf(skill: Skill): readonly string[] {
  const bundle = bundleOf(skill);
  return bundle === null ? [skill.name] : [bundle.name, 'skills', skill.name];
}

/** The URI of `skill`'s root directory: `skill://<skill-path>`, no trailing slash. */
export function skillRootUri(skill: Skill): string {
  return uriOf(skillPathOf(skill));
}

/** The URI of `skill`'s SKILL.md, its entry's `uri`. */
export function skillEntryUri(skill: Skill): string {
  return uriOf([...skillPathOf(skill), SKILL_FILE]);
}

/** The URI of file `path` of `skill`, or `undefined` for a path no URI within its directory carries (a plugin's shared `../../x`, a `.` or empty segment). */
export function skillFileUri(skill: Skill, path: string): string | undefined {
  const segments = path.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return undefined;
  return uriOf([...skillPathOf(skill), ...segments]);
}

/** The first segment of a `skill://` URI as written (still encoded), or `undefined` for another URI. */
export function authorityOf(uri: string): string | undefined {
  if (!uri.startsWith(PREFIX)) return undefined;
  const rest = uri.slice(PREFIX.length);
  const end = rest.indexOf('/');
  const first = end === -1 ? rest : rest.slice(0, end);
  return first === '' ? undefined : first;
}

/** The first segment of `skill`'s URIs, encoded: its name, or its plugin's. */
export function skillAuthority(skill: Skill): string {
  return encodeURIComponent(skillPathOf(skill)[0] ?? skill.name);
}
