// Small builders shared by the routing tests.
import { parseSkill } from '../../src/format/parse.js';
import type { Skill } from '../../src/format/types.js';
import { skillMd } from './skill-md.js';

/** Front matter fields of a test skill besides its name. */
export interface TestSkillFields {
  description?: string;
  activation?: 'auto' | 'manual' | 'intent-matched';
  intents?: string[];
  examples?: string[];
  tags?: string[];
  'user-invocable'?: boolean;
  'disable-model-invocation'?: boolean;
}

/** A parsed skill (throws if the text does not parse). */
export function skill(name: string, fields: TestSkillFields = {}): Skill {
  const parsed = parseSkill(routingMd(name, fields), { folder: name });
  if (!parsed.skill) throw new Error(parsed.errors.map((e) => e.message).join('\n'));
  return parsed.skill;
}

/** A small hand-made skill set with clear, separate vocabularies. */
export function demoSkills(): Skill[] {
  return [
    skill('pdf-tools', {
      description: 'Merge, split and extract text from PDF files.',
      examples: ['merge these two pdfs', 'extract the text of this pdf', 'split a pdf into pages'],
    }),
    skill('weather-report', {
      description: 'Current weather and forecasts for a city.',
      examples: ['will it rain tomorrow', 'what is the weather in paris', 'forecast for the weekend'],
    }),
    skill('git-helper', { description: 'Explain git commands, resolve merge conflicts, rewrite history.', tags: ['git', 'version-control'] }),
    skill('refunds', {
      description: 'Handle refund requests for orders.',
      activation: 'intent-matched',
      intents: ['refund_request'],
      examples: ['i want my money back for this order'],
    }),
    skill('researcher', { description: 'Fan out searches over the corpus.', activation: 'manual' }),
  ];
}

/** SKILL.md text for a routing test skill: the description defaults to `The <name> skill.`, other fields go to the front matter. */
export function routingMd(name: string, fields: TestSkillFields = {}): string {
  const { description = `The ${name} skill.`, ...front } = fields;
  // A body without words: these skills route on their front matter only, as the tests that use them expect.
  return skillMd(name, { description, front, body: '…' });
}
