/**
 * A surface's `agent.md`, read for what Satchel acts on: the `mutability`
 * block of its YAML front matter (the MD-first seed's "agent.md declares
 * whether skill changes are autonomous, approval-gated, or disabled") and
 * its `plugins` list (the published plugins it selects, agent-plugins.ts).
 * The body (the surface's instructions) and every other key are kept as
 * they are, for the app.
 * @module
 */
import { readPluginSelections, type PluginSelection } from './agent-plugins.js';
import { SkillError } from './errors.js';
import { positionAt, splitFrontmatter } from './frontmatter.js';
import { keyOffset, readYaml } from './yaml/read.js';
import { byteSize, decodeUtf8 } from '../shared/text.js';

/** How a surface treats its agent's skill changes: the four words of the MD-first seed (`static`: the shorthand for `disabled`). */
export type MutabilityName = 'autonomous' | 'approval-gated' | 'disabled' | 'static';

/** The four policy words, in the seed's order. */
export const MUTABILITY_NAMES: readonly MutabilityName[] = ['autonomous', 'approval-gated', 'disabled', 'static'];

/** An `agent.md` as Satchel reads it. */
export interface AgentMd {
  /** The policy for skill changes: `mutability.skills`, or `mutability: <word>` as a shorthand; absent when the file does not say. */
  readonly skills?: MutabilityName;
  /** The `mutability` block as written (`skills`, `automations`, `externalAccess`, …); `{ skills: 'static' }` for `mutability: static`. */
  readonly mutability: Readonly<Record<string, unknown>>;
  /** The published plugins the agent selects: its front matter's `plugins` list (empty when it has none). */
  readonly plugins: readonly PluginSelection[];
  /** Every front matter key as plain data (empty when the file has no front matter). */
  readonly fields: Readonly<Record<string, unknown>>;
  /** The Markdown below the front matter (the whole text when there is none), trimmed. */
  readonly body: string;
}

/** Options of {@link parseAgentMd}. */
export interface AgentMdOptions {
  /** The file's path, for messages (default `agent.md`). */
  readonly path?: string;
  /** Largest file read, in bytes (default 256 KiB, a SKILL.md's limit). */
  readonly maxBytes?: number;
}

const DEFAULT_MAX_BYTES = 256 * 1024;

/**
 * Reads an `agent.md`: YAML front matter (optional) and a Markdown body. A file
 * without front matter declares nothing. A broken front matter, a `mutability`
 * that is neither a word nor a mapping, a `skills` policy that is not one of
 * {@link MUTABILITY_NAMES}, or a `plugins` list that is not `{ name, source, version }`
 * each (a kebab-case name, an http(s) index URL, a version or range) is
 * `INVALID_INPUT`, the message starting `path:line:column`.
 *
 * @example
 * ```ts
 * parseAgentMd('---\nmutability:\n  skills: approval-gated\n---\n# Legal\n').skills   // 'approval-gated'
 * parseAgentMd('---\nmutability: static\n---\n').skills                             // 'static'
 * ```
 */
export function parseAgentMd(input: string | Uint8Array, options: AgentMdOptions = {}): AgentMd {
  const path = options.path ?? 'agent.md';
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (byteSize(input) > maxBytes) throw invalid(path, 0, 0, `The file is ${byteSize(input)} bytes; an agent.md is read up to ${maxBytes}.`);
  const decoded = typeof input === 'string' ? input : decodeUtf8(input);
  if (decoded === undefined) throw invalid(path, 0, 0, 'The file is not UTF-8 text.');
  const text = decoded.replace(/^\uFEFF/, '');
  const split = splitFrontmatter(text);
  if ('problem' in split) {
    // No front matter at all is a plain instructions file; a front matter begun and broken is a mistake to report.
    const opensLater = /^---[ \t]*$/.test(text.trimStart().split(/\r\n|\n|\r/, 1)[0] ?? '');
    if (split.problem.code === 'missing-frontmatter' && !text.startsWith('---') && !opensLater)
      return { mutability: {}, plugins: [], fields: {}, body: text.trim() };
    throw invalid(path, split.problem.line, split.problem.column, split.problem.message);
  }
  const { frame } = split;
  const read = readYaml(frame.yaml, maxBytes);
  const at = (offset: number | undefined): { line: number; column: number } => {
    const p = positionAt(frame.yaml, offset ?? 0);
    return { line: frame.yamlLine + p.line - 1, column: p.column };
  };
  if (read.data === undefined) {
    const first = read.problems[0];
    const p = at(first?.offset);
    throw invalid(path, p.line, p.column, `The front matter is not readable YAML: ${first?.message ?? 'unknown problem'}.`);
  }
  const fields = read.data;
  const mutability = mutabilityOf(fields['mutability'], (key) => at(keyOffset(read.doc, key)), path);
  const skills = mutability['skills'] as MutabilityName | undefined;
  const plugins = readPluginSelections(fields['plugins']);
  if ('problem' in plugins) {
    const p = at(keyOffset(read.doc, ['plugins']));
    throw invalid(path, p.line, p.column, plugins.problem);
  }
  return { ...(skills === undefined ? {} : { skills }), mutability, plugins: plugins.selections, fields, body: frame.body };
}

/** The `mutability` value checked: absent, a policy word (the shorthand), or a mapping whose `skills` is a policy word. */
function mutabilityOf(value: unknown, at: (key: string[]) => { line: number; column: number }, path: string): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  const words = MUTABILITY_NAMES.join(', ');
  if (typeof value === 'string') {
    if (isMutabilityName(value)) return { skills: value };
    const p = at(['mutability']);
    throw invalid(path, p.line, p.column, `\`mutability\` is one of ${words}, or a mapping with \`skills:\`; got ${JSON.stringify(value)}.`);
  }
  if (typeof value !== 'object' || Array.isArray(value)) {
    const p = at(['mutability']);
    throw invalid(path, p.line, p.column, `\`mutability\` is a mapping (\`skills: approval-gated\`, …) or the shorthand \`static\`.`);
  }
  const block = value as Record<string, unknown>;
  const skills = block['skills'];
  if (skills !== undefined && !isMutabilityName(skills)) {
    const p = at(['mutability', 'skills']);
    throw invalid(path, p.line, p.column, `\`mutability.skills\` is one of ${words}; got ${JSON.stringify(skills)}.`);
  }
  return { ...block };
}

/** True for one of the four policy words. */
export function isMutabilityName(value: unknown): value is MutabilityName {
  return typeof value === 'string' && (MUTABILITY_NAMES as readonly string[]).includes(value);
}

function invalid(path: string, line: number, column: number, message: string): SkillError {
  const where = line > 0 ? `${path}:${line}:${column}` : path;
  return new SkillError('INVALID_INPUT', `${where}: ${message}`, { path });
}
