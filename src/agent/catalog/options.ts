/**
 * What a catalog is asked for: its form, the turn it is for, its budget and
 * the skills a conversation has already loaded.
 * @module
 */

/** A user turn, as routing takes it: free text and/or intent labels. */
export type CatalogTurn = string | { readonly text?: string; readonly intents?: readonly string[] };

/** A skill a conversation has loaded: its name, and the digest it had then (`loader.loaded` gives both). */
export interface LoadedSkillMark {
  readonly name: string;
  /** The digest the skill had when it was loaded; a skill that changed since is marked so. */
  readonly digest?: string;
}

/** Options of `catalog()`. */
export interface CatalogOptions {
  /** `markdown` (default): one `- name: description` line per skill. `xml`: `<available_skills>`, one `<skill>` per line. */
  format?: 'markdown' | 'xml';
  /**
   * How the paragraph names the tools: `id` (default, `skills.load`) or
   * `provider` (`skills_load`, the name the OpenAI and Anthropic adapters give).
   */
  toolNames?: 'id' | 'provider';
  /**
   * A loader's catalog that does not fit its budget whole lists what this
   * turn activates first, then the other skills by relevance to it. A
   * catalog that fits whole ignores it, so the prompt stays the same.
   */
  turn?: CatalogTurn;
  /**
   * A loader's budget in UTF-8 bytes (default: its `maxCatalogBytes`). A
   * skill set refuses a catalog over it (`LIMIT_EXCEEDED`), as over its own
   * limit; a loader's catalog is made to fit it.
   */
  maxBytes?: number;
  /**
   * A loader's catalog only: skills the conversation has already loaded,
   * by name or `{ name, digest }`. They are listed as loaded (with their
   * digest) instead of with their description; names the loader does not
   * hold are left out.
   */
  loaded?: readonly (string | LoadedSkillMark)[];
  /**
   * Tag every description with where its skill came from, for a model told to weigh it: `[builtin]`, `[org]`,
   * `[user]`, `[agent]` (a store revision an agent wrote), `[remote:<index URL>]`, `[mcp:<label>]` (default false: only
   * an MCP server's skills are tagged). The tags count against the budget.
   */
  origins?: boolean;
}
