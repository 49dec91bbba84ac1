/**
 * What a loader's `skills.search` tool searches with: the loader's router
 * (the embedding stage too, once it is ready), and, for the `manual` skills
 * routing never ranks, their names.
 * @module
 */
import { isModelVisible } from '../../agent/catalog/entries.js';
import type { SkillSearch, SkillSearchHit } from '../../agent/search-tool.js';
import type { Skill } from '../../format/types.js';

/** The part of a loader a search needs. */
export interface SearchedLoader {
  routeAsync(text: string, options: { limit: number }): Promise<readonly { readonly skill: Skill; readonly score: number }[]>;
  getAll(): readonly Skill[];
}

/**
 * The search of `loader`: the model-visible `manual` skills the query names
 * (every word of the name in it, score 1), then the router's ranking.
 */
export function loaderSearch(loader: SearchedLoader): SkillSearch {
  return async (query, limit) => {
    const named = namedManualSkills(query, loader.getAll());
    const routed = await loader.routeAsync(query, { limit });
    const hits: SkillSearchHit[] = named.map((skill) => ({ name: skill.name, description: skill.description, score: 1 }));
    for (const { skill, score } of routed) {
      if (isModelVisible(skill)) hits.push({ name: skill.name, description: skill.description, score: Math.round(score * 1000) / 1000 });
    }
    return hits.slice(0, limit);
  };
}

/** Words as a name splits them: letters and digits, lower case. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

function namedManualSkills(query: string, skills: readonly Skill[]): Skill[] {
  const said = new Set(wordsOf(query));
  return skills.filter((s) => s.activation === 'manual' && isModelVisible(s) && wordsOf(s.name).every((w) => said.has(w)));
}
