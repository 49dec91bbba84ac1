/**
 * Pre-parsed builtin bundles: the build (`satchel/vite`) parses every
 * SKILL.md once and ships the resulting skills, and the routing index over
 * them, inside the bundle; a page then starts without parsing YAML or
 * building an index. The texts stay in the bundle, so the skills can still
 * be checked against them (`bundleSource(bundle, { verify: true })`, or
 * parsing them with `preparsed: false`).
 * @module
 */
import type { Diagnostic } from '../format/diagnostics/diagnostic.js';
import { digestSkill } from '../format/serialize.js';
import type { RouterJSON } from '../routing/types.js';
import { isSkill, type Skill } from '../format/types.js';

/**
 * Version of the pre-parsed part of a bundle. Raised whenever parsing would
 * give other skills from the same text, or the skills are stored otherwise,
 * so a bundle built by another version is parsed again from its texts
 * instead of trusted. 2: a skill's body is stored once, in the entry's text
 * (`skill.content` null, `body` its span).
 */
export const BUNDLE_PARSE_FORMAT = 2;

/** What a bundle carries when its build parsed its skills. */
export interface SkillBundleParsed {
  /** {@link BUNDLE_PARSE_FORMAT} of the build; another value makes the reader parse the texts. */
  readonly format: number;
  /**
   * The routing index over the bundle's skills with the default routing
   * options (`router.toJSON()`): start a loader from it with
   * `new SkillLoader({ builtin: bundleSource(bundle), routing: { index: bundle.parsed.index } })`.
   */
  readonly index?: RouterJSON;
}

const RANK = { error: 0, warning: 1, info: 2 } as const;

/** Diagnostics in the order a load reports a parse's (errors, warnings, infos), each group in its own order. */
export function inReportOrder(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics
    .map((d, i) => ({ d, i }))
    .sort((a, b) => RANK[a.d.severity] - RANK[b.d.severity] || a.i - b.i)
    .map(({ d }) => d);
}

/**
 * The pre-parsed skill of an entry when it can be used: the bundle's parse
 * format is this library's, the value has a skill's shape (it may come from
 * fetched JSON), and, with `verify`, its digest is what its fields, body
 * and files give. Otherwise `undefined`: the entry's text is parsed instead.
 */
export function usableSkill(parsed: SkillBundleParsed | undefined, value: unknown, verify: boolean): Skill | undefined {
  if (parsed?.format !== BUNDLE_PARSE_FORMAT || !isSkill(value)) return undefined;
  if (!verify) return value;
  const { digest, diagnostics: _diagnostics, ...rest } = value;
  return digestSkill(rest, value.files) === digest ? value : undefined;
}

/** The limits a parse depends on: a kept parse stands for a load's parse only under the same ones. */
export interface ParseLimits {
  readonly maxFileBytes: number;
  readonly maxNesting: number;
}

/**
 * A skill kept parsed beside its SKILL.md text, the way the skill store keeps each head: the parse format, the limits
 * it was parsed with (a load with other limits parses the text), and the skill with its body stored once, as its span
 * of the text (`skill.content` null, `body` the span), as a pre-parsed bundle stores it.
 */
export interface KeptParse extends ParseLimits {
  /** {@link BUNDLE_PARSE_FORMAT} of the code that parsed it; another value makes a load parse the text. */
  readonly format: number;
  /** The runtime profile's skill, `content` null when `body` holds its span. */
  readonly skill: Omit<Skill, 'content'> & { readonly content: string | null };
  readonly body?: readonly [number, number];
}

/** The parse of `text` to keep beside it: `skill` as the runtime profile parsed it, within `limits`. */
export function keepParse(skill: Skill, text: string, limits: ParseLimits): KeptParse {
  const { maxFileBytes, maxNesting } = limits;
  const start = skill.content === '' ? -1 : text.lastIndexOf(skill.content);
  // A structured skill's body is composed from its sections, so it is not in the text: kept whole.
  if (start < 0) return { format: BUNDLE_PARSE_FORMAT, maxFileBytes, maxNesting, skill };
  return { format: BUNDLE_PARSE_FORMAT, maxFileBytes, maxNesting, skill: { ...skill, content: null }, body: [start, start + skill.content.length] };
}

/**
 * The skill of a kept parse when a load may take it: this code's parse format, a skill's shape, the `name` and `digest`
 * of the record it is kept with, and a body span that fits `text`; with `path` as its path and its diagnostics' (what a
 * parse of the text at `path` gives). Otherwise `undefined`: the text is parsed. With `owned` (the kept parse is the
 * caller's own object, parsed from a database for this read alone) the skill is that object, completed in place: a
 * listing of many skills then copies none of them.
 */
export function keptSkill(
  kept: unknown,
  text: string,
  record: { name: string; digest: string },
  path: string,
  owned = false,
): { skill: Skill; limits: ParseLimits } | undefined {
  if (typeof kept !== 'object' || kept === null) return undefined;
  const k = kept as Partial<Record<keyof KeptParse, unknown>>;
  if (k.format !== BUNDLE_PARSE_FORMAT || typeof k.maxFileBytes !== 'number' || typeof k.maxNesting !== 'number') return undefined;
  const value = k.skill as Record<string, unknown> | null | undefined;
  if (typeof value !== 'object' || value === null || value['name'] !== record.name || value['digest'] !== record.digest) return undefined;
  let content = value['content'];
  if (content === null) {
    const [start, end] = Array.isArray(k.body) ? (k.body as unknown[]) : [];
    if (!Number.isInteger(start) || !Number.isInteger(end) || (start as number) < 0 || (start as number) > (end as number) || (end as number) > text.length)
      return undefined;
    content = text.slice(start as number, end as number);
  }
  const found = value['diagnostics'];
  const diagnostics = Array.isArray(found) ? found.map((d: Diagnostic) => (d.path === path ? d : { ...d, path })) : found;
  const limits = { maxFileBytes: k.maxFileBytes, maxNesting: k.maxNesting };
  if (!owned) {
    const skill = { ...value, content, path, diagnostics };
    return isSkill(skill) ? { skill, limits } : undefined;
  }
  // The checks of `isSkill`, made before the object is changed: a kept parse that fails them is left as it was.
  if (typeof value['description'] !== 'string' || typeof content !== 'string' || !Array.isArray(value['files']) || !Array.isArray(diagnostics))
    return undefined;
  value['content'] = content;
  value['path'] = path;
  value['diagnostics'] = diagnostics;
  return isSkill(value) ? { skill: value, limits } : undefined;
}
