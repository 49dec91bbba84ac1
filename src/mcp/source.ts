/**
 * What the MCP server serves: a skill set or a loader, read the same way
 * whichever it is.
 * @module
 */
import type { CatalogOptions } from '../agent/catalog/options.js';
import type { SkillToolSource } from '../agent/tool-source.js';
import type { ResolvedLimits, Skill } from '../format/types.js';
import type { LoaderChange } from '../loader/live.js';

/**
 * A skill set (`createSkillSet`) or a loader (`SkillLoader`): the read
 * tools, the catalog, the skills, and for a loader its change events.
 */
export type McpSkillSource = SkillToolSource & {
  catalog(options?: CatalogOptions): string;
  /** A loader's changes (a watched folder, a store), announced to clients as list changes. */
  on?(type: 'change', listener: (change: LoaderChange) => void): () => void;
  /** The digest over every skill (a set's, a loader's): the Skills Extension builds its listing again when it changes. */
  readonly digest?: string;
  /** The limits files are read within (a set's, a loader's; default the loader's). */
  readonly limits?: ResolvedLimits;
  /** A loader's: skills known by their metadata only, read in full before the Skills Extension lists them. */
  ensureLoaded?(names: readonly string[]): Promise<Skill[]>;
} & ({ readonly skills: readonly Skill[] } | { getAll(): readonly Skill[] });

/** The skills `source` holds now. */
export function skillsOf(source: McpSkillSource): readonly Skill[] {
  return 'getAll' in source ? source.getAll() : source.skills;
}
