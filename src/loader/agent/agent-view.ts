/**
 * The agent side of a `SkillLoader` over one cache: its digest, the skill
 * tools (`skills.load`, `skills.read`, `skills.search`) and the file tools,
 * files read back through the source each skill came from and checked
 * against the digest they were listed with.
 * @module
 */
import { SkillError } from '../../format/errors.js';
import { sha256Digest } from '../../shared/hash.js';
import { setDigest } from '../../agent/skill-set.js';
import { originOf } from '../../sources/origin.js';
import { resolveSkillPath } from '../../shared/paths.js';
import { isBytes } from '../../sources/inventory.js';
import { DEFAULT_SOURCE_TIMEOUT_MS, raceSourceCall, sourceTimeout, type SourceCallBounds } from '../source-call.js';
import { decodeUtf8 } from '../../shared/text.js';
import { createSkillTools, listedTextFile, type SkillTool } from '../../agent/tools.js';
import { createFileTools } from '../../agent/file-tools.js';
import { createSearchTool, type SkillSearch } from '../../agent/search-tool.js';
import type { ResolvedLimits, Skill, SkillFile } from '../../format/types.js';
import type { UnmetNeeds } from '../../format/fields/dependencies.js';

/** Digest and tools of one cache, made once per cache. */
export interface AgentView {
  readonly digest: string;
  readonly tools: readonly SkillTool[];
  readonly fileTools: readonly SkillTool[];
}

/** What a loader lends its tools: its search, and what to hear of each skill `skills.load` returns. */
export interface AgentHooks {
  readonly search: SkillSearch;
  /** May return a promise: `skills.load` waits for it (a loader's sandboxes being written). */
  readonly onLoad: (skill: Skill) => void | Promise<void>;
  readonly timeoutMs?: number;
  /** `skill` in full (a lazy one read first), before `skills.load` or `skills.read` serve it. */
  readonly inFull?: (skill: Skill) => Promise<Skill>;
  /** What a skill needs and the app lacks (the loader's `availableTools`): `skills.load` says so instead of loading it. */
  readonly unmet?: (skill: Skill) => UnmetNeeds | undefined;
}

// Keyed by the cache's skill list, which every load, upsert or removal replaces.
const views = new WeakMap<readonly Skill[], AgentView>();

/** The digest and tools over `skills` (a cache's `all`), built on first use. */
export function agentView(skills: readonly Skill[], limits: ResolvedLimits, hooks: AgentHooks): AgentView {
  let view = views.get(skills);
  if (!view) {
    const digest = setDigest(skills);
    const timeoutMs = hooks.timeoutMs ?? DEFAULT_SOURCE_TIMEOUT_MS;
    // Thousands of names would not fit a prompt as an enum: past the catalog's size, `name` is a plain string.
    const served = {
      skills,
      digest,
      maxEnumBytes: limits.maxCatalogBytes,
      maxFileBytes: limits.maxFileBytes,
      readText: (skill: Skill, file: SkillFile) => readVerified(skill, file, limits, { timeoutMs }),
      onLoad: hooks.onLoad,
      ...(hooks.inFull === undefined ? {} : { inFull: hooks.inFull }),
      ...(hooks.unmet === undefined ? {} : { unmet: hooks.unmet }),
    };
    const tools = createSkillTools(served);
    // No skill to load, nothing to search for: a loader with no model-visible skill offers no tool.
    const search = tools.length > 0 ? [createSearchTool(digest, hooks.search)] : [];
    view = { digest, tools: Object.freeze([...tools, ...search]), fileTools: createFileTools(served) };
    views.set(skills, view);
  }
  return view;
}

/** The text of a loader skill's listed text file, read through its source. */
export async function readLoaderFile(
  skill: Skill,
  path: string,
  limits: ResolvedLimits,
  bounds: SourceCallBounds = { timeoutMs: DEFAULT_SOURCE_TIMEOUT_MS },
): Promise<string> {
  return readVerified(skill, listedTextFile(skill, path), limits, bounds);
}

/**
 * Reads `file` of `skill` from the source it was loaded from and checks the
 * bytes against the listed digest: a file changed since the load is
 * `DIGEST_MISMATCH`, never served.
 */
async function readVerified(skill: Skill, file: SkillFile, limits: ResolvedLimits, bounds: SourceCallBounds): Promise<string> {
  const bytes = await readVerifiedBytes(skill, file, limits, bounds);
  const text = decodeUtf8(bytes);
  if (text === undefined) throw new SkillError('INVALID_INPUT', `\`${file.path}\` of skill "${skill.name}" is not UTF-8 text.`, { path: file.path });
  return text;
}

/** The bytes of `file` (text or binary) of `skill`, read through its source and checked against the listed digest (`DIGEST_MISMATCH`). */
export async function readVerifiedBytes(skill: Skill, file: SkillFile, limits: ResolvedLimits, bounds: SourceCallBounds): Promise<Uint8Array> {
  const bytes = await readSkillSourceFile(skill, file.path, limits, bounds);
  if (file.digest === '' || sha256Digest(bytes) !== file.digest) {
    throw new SkillError('DIGEST_MISMATCH', `\`${file.path}\` of skill "${skill.name}" does not match the digest it was loaded with; reload the skills.`, {
      path: file.path,
    });
  }
  return bytes;
}

/**
 * The bytes at `path` of `skill`'s folder (a plugin's shared `../../x` included; its SKILL.md too) as the source it
 * was loaded from holds them, within `maxFileBytes`; not checked against a digest (the caller does).
 */
export async function readSkillSourceFile(skill: Skill, path: string, limits: ResolvedLimits, bounds: SourceCallBounds): Promise<Uint8Array> {
  const origin = originOf(skill);
  if (!origin) throw new SkillError('NOT_FOUND', `Skill "${skill.name}" was not loaded from a source, so its file \`${path}\` cannot be read.`, { path });
  const { source } = origin;
  // A plugin skill's shared file (`../../shared/x`) lives two folders up from the skill's own.
  const at = resolveSkillPath(origin.dir, path);
  if (at === undefined) throw new SkillError('NOT_FOUND', `\`${path}\` of skill "${skill.name}" lies outside its source.`, { path });
  // A source that never answers cannot hold the read: it is raced against the signal and the timeout.
  const bytes: unknown = await raceSourceCall(source, `read(${path})`, { ...bounds, timeoutMs: sourceTimeout(source, bounds.timeoutMs) }, (o) =>
    source.read(at, o),
  );
  if (!isBytes(bytes))
    throw new SkillError('SOURCE_FAILED', `Source ${source.name} returned ${bytes === null ? 'null' : `a ${typeof bytes}`} for \`${path}\`, not bytes.`, {
      path,
    });
  if (bytes.byteLength > limits.maxFileBytes) {
    throw new SkillError('LIMIT_EXCEEDED', `\`${path}\` of skill "${skill.name}" is ${bytes.byteLength} bytes; maxFileBytes is ${limits.maxFileBytes}.`, {
      path,
    });
  }
  return bytes;
}
