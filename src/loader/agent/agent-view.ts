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

/** Digest and tools of one cache, made once per cache. */
export interface AgentView {
  readonly digest: string;
  readonly tools: readonly SkillTool[];
  readonly fileTools: readonly SkillTool[];
}

/** What a loader lends its tools: its search, and what to hear of each skill `skills.load` returns. */
export interface AgentHooks {
  readonly search: SkillSearch;
  readonly onLoad: (skill: Skill) => void;
  readonly timeoutMs?: number;
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
  const origin = originOf(skill);
  if (!origin)
    throw new SkillError('NOT_FOUND', `Skill "${skill.name}" was not loaded from a source, so its file \`${file.path}\` cannot be read.`, { path: file.path });
  const { source } = origin;
  // A plugin skill's shared file (`../../shared/x`) lives two folders up from the skill's own.
  const at = resolveSkillPath(origin.dir, file.path);
  if (at === undefined) throw new SkillError('NOT_FOUND', `\`${file.path}\` of skill "${skill.name}" lies outside its source.`, { path: file.path });
  // A source that never answers cannot hold the read: it is raced against the signal and the timeout.
  const bytes: unknown = await raceSourceCall(source, `read(${file.path})`, { ...bounds, timeoutMs: sourceTimeout(source, bounds.timeoutMs) }, (o) =>
    source.read(at, o),
  );
  if (!isBytes(bytes))
    throw new SkillError('SOURCE_FAILED', `Source ${source.name} returned ${bytes === null ? 'null' : `a ${typeof bytes}`} for \`${file.path}\`, not bytes.`, {
      path: file.path,
    });
  if (bytes.byteLength > limits.maxFileBytes) {
    throw new SkillError('LIMIT_EXCEEDED', `\`${file.path}\` of skill "${skill.name}" is ${bytes.byteLength} bytes; maxFileBytes is ${limits.maxFileBytes}.`, {
      path: file.path,
    });
  }
  if (file.digest === '' || sha256Digest(bytes) !== file.digest) {
    throw new SkillError('DIGEST_MISMATCH', `\`${file.path}\` of skill "${skill.name}" does not match the digest it was loaded with; reload the skills.`, {
      path: file.path,
    });
  }
  const text = decodeUtf8(bytes);
  if (text === undefined) throw new SkillError('INVALID_INPUT', `\`${file.path}\` of skill "${skill.name}" is not UTF-8 text.`, { path: file.path });
  return text;
}
