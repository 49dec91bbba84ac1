/**
 * The `skills.search` tool: the model asks for skills by what a task needs
 * and gets the best matches' names, descriptions and scores, listed in the
 * catalog or not. Read-only and free, like `skills.load`; a loader gives it
 * its router (`loader/agent/`), so this side holds only its shape.
 * @module
 */
import { inputRecord, invalid } from './tool-input.js';
import { SKILLS_READ_GRANT, SKILLS_SEARCH } from './tool-names.js';
import type { SkillTool } from './tools.js';

/** One match of `skills.search`. */
export interface SkillSearchHit {
  readonly name: string;
  readonly description: string;
  /** The router's calibrated score, 0–1. */
  readonly score: number;
}

/** What `skills.search` returns: the query and the matches, best first (none when nothing matches). */
export interface SkillSearchResult {
  readonly query: string;
  readonly skills: readonly SkillSearchHit[];
}

/** What the tool searches with: a ranking of the model-visible skills for a query, at most `limit` long. */
export type SkillSearch = (query: string, limit: number) => Promise<readonly SkillSearchHit[]>;

/** Matches `skills.search` returns unless asked for another number. */
export const DEFAULT_SEARCH_LIMIT = 5;

/** The most matches one call returns. */
export const MAX_SEARCH_LIMIT = 20;

// As routing caps a turn: a longer query would only be cut there.
const MAX_QUERY_CHARS = 2000;

/**
 * The `skills.search` tool over `search`, versioned by `digest` (the
 * skills it searches). Grants: `tool:skills.search` and `skills:read`.
 *
 * @example
 * ```ts
 * const tool = createSearchTool(loader.digest, async (query, limit) => hitsFor(query, limit))
 * await tool.run({ query: 'merge two pdf files' }) // { query, skills: [{ name: 'pdf-tools', description, score: 0.82 }, …] }
 * ```
 */
export function createSearchTool(digest: string, search: SkillSearch): SkillTool<SkillSearchResult> {
  return Object.freeze({
    id: SKILLS_SEARCH,
    description:
      'Search every skill by what a task needs, including skills the catalog does not list: returns the best matches (name, description, score from 0 to 1). Load the one that fits with skills.load.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1, maxLength: MAX_QUERY_CHARS, description: 'What the task needs, in a few words or a sentence.' },
        limit: { type: 'integer', minimum: 1, maximum: MAX_SEARCH_LIMIT, description: `How many matches to return (default ${DEFAULT_SEARCH_LIMIT}).` },
      },
      required: ['query'],
      additionalProperties: false,
    },
    effects: 'none' as const,
    cost: 0 as const,
    version: digest,
    grants: Object.freeze([`tool:${SKILLS_SEARCH}`, SKILLS_READ_GRANT]),
    run: async (input: unknown): Promise<SkillSearchResult> => {
      const { query, limit } = searchInput(input);
      return { query, skills: await search(query, limit) };
    },
  });
}

function searchInput(input: unknown): { query: string; limit: number } {
  const record = inputRecord(input);
  const query = record['query'];
  const limit = record['limit'] ?? DEFAULT_SEARCH_LIMIT;
  if (typeof query !== 'string' || query.trim() === '') throw invalid('`query` must be text saying what the task needs.');
  if (query.length > MAX_QUERY_CHARS) throw invalid(`\`query\` is ${query.length} characters; at most ${MAX_QUERY_CHARS}.`);
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT) {
    throw invalid(`\`limit\` must be a whole number from 1 to ${MAX_SEARCH_LIMIT}.`);
  }
  return { query, limit };
}
