/**
 * Satchel demo entry: the live SKILL.md validator (validator.ts, examples in examples.ts) and, below it, the
 * "Built-in skills" panel (builtin-panel.ts), which loads the skills the Vite plugin bundled from demo/skills.
 */
import { mountBuiltinPanel } from './builtin-panel.js';
import { mountValidator } from './validator.js';

mountValidator();
document.body.dataset['ready'] = 'true';

// Built-in skills: loaded after the validator is ready; the panel reports its own state in data-state.
mountBuiltinPanel().catch((error: unknown) => console.error('demo: built-in skills panel', error));
