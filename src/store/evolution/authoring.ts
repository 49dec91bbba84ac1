/**
 * The authoring rules of the write tools, from the structured-format seed:
 * lengths of names, descriptions, bodies and resources, the folders a
 * resource may live in, the seven section files, and names sanitised to the
 * spec's form. Each refusal names its rule and by how much it missed.
 * @module
 */
import { createDiagnostic } from '../../format/diagnostics/diagnostic.js';
import { SkillError } from '../../format/errors.js';
import { isSectionFile, SECTION_FILES } from '../../format/structured.js';
import { unsafePathReason } from '../../shared/paths.js';
import { codePointLength } from '../../shared/text.js';

/** The seed's length rules, in characters (code points): `[min, max]`. */
export const AUTHORING_LIMITS = {
  name: [5, 60],
  description: [25, 500],
  body: [300, 20_000],
  resourceName: [5, 60],
  resourceContent: [1, 10_000],
} as const satisfies Record<string, readonly [number, number]>;

/** The folders a write tool may put a resource in. */
export const RESOURCE_FOLDERS = ['references/', 'assets/', 'sections/'] as const;

/** An `INVALID_INPUT` refusal carrying an `authoring-limit` diagnostic. */
export function authoringError(message: string, path = 'SKILL.md'): SkillError {
  return new SkillError('INVALID_INPUT', message, { path, diagnostics: [createDiagnostic('authoring-limit', 'runtime', message, path)] });
}

/**
 * A name in the spec's form: NFKC, lower case, every run of other
 * characters than `a-z` and `0-9` one hyphen, none at the ends
 * (`My_Skill` → `my-skill`).
 */
export function sanitiseName(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Throws unless `text` has between the rule's bounds of characters, saying by how much it missed. */
export function checkLength(rule: keyof typeof AUTHORING_LIMITS, what: string, text: string, path?: string): void {
  const [min, max] = AUTHORING_LIMITS[rule];
  const length = codePointLength(text);
  if (length < min) throw authoringError(`${what} is ${length} characters; the rule is ${min}–${max}, so it is ${min - length} short.`, path);
  if (length > max) throw authoringError(`${what} is ${length} characters; the rule is ${min}–${max}, so it is ${length - max} over.`, path);
}

/**
 * Checks a resource path a write tool is given: a safe relative path under
 * `references/`, `assets/` or `sections/` (there only the seven section
 * files), whose file name is 5–60 characters.
 */
export function checkResourcePath(path: unknown): string {
  if (typeof path !== 'string') throw authoringError('`path` must be text, e.g. `references/guide.md`.');
  const reason = unsafePathReason(path, 8);
  if (reason) throw new SkillError('UNSAFE_PATH', `Resource \`${path}\` is refused: ${reason}.`, { path });
  const folder = RESOURCE_FOLDERS.find((f) => path.startsWith(f));
  if (!folder)
    throw authoringError(`Resource \`${path}\` is outside the resource folders; write tools keep resources under ${RESOURCE_FOLDERS.join(', ')} only.`, path);
  const rest = path.slice(folder.length);
  if (folder === 'sections/' && !isSectionFile(rest)) {
    throw authoringError(`\`${path}\` is not a section; a structured skill has only sections/${SECTION_FILES.join(', sections/')}.`, path);
  }
  checkLength('resourceName', `Resource name \`${rest.split('/').pop() ?? rest}\``, rest.split('/').pop() ?? rest, path);
  return path;
}
