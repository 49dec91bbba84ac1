/**
 * Checking a skill before it is written: the same rules the loader applies
 * when it reads the store back (runtime profile, safe paths, per-skill
 * limits), so a stored skill never fails to load.
 * @module
 */
import { createDiagnostic, type Profile } from '../format/diagnostics/diagnostic.js';
import { parseSkill } from '../format/parse.js';
import { LOADER_LIMITS, resolveLimits, type ResolvedLimits, type Skill } from '../format/types.js';
import { SkillError } from '../format/errors.js';
import { describeCharacters, unmentionableCharacters } from '../shared/names.js';
import { unsafePathReason } from '../shared/paths.js';
import { fileInputOf, isBytes, SKILL_FILE, toBytes } from '../sources/inventory.js';
import { keepParse, type KeptParse, type ParseLimits } from '../sources/preparsed-bundle.js';
import type { FileMap } from './records.js';
import type { SkillInput, StoreLimits } from './types.js';

/** A skill ready to be written. */
export interface PreparedSkill {
  readonly name: string;
  readonly digest: string;
  readonly text: string;
  readonly files: FileMap;
  /** The parsed skill (warnings and infos in `diagnostics`). */
  readonly skill: Skill;
  /** The skill as a load parses it (the runtime profile), kept with the head; absent when it does not parse so. */
  readonly parsed?: KeptParse;
}

/** What a store checks a write against: its limits, and the profile it validates in (default `runtime`). */
export interface WriteRules extends ResolvedLimits {
  /** `spec` refuses what the open specification calls invalid; `runtime` what the loader would not load. */
  readonly profile?: Profile;
  /** True for revisions an export brings back: history stored before a rule existed is kept, not refused by it. */
  readonly history?: boolean;
}

/** The limits a store checks, with the loader's defaults. */
export function storeLimits(limits: StoreLimits | undefined): ResolvedLimits {
  return resolveLimits(limits, LOADER_LIMITS);
}

/**
 * Validates `input` as the loader would load it (in the `spec` profile: as
 * the specification would accept it), or throws: `INVALID_SKILL` (with the
 * parser's diagnostics), `UNSAFE_PATH`, `LIMIT_EXCEEDED`.
 */
export function prepareSkill(input: SkillInput, limits: WriteRules, where: string): PreparedSkill {
  const { raw, files } = splitInput(input, where);
  checkFiles(raw, files, limits, where);
  const profile = limits.profile ?? 'runtime';
  const parsed = parseSkill(raw, {
    path: `${where}/${SKILL_FILE}`,
    source: 'user',
    profile,
    maxFileBytes: limits.maxFileBytes,
    maxNesting: limits.maxNesting,
    files: Object.entries(files).map(([path, content]) => fileInputOf(path, content)),
  });
  const skill = parsed.skill;
  // In `spec`, any error refuses the write, even where the parser could still build the skill.
  if (!skill || (profile === 'spec' && parsed.errors.length > 0)) {
    const first = parsed.errors[0];
    throw new SkillError('INVALID_SKILL', `The skill was refused: ${first ? `${first.code}: ${first.message}` : 'it does not parse'}`, {
      diagnostics: parsed.errors,
    });
  }
  // Every durable write holds front matter and a non-empty body (the md-first seed), whoever writes it.
  if (skill.content.trim() === '') {
    const diagnostic = createDiagnostic('body-missing', 'runtime', 'The skill has no instructions after its front matter.', `${where}/${SKILL_FILE}`);
    throw new SkillError('INVALID_SKILL', 'The skill was refused: body-missing: it has no instructions after its front matter.', { diagnostics: [diagnostic] });
  }
  // The name becomes the store key and the loader's folder: it must be a safe single segment.
  const reason = unsafePathReason(skill.name, 0);
  if (reason) throw new SkillError('UNSAFE_PATH', `The skill name \`${skill.name}\` cannot be a store key: ${reason}.`, { path: skill.name });
  if (limits.history !== true) refuseUnmentionable(skill.name, `${where}/${SKILL_FILE}`);
  // Parsed, so valid UTF-8; the BOM is kept, as the bytes were given.
  const text = typeof raw === 'string' ? raw : new TextDecoder('utf-8', { ignoreBOM: true }).decode(raw);
  // The text as stored is what a load parses: the parse above stands for it when it read that text in that profile.
  const kept = profile === 'runtime' && typeof raw === 'string' ? keepParse(skill, text, limits) : parseToKeep(text, files, limits);
  return { name: skill.name, digest: skill.digest, text, files, skill, ...(kept ? { parsed: kept } : {}) };
}

/** A stored skill's text and files parsed as a load parses them (the runtime profile, within `limits`), to keep with its head. */
export function parseToKeep(text: string, files: FileMap, limits: ParseLimits): KeptParse | undefined {
  const parsed = parseSkill(text, {
    path: SKILL_FILE,
    source: 'user',
    maxFileBytes: limits.maxFileBytes,
    maxNesting: limits.maxNesting,
    files: Object.entries(files).map(([path, content]) => fileInputOf(path, content)),
  });
  return parsed.skill && parsed.errors.length === 0 ? keepParse(parsed.skill, text, limits) : undefined;
}

/** A name no `/name` or `$name` can spell is refused in every profile: the skill could never be mentioned. */
function refuseUnmentionable(name: string, path: string): void {
  const bad = unmentionableCharacters(name);
  if (bad.length === 0) return;
  const message = `The skill name "${name}" can never be mentioned as /${name} or used as a folder: it contains ${describeCharacters(bad)}. Use lower-case letters, digits and single hyphens, e.g. \`${suggestedName(name)}\`.`;
  throw new SkillError('INVALID_SKILL', `The skill was refused: name-format: ${message}`, {
    diagnostics: [createDiagnostic('name-format', 'spec', message, path)],
  });
}

/** `name` in the specification's alphabet, for the fix hint: lower case, runs of other characters as one hyphen. */
function suggestedName(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'my-skill'
  );
}

function splitInput(input: SkillInput, where: string): { raw: string | Uint8Array; files: FileMap } {
  if (typeof input === 'string') return { raw: input, files: {} };
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new SkillError('INVALID_INPUT', 'A skill is SKILL.md text or a record of relative paths to text or bytes.');
  }
  const skillText = input[SKILL_FILE];
  if (skillText === undefined) {
    const diagnostic = createDiagnostic('source-error', 'runtime', `The folder has no \`${SKILL_FILE}\`.`, where);
    throw new SkillError('INVALID_SKILL', `The skill was refused: the folder has no ${SKILL_FILE}.`, { diagnostics: [diagnostic] });
  }
  const files: Record<string, string | Uint8Array> = {};
  for (const [path, content] of Object.entries(input)) {
    // An own `__proto__` key (from JSON.parse) would set the copy's prototype below and drop the file without a word.
    if (path === '__proto__')
      throw new SkillError('UNSAFE_PATH', 'A file cannot be named `__proto__`: a JavaScript object takes that key as its prototype.', { path });
    if (typeof content !== 'string' && !isBytes(content)) throw new SkillError('INVALID_INPUT', `File \`${path}\` is neither text nor bytes.`, { path });
    // A copy: the caller may reuse its buffer after the write.
    if (path !== SKILL_FILE) files[path] = typeof content === 'string' ? content : content.slice();
  }
  return { raw: skillText, files };
}

function checkFiles(text: string | Uint8Array, files: FileMap, limits: ResolvedLimits, where: string): void {
  const paths = Object.keys(files);
  const fail = (code: 'UNSAFE_PATH' | 'LIMIT_EXCEEDED', message: string, path: string): never => {
    const rule = code === 'UNSAFE_PATH' ? 'unsafe-path' : 'limit-exceeded';
    throw new SkillError(code, message, { path, diagnostics: [createDiagnostic(rule, 'runtime', message, `${where}/${path}`)] });
  };
  for (const path of paths) {
    const reason = unsafePathReason(path, limits.maxNesting);
    if (reason) fail('UNSAFE_PATH', `Resource \`${path}\` is refused: ${reason}.`, path);
  }
  if (paths.length > limits.maxFilesPerSkill)
    fail('LIMIT_EXCEEDED', `The skill has ${paths.length} files; maxFilesPerSkill is ${limits.maxFilesPerSkill}.`, SKILL_FILE);
  for (const [path, content] of [[SKILL_FILE, text] as const, ...Object.entries(files)]) {
    const size = toBytes(content).byteLength;
    if (size > limits.maxFileBytes) fail('LIMIT_EXCEEDED', `\`${path}\` is ${size} bytes; maxFileBytes is ${limits.maxFileBytes}.`, path);
  }
}
