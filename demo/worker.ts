/**
 * Satchel demo: the dedicated Worker that runs the skill runtime — the builtin skills bundled from demo/skills by
 * the Vite plugin, and the org/user store in IndexedDB. The page reaches it only through `satchel/client`.
 */
import bundle from 'virtual:satchel/skills';
import { bundleSource } from '../src/index.js';
import { openSkillStore } from '../src/store/index.js';
import { exposeSkillRuntime } from '../src/worker/index.js';

// Builtin names are reserved so a user skill can never shadow one silently (the store refuses it with CONFLICT).
const builtinNames = bundle.entries.map((entry) => entry.folder ?? entry.dir).filter((name) => name !== '');

// No top-level await: a module worker drops messages that arrive meanwhile, so the store goes in as a promise.
exposeSkillRuntime({ builtin: bundleSource(bundle), store: openSkillStore({ reservedNames: builtinNames }) });
