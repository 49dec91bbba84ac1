/**
 * The rules of the SKILL.md format itself: input, frame and encoding, YAML,
 * the specification's fields and structured bodies. Each entry is a rule id
 * with what it checks, how to fix it and its severity per profile.
 * @module
 */
import { rule } from './rule.js';

/** Rules about the SKILL.md text: its frame, YAML and fields. */
export const FORMAT_RULES = {
  // Input, frame and encoding
  'invalid-input': rule(
    'error',
    'error',
    '`parseSkill` was given something other than text or bytes, or options of the wrong shape.',
    'Pass the SKILL.md as a string or Uint8Array, and options as documented (`folder`, `profile`, `files`, …).',
  ),
  'file-too-large': rule(
    'error',
    'error',
    'The file is over `maxFileBytes`; it is refused before parsing.',
    'Shrink the file or move material into reference files.',
  ),
  'frontmatter-too-large': rule(
    'error',
    'error',
    'The front matter is over `maxFrontmatterBytes` (default 32 KiB); it is refused before YAML parsing.',
    'Keep the front matter short: move long lists and text into the body or reference files.',
  ),
  'invalid-encoding': rule('error', 'error', 'The text is not valid UTF-8 (or holds lone surrogates).', 'Save the file as UTF-8.'),
  'nul-byte': rule('error', 'error', 'The text contains a NUL (U+0000) character.', 'Remove the NUL bytes; SKILL.md must be plain text.'),
  bom: rule('error', 'info', 'The file starts with a byte-order mark (U+FEFF).', 'Save the file as UTF-8 without BOM.'),
  'missing-frontmatter': rule(
    'error',
    'error',
    'The first line must be exactly `---`, opening the YAML front matter.',
    'Start the file with a `---` line, then `name:` and `description:`, then a closing `---` line.',
  ),
  'unclosed-frontmatter': rule(
    'error',
    'error',
    'The front matter has no closing line that is exactly `---`.',
    'Add a line `---` after the last front matter key.',
  ),
  'cr-line-endings': rule(
    'error',
    'warning',
    'The front matter uses lone CR (classic Mac OS) line endings, which YAML does not read as line breaks; the runtime reads them as LF.',
    'Save the file with LF (or CRLF) line endings.',
  ),
  'non-yaml-frontmatter': rule(
    'error',
    'error',
    'The front matter is marked as another language (e.g. `---js`); it is never evaluated.',
    'Write the front matter as YAML between two `---` lines.',
  ),
  // YAML
  'invalid-yaml': rule(
    'error',
    'error',
    'The front matter is not valid YAML.',
    'Fix the YAML syntax at the given line; quote values that contain `: ` or start with a special character.',
  ),
  'yaml-unquoted-colon': rule(
    'error',
    'warning',
    'A plain value contains `: `, which YAML reads as a nested key; the runtime recovers by quoting it.',
    'Quote the value: `description: "Use when: ..."`, or use a `>` block.',
  ),
  'duplicate-key': rule('error', 'error', 'A front matter key appears twice.', 'Keep one of the two keys.'),
  'yaml-alias-limit': rule(
    'error',
    'error',
    'The YAML expands too many aliases, or its aliases expand the front matter past `maxFileBytes` (a possible alias bomb).',
    'Write the values out instead of using many `*alias` references.',
  ),
  'yaml-too-deep': rule('error', 'error', 'The YAML is nested deeper than the parser allows.', 'Flatten the front matter.'),
  'yaml-warning': rule(
    'warning',
    'warning',
    'The YAML parser warned about the front matter (e.g. an unknown tag).',
    'Follow the parser message; prefer plain YAML 1.2 without custom tags.',
  ),
  'frontmatter-not-mapping': rule(
    'error',
    'error',
    'The front matter must be a YAML mapping of keys to values.',
    'Write the front matter as `key: value` lines.',
  ),
  // The spec fields
  'name-missing': rule(
    'error',
    'error',
    'The required `name` field is missing or empty.',
    'Add `name:` with the skill folder name, e.g. `name: pdf-processing`.',
  ),
  'name-type': rule('error', 'error', '`name` must be a single text value.', 'Write `name` as one word of lower-case letters, digits and hyphens.'),
  'name-too-long': rule('error', 'warning', '`name` is longer than 64 characters.', 'Shorten the name (and the folder) to at most 64 characters.'),
  'name-format': rule(
    'error',
    'warning',
    '`name` may use only lower-case a-z, 0-9 and single hyphens, not at the start or end.',
    'Rename to lower-case letters, digits and single hyphens, e.g. `pdf-processing`.',
  ),
  'name-mismatch': rule(
    'error',
    'warning',
    '`name` must equal the name of the folder holding SKILL.md.',
    'Rename the folder or change `name` so the two are the same.',
  ),
  'name-from-folder': rule(
    'error',
    'warning',
    "The SKILL.md has no `name`; with `nameFromFolder` it loads under its folder's name.",
    'Add `name:` with the folder name so the skill loads in every client.',
  ),
  'description-missing': rule(
    'error',
    'error',
    'The required `description` field is missing or empty.',
    'Add `description:` saying what the skill does and when to use it.',
  ),
  'description-type': rule('error', 'error', '`description` must be a single text value.', 'Write the description as text; use a `>` block for long text.'),
  'description-too-long': rule('error', 'warning', '`description` is longer than 1,024 characters.', 'Shorten the description; move detail into the body.'),
  'compatibility-length': rule(
    'error',
    'warning',
    '`compatibility`, when given, must be 1–500 characters.',
    'Give a short compatibility note, or remove the key.',
  ),
  'compatibility-type': rule('error', 'warning', '`compatibility` must be text.', 'Write compatibility as one text value.'),
  'license-type': rule('error', 'warning', '`license` must be text.', 'Write the license as one text value, e.g. `license: MIT`.'),
  'metadata-type': rule(
    'error',
    'warning',
    '`metadata` must be a mapping of keys to text values.',
    'Write `metadata:` followed by indented `key: "value"` lines.',
  ),
  'metadata-value-type': rule(
    'error',
    'warning',
    'Each `metadata` value must be text (a number, list or map is not).',
    'Quote a number or a date, e.g. `version: "1.0"`; write a list as one text, its items separated by commas, e.g. `keywords: "pdf, forms"` (`metadata.tags` is read that way too); move a map out of `metadata`.',
  ),
  'metadata-key-type': rule('error', 'warning', 'Each `metadata` key must be text.', 'Use a word as the key, or quote it.'),
  'allowed-tools-format': rule(
    'error',
    'warning',
    '`allowed-tools` must be a space-separated text value.',
    'Write `allowed-tools: Read Grep Bash(git:*)` on one line.',
  ),
  'allowed-tools-type': rule('error', 'warning', '`allowed-tools` must be text or a list of text.', 'Write `allowed-tools: Read Grep`.'),
  'unknown-field': rule(
    'error',
    'info',
    "The key is not one of the specification's six fields; the runtime keeps it in `extensions`.",
    'Move custom data under `metadata`, or ignore this if you target Satchel only.',
  ),
  'extension-field': rule(
    'error',
    'info',
    'The key is a Satchel runtime extension, not part of the open specification.',
    'Fine for Satchel; remove it for a portable skill.',
  ),
  'key-spelling-conflict': rule(
    'error',
    'error',
    'A key is written in both its spellings (e.g. `allowed-tools` and `allowedTools`) with different values.',
    'Keep one spelling; the kebab-case one is portable.',
  ),
  'extension-value': rule(
    'error',
    'warning',
    'An extension field has a value of the wrong shape; it is ignored.',
    'See the extension field table in docs/format.md for the expected shape.',
  ),
  'dependencies-format': rule(
    'warning',
    'warning',
    "`metadata.dependencies` (a skill's declared needs) is not a map of `all` and `any` lists of tool names, or holds an entry that is not a tool name; what cannot be read is ignored.",
    'Write `dependencies:` under `metadata:` with `all: [tool, …]` (every one needed) and `any: [tool, …]` (one of them needed), or the same map as JSON text.',
  ),
  'skill-file-name': rule('error', 'warning', 'The file must be named exactly `SKILL.md`.', 'Rename the file to `SKILL.md`.'),
  'body-long': rule('info', 'info', 'The body is over 500 lines; the authoring guide recommends less.', 'Move detail into `references/` files and link them.'),
  // Structured bodies
  'structured-body-ignored': rule(
    'warning',
    'warning',
    'A structured skill composes its body from `sections/`; the body written in SKILL.md is ignored.',
    'Move the text into the section files, or set `metadata.body-format: plain`.',
  ),
  'structured-unknown-section': rule(
    'warning',
    'warning',
    'A file in `sections/` is not one of the seven known sections and is left out of the body.',
    'Rename it to one of purpose, inputs-outputs, constraints, workflow, decision-criteria, examples, anti-patterns (.md).',
  ),
  'structured-no-sections': rule(
    'info',
    'info',
    'A structured skill was parsed without its `sections/` files; the SKILL.md body is used as is.',
    'Pass the section files to the parser or load the whole folder.',
  ),
} as const;
