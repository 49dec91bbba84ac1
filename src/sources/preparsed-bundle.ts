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
