/**
 * Diagnostics: problems found in skill text, returned as data.
 *
 * Each code is a kebab-case rule id. Its severity depends on the validation
 * profile: `spec` (the open specification, strict) or `runtime` (lenient
 * loading, following the specification's client guide).
 * @module
 */

/** How serious a diagnostic is. Errors stop a skill from loading. */
export type Severity = 'error' | 'warning' | 'info';

/** Validation profile: `spec` is the strict open specification, `runtime` the lenient loader. */
export type Profile = 'spec' | 'runtime';

/** A rule's documentation and its severity in each profile. */
export interface DiagnosticRule {
  /** What the rule checks. */
  readonly summary: string;
  /** How to fix a file that breaks it. */
  readonly fix: string;
  /** Severity under the `spec` profile. */
  readonly spec: Severity;
  /** Severity under the `runtime` profile. */
  readonly runtime: Severity;
}

const rule = (spec: Severity, runtime: Severity, summary: string, fix: string): DiagnosticRule => ({
  summary,
  fix,
  spec,
  runtime,
});

/**
 * Every diagnostic code, with what it checks, how to fix it and its severity
 * per profile. The keys form the {@link DiagnosticCode} union.
 */
export const DIAGNOSTIC_RULES = {
  // Input, frame and encoding
  'invalid-input': rule('error', 'error', '`parseSkill` was given something other than text or bytes, or options of the wrong shape.', 'Pass the SKILL.md as a string or Uint8Array, and options as documented (`folder`, `profile`, `files`, …).'),
  'file-too-large': rule('error', 'error', 'The file is over `maxFileBytes`; it is refused before parsing.', 'Shrink the file or move material into reference files.'),
  'frontmatter-too-large': rule('error', 'error', 'The front matter is over `maxFrontmatterBytes` (default 32 KiB); it is refused before YAML parsing.', 'Keep the front matter short: move long lists and text into the body or reference files.'),
  'invalid-encoding': rule('error', 'error', 'The text is not valid UTF-8 (or holds lone surrogates).', 'Save the file as UTF-8.'),
  'nul-byte': rule('error', 'error', 'The text contains a NUL (U+0000) character.', 'Remove the NUL bytes; SKILL.md must be plain text.'),
  bom: rule('error', 'info', 'The file starts with a byte-order mark (U+FEFF).', 'Save the file as UTF-8 without BOM.'),
  'missing-frontmatter': rule('error', 'error', 'The first line must be exactly `---`, opening the YAML front matter.', 'Start the file with a `---` line, then `name:` and `description:`, then a closing `---` line.'),
  'unclosed-frontmatter': rule('error', 'error', 'The front matter has no closing line that is exactly `---`.', 'Add a line `---` after the last front matter key.'),
  'cr-line-endings': rule('error', 'warning', 'The front matter uses lone CR (classic Mac OS) line endings, which YAML does not read as line breaks; the runtime reads them as LF.', 'Save the file with LF (or CRLF) line endings.'),
  'non-yaml-frontmatter': rule('error', 'error', 'The front matter is marked as another language (e.g. `---js`); it is never evaluated.', 'Write the front matter as YAML between two `---` lines.'),
  // YAML
  'invalid-yaml': rule('error', 'error', 'The front matter is not valid YAML.', 'Fix the YAML syntax at the given line; quote values that contain `: ` or start with a special character.'),
  'yaml-unquoted-colon': rule('error', 'warning', 'A plain value contains `: `, which YAML reads as a nested key; the runtime recovers by quoting it.', 'Quote the value: `description: "Use when: ..."`, or use a `>` block.'),
  'duplicate-key': rule('error', 'error', 'A front matter key appears twice.', 'Keep one of the two keys.'),
  'yaml-alias-limit': rule('error', 'error', 'The YAML expands too many aliases, or its aliases expand the front matter past `maxFileBytes` (a possible alias bomb).', 'Write the values out instead of using many `*alias` references.'),
  'yaml-too-deep': rule('error', 'error', 'The YAML is nested deeper than the parser allows.', 'Flatten the front matter.'),
  'yaml-warning': rule('warning', 'warning', 'The YAML parser warned about the front matter (e.g. an unknown tag).', 'Follow the parser message; prefer plain YAML 1.2 without custom tags.'),
  'frontmatter-not-mapping': rule('error', 'error', 'The front matter must be a YAML mapping of keys to values.', 'Write the front matter as `key: value` lines.'),
  // The spec fields
  'name-missing': rule('error', 'error', 'The required `name` field is missing or empty.', 'Add `name:` with the skill folder name, e.g. `name: pdf-processing`.'),
  'name-type': rule('error', 'error', '`name` must be a single text value.', 'Write `name` as one word of lower-case letters, digits and hyphens.'),
  'name-too-long': rule('error', 'warning', '`name` is longer than 64 characters.', 'Shorten the name (and the folder) to at most 64 characters.'),
  'name-format': rule('error', 'warning', '`name` may use only lower-case a-z, 0-9 and single hyphens, not at the start or end.', 'Rename to lower-case letters, digits and single hyphens, e.g. `pdf-processing`.'),
  'name-mismatch': rule('error', 'warning', '`name` must equal the name of the folder holding SKILL.md.', 'Rename the folder or change `name` so the two are the same.'),
  'name-from-folder': rule('error', 'warning', 'The SKILL.md has no `name`; with `nameFromFolder` it loads under its folder\'s name.', 'Add `name:` with the folder name so the skill loads in every client.'),
  'description-missing': rule('error', 'error', 'The required `description` field is missing or empty.', 'Add `description:` saying what the skill does and when to use it.'),
  'description-type': rule('error', 'error', '`description` must be a single text value.', 'Write the description as text; use a `>` block for long text.'),
  'description-too-long': rule('error', 'warning', '`description` is longer than 1,024 characters.', 'Shorten the description; move detail into the body.'),
  'compatibility-length': rule('error', 'warning', '`compatibility`, when given, must be 1–500 characters.', 'Give a short compatibility note, or remove the key.'),
  'compatibility-type': rule('error', 'warning', '`compatibility` must be text.', 'Write compatibility as one text value.'),
  'license-type': rule('error', 'warning', '`license` must be text.', 'Write the license as one text value, e.g. `license: MIT`.'),
  'metadata-type': rule('error', 'warning', '`metadata` must be a mapping of keys to text values.', 'Write `metadata:` followed by indented `key: "value"` lines.'),
  'metadata-value-type': rule('error', 'warning', 'Each `metadata` value must be text (a number, list or map is not).', 'Quote the value, e.g. `version: "1.0"`, or move structured data elsewhere.'),
  'metadata-key-type': rule('error', 'warning', 'Each `metadata` key must be text.', 'Use a word as the key, or quote it.'),
  'allowed-tools-format': rule('error', 'warning', '`allowed-tools` must be a space-separated text value.', 'Write `allowed-tools: Read Grep Bash(git:*)` on one line.'),
  'allowed-tools-type': rule('error', 'warning', '`allowed-tools` must be text or a list of text.', 'Write `allowed-tools: Read Grep`.'),
  'unknown-field': rule('error', 'info', 'The key is not one of the specification\'s six fields; the runtime keeps it in `extensions`.', 'Move custom data under `metadata`, or ignore this if you target Satchel only.'),
  'extension-field': rule('error', 'info', 'The key is a Satchel runtime extension, not part of the open specification.', 'Fine for Satchel; remove it for a portable skill.'),
  'key-spelling-conflict': rule('error', 'error', 'A key is written in both its spellings (e.g. `allowed-tools` and `allowedTools`) with different values.', 'Keep one spelling; the kebab-case one is portable.'),
  'extension-value': rule('error', 'warning', 'An extension field has a value of the wrong shape; it is ignored.', 'See the extension field table in docs/format.md for the expected shape.'),
  'skill-file-name': rule('error', 'warning', 'The file must be named exactly `SKILL.md`.', 'Rename the file to `SKILL.md`.'),
  'body-long': rule('info', 'info', 'The body is over 500 lines; the authoring guide recommends less.', 'Move detail into `references/` files and link them.'),
  // Structured bodies
  'structured-body-ignored': rule('warning', 'warning', 'A structured skill composes its body from `sections/`; the body written in SKILL.md is ignored.', 'Move the text into the section files, or set `metadata.body-format: plain`.'),
  'structured-unknown-section': rule('warning', 'warning', 'A file in `sections/` is not one of the seven known sections and is left out of the body.', 'Rename it to one of purpose, inputs-outputs, constraints, workflow, decision-criteria, examples, anti-patterns (.md).'),
  'structured-no-sections': rule('info', 'info', 'A structured skill was parsed without its `sections/` files; the SKILL.md body is used as is.', 'Pass the section files to the parser or load the whole folder.'),
  // Loading
  'unsafe-path': rule('error', 'error', 'A path is absolute, contains `..`, is nested too deep or is a symbolic link; it is refused.', 'Keep every file inside the skill folder as a regular file.'),
  'not-regular-file': rule('error', 'error', 'Where a file is expected (SKILL.md or a resource) there is a FIFO, socket, device or folder, found when listed or when opened; it is never read.', 'Make it a regular file, or move it out of the skill folder.'),
  'limit-exceeded': rule('error', 'error', 'A skill is over a per-skill limit and is skipped.', 'Shrink the skill or raise the named limit.'),
  'discovery-limit': rule('warning', 'warning', 'Discovery stopped at a depth or folder-count bound; what lies past it was not searched.', 'Raise `maxDepth` / `maxFolders`, or point the source at a narrower folder.'),
  'hidden-skipped': rule('info', 'info', 'A hidden folder (name starting with `.`) was not searched for skills.', 'Pass `includeHidden: true` to the directory source to search it.'),
  'binary-file': rule('info', 'info', 'A resource is binary: it is listed, never returned as text.', 'Nothing to do.'),
  shadowed: rule('info', 'info', 'A skill of the same name was already loaded from an earlier source; this one is skipped. Names are the same after NFKC, case folding and removal of invisible characters.', 'Rename one of the two skills if both are wanted.'),
  'confusable-name': rule('error', 'error', 'The name looks like the name of a skill loaded before it (a script look-alike, e.g. a Cyrillic `е` for a Latin `e`); it is skipped so it cannot pass for that skill.', 'Spell the name in Latin letters, or pick a name that does not imitate another skill.'),
  'plugin-manifest': rule('warning', 'warning', 'A plugin\'s `plugin.json` is missing a usable `name`, is not a JSON object, or has a field of the wrong type; the plugin is named after its folder and its skills still load.', 'Write `plugin.json` as `{ "name": "kebab-name", "version": "1.0.0" }`.'),
  'duplicate-skill': rule('error', 'error', 'Two plugins of one source contribute a skill of the same name; the later one is refused so canonical paths stay unambiguous.', 'Rename one of the two skills (folder and `name`), or load only one of the plugins.'),
  'namespace-limit': rule('warning', 'warning', 'A store namespace holds more skills than `perNamespace`; the rest were not loaded.', 'Raise `perNamespace` or archive unused skills.'),
  'source-error': rule('error', 'error', 'A source failed to list or read; its skills were not loaded.', 'Check the cause in the message (missing permission, network, I/O).'),
  // Remote sources
  'digest-mismatch': rule('error', 'error', 'A remote artifact\'s bytes do not match the digest its index publishes (`DIGEST_MISMATCH`); it is never used, and the skill is skipped.', 'Publish again so the index and the artifacts agree, or find out who changed the artifact.'),
  'untrusted-origin': rule('error', 'error', 'A remote URL, or a redirect, points at an origin `trustedOrigins` does not list; it is not fetched and the skill is skipped.', 'Add the origin to `trustedOrigins` if you trust it, or publish the artifact on a trusted origin.'),
  'remote-index-entry': rule('error', 'error', 'A remote index, or one of its entries, cannot be used: an unknown `$schema` or `type`, a malformed field, or a folder another entry already takes; it is skipped.', 'Publish the index with `satchel publish` (schema 0.2.0, types `skill-md` and `archive`).'),
  'invalid-archive': rule('error', 'error', 'A remote skill archive cannot be unpacked (truncated, corrupt, unknown kind, or an entry that is neither file nor folder); the skill is skipped.', 'Publish the skill again as a `.tar.gz` or `.zip` of regular files.'),
  'unverified-remote': rule('warning', 'warning', 'A legacy (0.1.0) remote index publishes no digests: its files cannot be verified, only fetched from trusted origins.', 'Publish a 0.2.0 index (`satchel publish`) so every artifact carries a digest.'),
  'remote-offline': rule('warning', 'warning', 'The remote index could not be fetched; the last verified set held in the cache was loaded instead.', 'Check the network or the index URL; nothing to do if you are offline on purpose.'),
  // Evolution
  'body-missing': rule('error', 'error', 'A stored skill must have a non-empty instruction body after its front matter; the store refuses a write without one.', 'Write the instructions below the closing `---` line.'),
  'resource-write-ignored': rule('error', 'error', 'A runtime write targeted a builtin (checked-in) skill or one of its resources, or tried to take a builtin skill\'s name; it was refused.', 'Change a checked-in skill in source and redeploy it; give a learned skill another name.'),
  'authoring-limit': rule('error', 'error', 'An agent write broke an authoring rule of the write tools (a length, a resource folder, a section name, a direct body write to a structured skill); nothing was written.', 'Follow the rule and the numbers the message gives, then call the tool again.'),
} as const satisfies Record<string, DiagnosticRule>;

/** Kebab-case rule id of a {@link Diagnostic}. */
export type DiagnosticCode = keyof typeof DIAGNOSTIC_RULES;

/** The diagnostic codes as an array, in declaration order. */
export const diagnosticCodes = Object.keys(DIAGNOSTIC_RULES) as readonly DiagnosticCode[];

/** One problem found in a skill, with where it is. Lines and columns are 1-based. */
export interface Diagnostic {
  /** The rule that was broken. */
  readonly code: DiagnosticCode;
  /** `error` skips the skill; `warning` loads it; `info` is for the record. */
  readonly severity: Severity;
  /** What is wrong, in a sentence that names the field or file. */
  readonly message: string;
  /** The file the problem is in (SKILL.md path when known). */
  readonly path: string;
  /** 1-based line in `path`; 0 when the problem is about the file as a whole. */
  readonly line: number;
  /** 1-based column in `path`; 0 when the problem is about the file as a whole. */
  readonly column: number;
}

/** The severity of `code` in `profile`. */
export function severityOf(code: DiagnosticCode, profile: Profile): Severity {
  return DIAGNOSTIC_RULES[code][profile];
}

/** How to fix a diagnostic, for command-line and editor output. */
export function fixFor(code: DiagnosticCode): string {
  return DIAGNOSTIC_RULES[code].fix;
}

/** Builds a diagnostic whose severity follows the profile. */
export function createDiagnostic(
  code: DiagnosticCode,
  profile: Profile,
  message: string,
  path: string,
  line = 0,
  column = 0,
): Diagnostic {
  return { code, severity: severityOf(code, profile), message, path, line, column };
}

/** `path:line:column code severity: message`, the format of `satchel validate`. */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.line > 0 ? `${d.path}:${d.line}:${d.column}` : d.path;
  return `${where} ${d.code} ${d.severity}: ${d.message}`;
}
