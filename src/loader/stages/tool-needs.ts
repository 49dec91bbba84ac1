/**
 * A loader's tools check (option `availableTools`): which skills need tools
 * the app lacks (`metadata.dependencies`), so routing, activation, the catalog
 * and `skills.load` leave them out; and the diagnostics a load adds for them
 * and for `allowed-tools` names the app lacks (informational only).
 * Without `availableTools` every skill is usable and nothing is added.
 * @module
 */
import { createDiagnostic, type Diagnostic } from '../../format/diagnostics/diagnostic.js';
import { unmetNeeds, unmetNeedsMessage, type UnmetNeeds } from '../../format/fields/dependencies.js';
import { SkillError } from '../../format/errors.js';
import type { Skill } from '../../format/types.js';
import { buildCache, type Cache } from '../cache.js';

/** The check of one loader's skills against the tools it was told the app has. */
export class ToolNeeds {
  readonly #available: ReadonlySet<string> | undefined;
  // Per skill object and per cache (both immutable): the answer, worked out once.
  readonly #unmet = new WeakMap<Skill, UnmetNeeds | null>();
  readonly #routable = new WeakMap<Cache, Cache>();

  /** `INVALID_INPUT` when `availableTools` is given and is not a list of tool names. */
  constructor(availableTools: Iterable<string> | undefined) {
    this.#available = availableTools === undefined ? undefined : toolSet(availableTools);
  }

  /** True when the loader was given `availableTools`. */
  get checking(): boolean {
    return this.#available !== undefined;
  }

  /** What `skill` needs and the app lacks; `undefined` when its needs are met, it declares none, or nothing is checked. */
  unmet(skill: Skill): UnmetNeeds | undefined {
    const available = this.#available;
    if (!available) return undefined;
    let found = this.#unmet.get(skill);
    if (found === undefined) this.#unmet.set(skill, (found = unmetNeeds(skill, available) ?? null));
    return found ?? undefined;
  }

  /** True when `skill` may be routed, activated, listed in the catalog and loaded. */
  readonly usable = (skill: Skill): boolean => this.unmet(skill) === undefined;

  /** `cache` as routing and the catalog see it: without the skills whose needs are unmet (the same cache when none is). */
  routable(cache: Cache): Cache {
    if (!this.#available) return cache;
    let seen = this.#routable.get(cache);
    if (!seen) {
      const usable = cache.all.filter(this.usable);
      seen = usable.length === cache.all.length ? cache : { ...cache, ...buildCache(usable, cache.diagnostics) };
      this.#routable.set(cache, seen);
    }
    return seen;
  }

  /** `cache` with a load's diagnostics of the check: `needs-unmet` per hidden skill, `allowed-tool-missing` per skill naming a tool the app lacks. */
  afterLoad(cache: Cache): Cache {
    const available = this.#available;
    if (!available) return cache;
    const found: Diagnostic[] = [];
    for (const skill of cache.all) {
      const where = skill.path ?? skill.name;
      const unmet = this.unmet(skill);
      if (unmet)
        found.push(createDiagnostic('needs-unmet', 'runtime', `${unmetNeedsMessage(skill.name, unmet)} It is kept out of the catalog and activation.`, where));
      const lacking = (skill.allowedTools ?? []).filter((tool) => !hasAllowedTool(available, tool));
      if (lacking.length > 0) {
        const names = lacking.map((t) => `\`${t}\``).join(', ');
        const message = `Skill "${skill.name}" lists ${names} in \`allowed-tools\`, which the app does not have; informational only, the skill stays.`;
        found.push(createDiagnostic('allowed-tool-missing', 'runtime', message, where));
      }
    }
    return found.length === 0 ? cache : { ...cache, diagnostics: [...cache.diagnostics, ...found] };
  }
}

function toolSet(tools: Iterable<string>): ReadonlySet<string> {
  const iterable = typeof tools === 'object' && tools !== null && typeof (tools as Partial<Iterable<unknown>>)[Symbol.iterator] === 'function';
  const list: unknown = iterable ? [...(tools as Iterable<unknown>)] : undefined;
  if (!Array.isArray(list) || !list.every((t) => typeof t === 'string')) {
    throw new SkillError('INVALID_INPUT', '`availableTools` must be a list of tool names (text).');
  }
  return new Set(list);
}

/**
 * True when the app has the tool an `allowed-tools` entry names: `Bash(git:*)` names `Bash`, and an entry ending in
 * `*` (`mcp__github__*`) any tool it begins.
 */
function hasAllowedTool(available: ReadonlySet<string>, entry: string): boolean {
  const paren = entry.indexOf('(');
  const tool = paren > 0 ? entry.slice(0, paren) : entry;
  if (!tool.endsWith('*')) return available.has(tool);
  const prefix = tool.slice(0, -1);
  for (const name of available) if (name.startsWith(prefix)) return true;
  return false;
}
