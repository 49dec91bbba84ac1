/**
 * The skill scanner: what a skill asks of the model and of the machine, found in its text and reported as
 * diagnostics. It reads; it never changes a skill, hides one or refuses one (a gate that does is the app's, or the
 * store's, to build on these findings).
 * @module
 */
import type { Diagnostic, Profile } from '../format/diagnostics/diagnostic.js';
import { SkillError } from '../format/errors.js';
import { isSkill, type Skill } from '../format/types.js';
import { SAFETY_RULE_FAMILIES } from './rules.js';
import { scannedFile, type ScannedFile } from './scanned-file.js';

/** How {@link scanSkill} reads a skill's files. */
export interface ScanOptions {
  /**
   * The text of one file of the skill, by its path relative to the skill folder: `'SKILL.md'` for the skill file as
   * written (front matter included), then each listed text file (`'references/guide.md'`). A loaded skill lists its
   * files without their contents, so the caller reads them: `loader.scan(name)` does it through the loader's sources.
   */
  readonly readFile: (path: string) => string | Promise<string>;
  /** The profile whose severities the findings take (`runtime`, the default, or `spec`); the scanner's rules warn in both. */
  readonly profile?: Profile;
}

/** The path `readFile` is asked for the skill file. */
const SKILL_FILE = 'SKILL.md';

async function readText(read: ScanOptions['readFile'], path: string): Promise<ScannedFile> {
  const text: unknown = await read(path);
  if (typeof text !== 'string') throw new SkillError('INVALID_INPUT', `scanSkill: readFile('${path}') gave ${typeof text}, not the file's text.`, { path });
  return scannedFile(path, text);
}

/** Findings in file order (the SKILL.md first, then the files as listed), then by line and column. */
function inOrder(found: Diagnostic[], files: readonly ScannedFile[]): Diagnostic[] {
  const rank = new Map(files.map((f, i) => [f.path, i]));
  return found.sort((a, b) => (rank.get(a.path) ?? 0) - (rank.get(b.path) ?? 0) || a.line - b.line || a.column - b.column);
}

/**
 * Scans one skill: its SKILL.md and every text file it lists, each read through `readFile`. Returns the findings as
 * diagnostics (code, severity, file, 1-based line and column, message; `CODES.diagnostics[code].fix` says how to fix
 * each): instructions to the model hidden in the front matter or an HTML comment (`hidden-instruction`), invisible
 * and bidirectional control characters (`invisible-character`, `bidi-control`), mixed-script look-alike words
 * (`look-alike-text`), downloads piped into a shell (`pipe-to-shell`), credential files and secrets read out
 * (`credential-read`, `secret-read`), data sent to a host the skill never names (`unexplained-upload`), links whose
 * text and target disagree (`link-mismatch`), and long base64 or minified blobs in the instructions
 * (`encoded-blob`). An empty list means none was found, not that the skill is safe. Binary files are not read.
 *
 * Throws `INVALID_INPUT` for a value that is not a skill, a `readFile` that is not a function or gives no string, and
 * a lazy skill listed by its metadata only (`loaded: false`: its files are not known yet; use `loader.scan`); a
 * `readFile` that throws rejects the scan with its error.
 *
 * @example
 * ```ts
 * import { parseSkill, scanSkill } from 'satchel'
 *
 * const { skill } = parseSkill(text, { folder: 'deploy' })
 * const findings = await scanSkill(skill!, { readFile: (path) => files[path] })
 * for (const d of findings) console.log(`${d.path}:${d.line}:${d.column} ${d.code} ${d.severity}: ${d.message}`)
 * ```
 */
export async function scanSkill(skill: Skill, options: ScanOptions): Promise<Diagnostic[]> {
  if (!isSkill(skill)) throw new SkillError('INVALID_INPUT', 'scanSkill: the first argument must be a skill (from parseSkill or a loader).');
  if (typeof options?.readFile !== 'function') throw new SkillError('INVALID_INPUT', 'scanSkill: pass { readFile: (path) => text }.');
  if (skill.loaded === false) {
    throw new SkillError('INVALID_INPUT', `scanSkill: skill "${skill.name}" is listed by its metadata only; read it in full first (loader.scan does).`);
  }
  const files = [await readText(options.readFile, SKILL_FILE)];
  for (const file of skill.files) if (file.isText) files.push(await readText(options.readFile, file.path));
  const context = { skill, files, profile: options.profile ?? 'runtime' };
  return inOrder(
    SAFETY_RULE_FAMILIES.flatMap((family) => family(context)),
    files,
  );
}
