/**
 * The agent side of a `SkillLoader`: the catalog and the two tools over its
 * cache, files read back through the source each skill came from and
 * checked against the digest it was listed with.
 * @module
 */
import { catalogFits, rankByName, renderCatalog, selectForTurn, type CatalogOptions, type CatalogTurn, type SkillRanking } from '../agent/catalog.js';
import { SkillError } from '../format/errors.js';
import { sha256Digest } from '../shared/hash.js';
import { setDigest } from '../agent/skill-set.js';
import { originOf } from '../sources/origin.js';
import { resolveSkillPath } from '../shared/paths.js';
import { isBytes } from '../sources/inventory.js';
import { DEFAULT_SOURCE_TIMEOUT_MS, raceSourceCall, sourceTimeout, type SourceCallBounds } from './source-call.js';
import { decodeUtf8 } from '../shared/text.js';
import { createSkillTools, listedTextFile, type SkillTool } from '../agent/tools.js';
import { createFileTools } from '../agent/file-tools.js';
import type { ResolvedLimits, Skill, SkillFile } from '../format/types.js';

/** Digest and tools of one cache, made once per cache. */
interface AgentView {
  readonly digest: string;
  readonly tools: readonly SkillTool[];
  readonly fileTools: readonly SkillTool[];
}

// Keyed by the cache's skill list, which every load, upsert or removal replaces.
const views = new WeakMap<readonly Skill[], AgentView>();

// The whole catalog (or null: it does not fit) per cache and form: asked for on every turn, it changes only with the cache.
const wholeCatalogs = new WeakMap<readonly Skill[], Map<string, string | null>>();

function wholeCatalog(skills: readonly Skill[], max: number, options: CatalogOptions): string | null {
  const key = `${options.format ?? 'markdown'}:${options.toolNames ?? 'id'}:${max}`;
  let forms = wholeCatalogs.get(skills);
  if (!forms) wholeCatalogs.set(skills, (forms = new Map()));
  let text = forms.get(key);
  if (text === undefined) {
    text = catalogFits(skills, max, options) ? renderCatalog(skills, max, options) : null;
    forms.set(key, text);
  }
  return text;
}

/** The digest and tools over `skills` (a cache's `all`), built on first use. */
export function agentView(skills: readonly Skill[], limits: ResolvedLimits, timeoutMs = DEFAULT_SOURCE_TIMEOUT_MS): AgentView {
  let view = views.get(skills);
  if (!view) {
    const digest = setDigest(skills);
    // Thousands of names would not fit a prompt as an enum: past the catalog's size, `name` is a plain string.
    const served = {
      skills,
      digest,
      maxEnumBytes: limits.maxCatalogBytes,
      maxFileBytes: limits.maxFileBytes,
      readText: (skill: Skill, file: SkillFile) => readVerified(skill, file, limits, { timeoutMs }),
    };
    view = { digest, tools: createSkillTools(served), fileTools: createFileTools(served) };
    views.set(skills, view);
  }
  return view;
}

/**
 * The catalog of a loader's skills. When the whole catalog fits it is
 * returned as is, `turn` or not. Otherwise, with a `turn`, it lists the
 * skills `ranking` puts highest for that turn, within `maxCatalogBytes`;
 * without one it is refused (`LIMIT_EXCEEDED`), never cut.
 */
export function loaderCatalog(
  skills: readonly Skill[],
  limits: ResolvedLimits,
  options: CatalogOptions,
  ranking: SkillRanking = () => rankByName(skills),
): string {
  const max = limits.maxCatalogBytes;
  const whole = wholeCatalog(skills, max, options);
  if (whole !== null) return whole;
  if (options.turn === undefined) {
    throw new SkillError(
      'LIMIT_EXCEEDED',
      `The catalog of ${skills.length} skills is over maxCatalogBytes (${max}); pass catalog({ turn }) to list the skills routing ranks highest for a turn.`,
    );
  }
  return renderCatalog(selectForTurn(ranking(options.turn), max, options), max, options);
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

/** What a per-turn catalog asks of a loader's routing. */
export interface TurnRouting {
  activate(turn: CatalogTurn): readonly { readonly skill: Skill }[];
  route(text: string): readonly { readonly skill: Skill }[];
}

/**
 * The ranking a loader's per-turn catalog uses: the skills the turn
 * activates (mentions, intents, confident matches) first, then the rest of
 * the router's ranking for the turn's text.
 */
export function routingRanking(routing: TurnRouting): SkillRanking {
  return (turn) => {
    const text = typeof turn === 'string' ? turn : (turn.text ?? '');
    const intents = typeof turn === 'string' ? [] : (turn.intents ?? []).map((i) => i.toLowerCase());
    // As in `activate`: intents a turn names gate `intent-matched` skills, so its text ranks none that lists none of them.
    const gated = (skill: Skill): boolean =>
      intents.length > 0 && skill.activation === 'intent-matched' && !(skill.intents ?? []).some((i) => intents.includes(i.toLowerCase()));
    const routed = text.trim() === '' ? [] : routing.route(text).filter((hit) => !gated(hit.skill));
    return [...routing.activate(turn), ...routed].map((hit) => hit.skill);
  };
}
