/**
 * The root entry's constants, grouped behind four namespace objects so that
 * `satchel` stays a page a user reads in one sitting (at most 35 values;
 * docs/api.md): the skill tools' ids and grants, the default limits, the
 * version stamps of what Satchel writes, and the code tables. Each object is
 * frozen, and the limit tables are frozen copies: changing one cannot change
 * the defaults the runtime applies.
 * @module
 */
import { DIAGNOSTIC_RULES } from './format/diagnostics/rules.js';
import { SKILL_ERROR_CODES } from './format/error-codes.js';
import { MAX_FRONTMATTER_BYTES } from './format/parse.js';
import { LOADER_LIMITS, SKILL_SET_LIMITS } from './format/types.js';
import { BUNDLE_PARSE_FORMAT } from './sources/preparsed-bundle.js';
import { SKILL_BUNDLE_VERSION } from './sources/bundle.js';
import { PLUGIN_LIMITS } from './sources/plugin.js';
import { DEFAULT_PER_NAMESPACE } from './sources/store.js';
import { ROUTER_SCHEMA_VERSION } from './routing/router.js';
import {
  SKILLS_FILE_PERMISSIONS,
  SKILLS_GREP,
  SKILLS_LIST,
  SKILLS_LOAD,
  SKILLS_LOADER_PERMISSIONS,
  SKILLS_PERMISSIONS,
  SKILLS_READ,
  SKILLS_READ_GRANT,
  SKILLS_SEARCH,
} from './agent/tool-names.js';
import { GREP_LIMITS } from './agent/tool-names.js';

/**
 * The read-only skill tools: their ids, the grant they share, and the allow
 * lists a runtime needs to offer them.
 *
 * @example
 * ```ts
 * import { SKILL_TOOLS } from 'satchel'
 * await runtime.runTool(SKILL_TOOLS.load, { name: 'pdf' }, { grants: SKILL_TOOLS.permissions })
 * ```
 */
export const SKILL_TOOLS = Object.freeze({
  /** `skills.load`: a skill's instructions and file list. */
  load: SKILLS_LOAD,
  /** `skills.read`: one text file of a skill. */
  read: SKILLS_READ,
  /** `skills.search`: a loader's skills by what a task needs, listed in its catalog or not. */
  search: SKILLS_SEARCH,
  /** `skills.list`: the files under a folder of a skill (a file tool). */
  list: SKILLS_LIST,
  /** `skills.grep`: matching lines in a skill's text files (a file tool). */
  grep: SKILLS_GREP,
  /** `skills:read`, the grant every skill tool needs besides its own `tool:<id>`. */
  readGrant: SKILLS_READ_GRANT,
  /** Every grant `skills.load` and `skills.read` need (`skills.permissions`). */
  permissions: SKILLS_PERMISSIONS,
  /** Every grant a loader's three skill tools need (`loader.permissions`): `permissions` and `tool:skills.search`. */
  loaderPermissions: SKILLS_LOADER_PERMISSIONS,
  /** Every grant `skills.list` and `skills.grep` need (`skills.fileTools`). */
  filePermissions: SKILLS_FILE_PERMISSIONS,
} as const);

/**
 * The default limits. A limit refuses, never truncates; every one can be
 * changed where it applies (`createSkillSet(skills, limits)`,
 * `new SkillLoader({ limits })`, a source's options).
 *
 * @example
 * ```ts
 * import { LIMITS } from 'satchel'
 * LIMITS.skillSet.maxSkills // 64
 * ```
 */
export const LIMITS = Object.freeze({
  /** A skill set's (`createSkillSet`, `loadSkills`), as in the Mayura seed. */
  skillSet: Object.freeze({ ...SKILL_SET_LIMITS }),
  /** A `SkillLoader`'s: more skills and bytes than a set. */
  loader: Object.freeze({ ...LOADER_LIMITS }),
  /** Per plugin of a plugin source: files and bytes. */
  plugin: PLUGIN_LIMITS,
  /** One `skills.grep` call: matches, bytes read, pattern and line lengths. */
  grep: GREP_LIMITS,
  /** Bytes of front matter the parser reads before it refuses (`maxFrontmatterBytes`). */
  frontmatterBytes: MAX_FRONTMATTER_BYTES,
  /** Items `storeSource` reads per namespace of a store that cannot count them (`perNamespace`). */
  storePerNamespace: DEFAULT_PER_NAMESPACE,
} as const);

/**
 * The version stamps of the files Satchel writes and reads back; a reader
 * refuses (or re-derives) what carries another.
 */
export const FORMAT_VERSIONS = Object.freeze({
  /** `version` of a skill bundle (`bundleSource`, the Vite plugin, `buildSkillBundle`). */
  bundle: SKILL_BUNDLE_VERSION,
  /** `parsed.format` of a bundle's pre-parsed skills; another format is parsed from the texts. */
  bundleParse: BUNDLE_PARSE_FORMAT,
  /** `version` of a serialised routing index (`router.toJSON()`). */
  router: ROUTER_SCHEMA_VERSION,
} as const);

/** Every code Satchel reports, with what it means (docs/codes.md is generated from these). */
export const CODES = Object.freeze({
  /** `SkillError` codes (thrown) → their meaning. */
  errors: SKILL_ERROR_CODES,
  /** Diagnostic codes (returned as data) → the rule: severity per profile, summary and fix. */
  diagnostics: DIAGNOSTIC_RULES,
} as const);
