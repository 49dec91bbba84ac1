/**
 * The `SkillLoader` of `satchel/node`: the core loader with the builtin
 * tier read from `skills/builtin/` on disk by default, as the pleach seed's
 * server loader does.
 * @module
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SkillError } from '../format/errors.js';
import { SkillLoader as CoreSkillLoader, type SkillLoaderOptions } from '../loader/loader.js';
import type { SkillSource } from '../sources/source.js';
import { directorySource } from './directory/directory-source.js';
import { readAgentFiles } from './plugins/agent-files.js';

/** Where the Node loader looks for builtin skills, under its working folder. */
export const BUILTIN_SKILLS_DIR = 'skills/builtin';

/** Options of the Node {@link SkillLoader}: the core options and where the default builtin folder is. */
export interface NodeSkillLoaderOptions extends Omit<SkillLoaderOptions, 'agentMd'> {
  /** The surface's `agent.md`: as the core loader takes it, or `{ path }` (under `cwd`), read from disk when the loader is made. */
  agentMd?: SkillLoaderOptions['agentMd'] | { readonly path: string };
  /**
   * The path of the agent's `agent.md` (under `cwd`), read when the loader is made: it is the loader's `agentMd` (its
   * `mutability`), its `plugins` list the published plugins selected, and `plugins.lock` beside it (when there is one)
   * their pins, as `plugins: { selected, lock }` (docs/remote.md, "Published plugins"). `plugins` given too adds its
   * other options (`cache`, `allowUnpinned`, …). Not with `agentMd`.
   */
  agent?: string;
  /** Folder holding `skills/builtin/` (default `process.cwd()` when the loader is made); read only when `builtin` is not given. */
  cwd?: string;
  /** The default builtin folder loads a SKILL.md without `name` under its folder's name (default false). */
  nameFromFolder?: boolean;
}

/**
 * The core {@link CoreSkillLoader | SkillLoader} (so `instanceof` it holds)
 * with one more default: when no `builtin` source is given, the builtin
 * tier is `skills/builtin/<name>/SKILL.md` under `cwd`. A missing folder
 * loads nothing and reports nothing. Give `builtin` (even `[]`) to turn the
 * default off. The browser entry never reads the disk.
 *
 * @example
 * ```ts
 * import { SkillLoader } from 'satchel/node'
 * const loader = new SkillLoader({ store, subagentSpecs })   // + ./skills/builtin
 * await loader.loadAll(orgId, userId)
 * const agent = new SkillLoader({ agent: 'agent.md' })       // + the plugins agent.md selects, as plugins.lock pins them
 * ```
 */
export class SkillLoader extends CoreSkillLoader {
  constructor(options: NodeSkillLoaderOptions = {}) {
    const { cwd, nameFromFolder, agentMd, agent, ...rest } = options;
    const core: SkillLoaderOptions =
      agent !== undefined ? withAgent(rest, agent, agentMd, cwd) : agentMd === undefined ? rest : { ...rest, agentMd: agentMdOf(agentMd, cwd) };
    super(core.builtin === undefined ? { ...core, builtin: defaultBuiltin(cwd, nameFromFolder === true) } : core);
  }
}

/** `{ path }` read from disk (relative to `cwd`), anything else as the core loader takes it. */
function agentMdOf(agentMd: NonNullable<NodeSkillLoaderOptions['agentMd']>, cwd: string | undefined): NonNullable<SkillLoaderOptions['agentMd']> {
  if (typeof agentMd !== 'object' || agentMd instanceof Uint8Array || 'text' in agentMd || typeof agentMd.path !== 'string') return agentMd as never;
  const { path } = agentMd;
  try {
    return { path, text: readFileSync(resolve(cwd ?? process.cwd(), path)) };
  } catch (cause) {
    const missing = (cause as { code?: unknown }).code === 'ENOENT';
    throw new SkillError(missing ? 'NOT_FOUND' : 'SOURCE_FAILED', `The agent.md at ${path} could not be read${missing ? ': there is no such file' : ''}.`, {
      path,
      cause,
    });
  }
}

/** The options with the agent's files read: `agent.md` as `agentMd`, `plugins.lock` beside it as `plugins.lock`. */
function withAgent(rest: SkillLoaderOptions, agent: string, agentMd: unknown, cwd: string | undefined): SkillLoaderOptions {
  if (typeof agent !== 'string') throw new SkillError('INVALID_INPUT', '`agent` is the path of an agent.md.');
  if (agentMd !== undefined) throw new SkillError('INVALID_INPUT', 'Give `agent` (the path of an agent.md) or `agentMd`, not both.');
  const files = readAgentFiles(agent, cwd ?? process.cwd());
  const lock = rest.plugins?.lock ?? files.lock;
  return { ...rest, agentMd: files.agentMd, plugins: { ...rest.plugins, ...(lock === undefined ? {} : { lock }) } };
}

function defaultBuiltin(cwd: string | undefined, nameFromFolder: boolean): SkillSource {
  // Relative without `cwd`, so diagnostics show `skills/builtin/<name>/SKILL.md`; resolved against the working folder now.
  const dir = cwd === undefined ? BUILTIN_SKILLS_DIR : join(cwd, BUILTIN_SKILLS_DIR);
  return directorySource(dir, { name: `builtin:${dir}`, nameFromFolder });
}
