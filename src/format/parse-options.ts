/**
 * The options of `parseSkill`.
 * @module
 */
import type { Profile } from './diagnostics/diagnostic.js';
import type { SkillFileInput, SkillLimits, SkillSourceKind } from './types.js';

/** Options of `parseSkill`. */
export interface ParseOptions extends Pick<SkillLimits, 'maxFileBytes' | 'maxNesting'> {
  /** Name of the folder holding the file; `name` must equal it. */
  folder?: string;
  /** The file's own name; anything but `SKILL.md` is reported. */
  fileName?: string;
  /** `runtime` (default): lenient loading. `spec`: the open specification, strictly. */
  profile?: Profile;
  /** The tier the skill belongs to (default `user`). */
  source?: SkillSourceKind;
  /** Path shown in diagnostics and kept as `skill.path` (default `folder/fileName`). */
  path?: string;
  /** Resource files besides SKILL.md; `sections/*.md` need `content` for structured skills. */
  files?: readonly SkillFileInput[];
  /**
   * A SKILL.md without `name` loads under `folder` with a `name-from-folder`
   * warning instead of being skipped (default false: the specification's
   * client guide skips it). For MD-first skills, whose folder is the name.
   */
  nameFromFolder?: boolean;
  /** Largest front matter read, in bytes (default {@link MAX_FRONTMATTER_BYTES}); larger is refused before YAML parsing. */
  maxFrontmatterBytes?: number;
  /**
   * Compute `skill.digest` on its first read instead of while parsing (default false). The value is the same (it is
   * computed by the same function from the same fields, and a `Skill` is read-only), so a load that never asks for a
   * digest does not pay for one. `digest` is then an own, enumerable accessor in its usual place among the keys:
   * spread, `JSON.stringify`, structured clone and equality see its value.
   */
  lazyDigest?: boolean;
}
