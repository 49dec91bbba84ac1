// The skills every runtime test serves, as memorySource files; plain data, so a worker bundle can import it too.
import { skillMd } from './skill-md.js';

/** Builtin skills: an auto one with a text file and a binary one, an intent one, a manual one, a hidden one. */
export const BUILTIN_FILES: Readonly<Record<string, string | Uint8Array>> = {
  'refunds/SKILL.md': skillMd('refunds', {
    description: 'Decide refunds and money back under the store policy.',
    front: { examples: ['I want my money back'] },
  }),
  'refunds/references/guide.md': 'Refunds up to 50 EUR are automatic.',
  'refunds/assets/logo.png': new Uint8Array([0x89, 0x50, 0]),
  'shipping/SKILL.md': skillMd('shipping', { description: 'Track parcels and delivery delays.', front: 'intents: [track_parcel]\n' }),
  'researcher/SKILL.md': skillMd('researcher', { description: 'Research a topic in depth.', front: 'activation: manual\n' }),
  'deploy/SKILL.md': skillMd('deploy', { description: 'Deploy the store.', front: 'disable-model-invocation: true\n' }),
};

/** The org and user namespaces the tests load. */
export const ORG = 'acme';
export const USER = 'u1';
export const ORG_NS = [ORG, 'skills'];
export const USER_NS = [ORG, USER, 'skills'];

/** A user skill's SKILL.md text. */
export function userSkill(name: string, description = `The ${name} skill of the user. Use when testing ${name}.`): string {
  return skillMd(name, { description });
}
