/**
 * `parseSkill`: SKILL.md text to a validated, digested {@link Skill}, with
 * every problem returned as a located diagnostic. Never throws.
 * @module
 */
import { createDiagnostic, type Diagnostic, type DiagnosticCode, type Profile } from './diagnostics/diagnostic.js';
import type { FieldContext } from './fields/values.js';
import { readFields } from './fields/read-fields.js';
import { readPlainFrontmatter, type PlainRead } from './yaml/plain-read.js';
import { positionAt, positioner, splitFrontmatter, type Frame } from './frontmatter.js';
import { checkParseInput } from './parse-input.js';
import { sha256Digest } from '../shared/hash.js';
import { unsafeResourcePathReason } from '../shared/paths.js';
import { digestSkill } from './serialize.js';

import { composeStructuredBody, isSectionFile } from './structured.js';
import { decodeUtf8, hasLoneSurrogate, isTextBytes, utf8ByteLength } from '../shared/text.js';
import { SKILL_SET_LIMITS, type Skill, type SkillFile, type SkillFileInput } from './types.js';
import { keyOffset, nonTextKeys, readYaml, scalarSource, type YamlRead } from './yaml/read.js';

import type { ParseOptions } from './parse-options.js';

export type { ParseOptions } from './parse-options.js';

/**
 * Default largest front matter, 32 KiB: sixteen times the largest seen in
 * real skills (2 KB), and small enough that parsing stays within tens of
 * milliseconds (the `yaml` package needs some 7–20 µs per short line, so the
 * 20,000 lines a 256 KiB file can hold would take a large part of a second).
 */
export const MAX_FRONTMATTER_BYTES = 32 * 1024;

/** What {@link parseSkill} returns. In the runtime profile, no `skill` means the skill is skipped. */
export interface ParseResult {
  /** The skill, present exactly when there are no errors. */
  skill?: Skill;
  errors: Diagnostic[];
  warnings: Diagnostic[];
  infos: Diagnostic[];
}

interface Run {
  readonly profile: Profile;
  readonly path: string;
  readonly diagnostics: Diagnostic[];
}

/**
 * Parses and validates one SKILL.md.
 *
 * @example
 * ```ts
 * const { skill, errors, warnings } = parseSkill(text, { folder: 'pdf-processing' })
 * if (!skill) for (const e of errors) console.error(`${e.path}:${e.line}:${e.column} ${e.code} ${e.message}`)
 * ```
 */
export function parseSkill(input: string | Uint8Array, options: ParseOptions = {}): ParseResult {
  const checked = checkParseInput(input, options);
  const opts = checked.options;
  const fileName = opts.fileName ?? 'SKILL.md';
  const path = opts.path ?? (opts.folder === undefined ? fileName : `${opts.folder}/${fileName}`);
  const run: Run = { profile: opts.profile ?? 'runtime', path, diagnostics: [] };
  if (checked.problem !== undefined) {
    report(run, 'invalid-input', checked.problem);
    return split(run.diagnostics, undefined);
  }
  let skill: Skill | undefined;
  try {
    skill = parseInto(run, input, opts, fileName);
  } catch (e) {
    // The contract is data, not exceptions: whatever slipped past the checks above still ends as a diagnostic.
    report(run, 'invalid-input', `The parser could not read this input: ${e instanceof Error ? e.message : String(e)}.`);
    skill = undefined;
  }
  return split(run.diagnostics, skill);
}

function parseInto(run: Run, input: string | Uint8Array, options: ParseOptions, fileName: string): Skill | undefined {
  const maxBytes = options.maxFileBytes ?? SKILL_SET_LIMITS.maxFileBytes;
  const text = decodeInput(run, input, maxBytes);
  if (text === undefined) return undefined;
  if (fileName !== 'SKILL.md') report(run, 'skill-file-name', `The skill file is named \`${fileName}\`; it must be exactly \`SKILL.md\`.`);
  const hasBom = text.charCodeAt(0) === 0xfeff;
  if (hasBom) report(run, 'bom', 'The file starts with a byte-order mark; it was removed before reading.', 1, 1);
  const framed = splitFrontmatter(hasBom ? text.slice(1) : text);
  if ('problem' in framed) {
    const p = framed.problem;
    report(run, p.code, p.message, p.line, p.column);
    return undefined;
  }
  const { frame } = framed;
  const maxFrontmatter = options.maxFrontmatterBytes ?? MAX_FRONTMATTER_BYTES;
  if (byteLengthOver(frame.yaml, maxFrontmatter)) {
    report(
      run,
      'frontmatter-too-large',
      `The front matter is larger than ${maxFrontmatter} bytes (maxFrontmatterBytes); it was not read. Move long material into the body or reference files.`,
      1,
      1,
    );
    return undefined;
  }
  const yamlText = withLineBreaks(run, frame);
  // Plain `key: value` front matter (most files) skips the YAML parser; anything less plain goes to it.
  const read = readPlainFrontmatter(yamlText) ?? readYaml(yamlText, maxBytes);
  const position = positioner(read.text);
  const at = (offset: number): [number, number] => {
    const pos = position(offset);
    return [pos.line + frame.yamlLine - 1, pos.column];
  };
  for (const p of read.problems) report(run, p.code, p.message, ...at(p.offset));
  if (read.data === undefined) return undefined;
  const fields = readFields(read.data, fieldContext(run, read, options, at));
  const files = inventory(run, options.files ?? [], options.maxNesting ?? SKILL_SET_LIMITS.maxNesting);
  if (fields === undefined || run.diagnostics.some((d) => d.severity === 'error')) return undefined;
  const content = bodyOf(run, fields.bodyFormat, fields.name, frame.body, options.files ?? []);
  const lines = countLines(content);
  if (lines > 500) report(run, 'body-long', `The body is ${lines} lines long; under 500 is recommended.`, frame.bodyLine, 1);
  const base = {
    ...fields,
    content,
    source: options.source ?? 'user',
    ...(options.path === undefined && options.folder === undefined ? {} : { path: run.path }),
    files,
  };
  const diagnostics = run.diagnostics.slice();
  return options.lazyDigest === true ? withLazyDigest(base, files, diagnostics) : { ...base, digest: digestSkill(base, files), diagnostics };
}

/**
 * The skill with `digest` computed on first read (see `ParseOptions.lazyDigest`): an object literal, so its shape
 * stays fast. `diagnostics` is added after it, as V8 places a literal's accessors after its data properties and the
 * keys must keep the eager order (`…, files, digest, diagnostics`).
 */
function withLazyDigest(base: Omit<Skill, 'digest' | 'diagnostics'>, files: readonly SkillFile[], diagnostics: Diagnostic[]): Skill {
  let digest: string | undefined;
  const skill: Omit<Skill, 'diagnostics'> & { diagnostics?: Diagnostic[] } = {
    ...base,
    get digest(): string {
      return (digest ??= digestSkill(base, files));
    },
    set digest(value: string) {
      digest = value;
    },
  };
  skill.diagnostics = diagnostics;
  return skill as Skill;
}

/**
 * The front matter YAML with lone CRs (classic Mac OS line endings) made LF,
 * which keeps every offset; the `yaml` package would read CR-only text as
 * one long line and report a misleading error.
 */
function withLineBreaks(run: Run, frame: Frame): string {
  const cr = /\r(?!\n)/.exec(frame.yaml);
  if (!cr) return frame.yaml;
  const pos = positionAt(frame.yaml, cr.index);
  report(
    run,
    'cr-line-endings',
    `Line ${pos.line + frame.yamlLine - 1} ends in a lone CR (classic Mac OS line endings); YAML needs LF or CRLF line breaks. The front matter was read with each lone CR as a line break.`,
    pos.line + frame.yamlLine - 1,
    pos.column,
  );
  return frame.yaml.replace(/\r(?!\n)/g, '\n');
}

function decodeInput(run: Run, input: string | Uint8Array, maxBytes: number): string | undefined {
  if (byteLengthOver(input, maxBytes)) {
    report(run, 'file-too-large', `The file is larger than the ${maxBytes}-byte limit (maxFileBytes); it was not read.`);
    return undefined;
  }
  const text = typeof input === 'string' ? input : decodeUtf8(input);
  // Text decoded from valid UTF-8 cannot hold a lone surrogate: only a given string is checked.
  if (text === undefined || (typeof input === 'string' && hasLoneSurrogate(text))) {
    report(run, 'invalid-encoding', 'The file is not valid UTF-8 text.');
    return undefined;
  }
  // In valid UTF-8 a NUL byte is the NUL character: the bytes are searched (about twice as fast as the decoded text), the text only when one is there.
  const nul = typeof input !== 'string' && input.indexOf(0) < 0 ? -1 : text.indexOf('\0');
  if (nul >= 0) {
    const pos = positionAt(text, nul);
    report(run, 'nul-byte', 'The file contains a NUL character; SKILL.md must be plain text.', pos.line, pos.column);
    return undefined;
  }
  return text;
}

/** UTF-8 size over `max`, without encoding when the UTF-16 length already decides. */
function byteLengthOver(input: string | Uint8Array, max: number): boolean {
  if (typeof input !== 'string') return input.byteLength > max;
  if (input.length > max) return true;
  return input.length * 3 > max && utf8ByteLength(input) > max;
}

function fieldContext(run: Run, read: YamlRead | PlainRead, options: ParseOptions, at: (offset: number) => [number, number]): FieldContext {
  return {
    profile: run.profile,
    folder: options.folder,
    nameFromFolder: options.nameFromFolder === true,
    report(code, message, key) {
      const offset = key === undefined ? undefined : 'keyOffset' in read ? read.keyOffset(key) : keyOffset(read.doc, key);
      if (offset === undefined) report(run, code, message, 2, 1);
      else report(run, code, message, ...at(offset));
    },
    sourceOf: (path) => ('scalarSource' in read ? read.scalarSource(path) : scalarSource(read.doc, path)),
    nonTextKeys: (path) => ('nonTextKeys' in read ? read.nonTextKeys(path) : nonTextKeys(read.doc, path)),
  };
}

function bodyOf(run: Run, format: string, name: string, body: string, files: readonly SkillFileInput[]): string {
  if (format !== 'structured') return body;
  const sections = new Map<string, string>();
  for (const f of files) {
    if (!f.path.startsWith('sections/') || f.content === undefined) continue;
    const file = f.path.slice('sections/'.length);
    if (!isSectionFile(file)) {
      report(run, 'structured-unknown-section', `\`${f.path}\` is not one of the seven sections; it is left out of the body.`);
      continue;
    }
    sections.set(file, typeof f.content === 'string' ? f.content : (decodeUtf8(f.content) ?? ''));
  }
  if (sections.size === 0) {
    report(run, 'structured-no-sections', 'The skill is structured but no `sections/` files were given; the SKILL.md body is used.');
    return body;
  }
  const composed = composeStructuredBody(name, sections);
  if (body !== '' && body !== composed) {
    report(run, 'structured-body-ignored', 'The skill is structured: its body is composed from `sections/`, and the body written in SKILL.md is ignored.');
  }
  return composed;
}

function inventory(run: Run, inputs: readonly SkillFileInput[], maxNesting: number): SkillFile[] {
  const files: SkillFile[] = [];
  for (const f of inputs) {
    const reason = unsafeResourcePathReason(f.path, maxNesting);
    if (reason) {
      report(run, 'unsafe-path', `Resource \`${f.path}\` is refused: ${reason}.`);
      continue;
    }
    files.push(fileOf(f));
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Completes a file input with size, text flag and digest computed from its content. */
export function fileOf(f: SkillFileInput): SkillFile {
  const bytes = f.content === undefined ? undefined : typeof f.content === 'string' ? new TextEncoder().encode(f.content) : f.content;
  return {
    path: f.path,
    size: f.size ?? bytes?.byteLength ?? 0,
    isText: f.isText ?? (bytes ? isTextBytes(bytes) : true),
    digest: f.digest ?? (bytes ? sha256Digest(bytes) : ''),
  };
}

function countLines(text: string): number {
  if (text === '') return 0;
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

function report(run: Run, code: DiagnosticCode, message: string, line = 0, column = 0): void {
  run.diagnostics.push(createDiagnostic(code, run.profile, message, run.path, line, column));
}

function split(diagnostics: readonly Diagnostic[], skill: Skill | undefined): ParseResult {
  const result: ParseResult = { errors: [], warnings: [], infos: [] };
  for (const d of diagnostics) (d.severity === 'error' ? result.errors : d.severity === 'warning' ? result.warnings : result.infos).push(d);
  if (skill) result.skill = skill;
  return result;
}
