/**
 * Satchel demo: the dedicated Worker that runs the skill runtime — the builtin skills bundled from demo/skills by
 * the Vite plugin, and the org/user store in IndexedDB. The page reaches it only through `satchel/client`.
 * Started as `…+meaning` (the page's switch), it also routes by meaning: USE-Lite (uint8) on TF.js's WASM backend,
 * its files served beside the app (scripts/demo-model.mjs) and precached for offline use. The builtin skills'
 * vectors come with the bundle (made at build with the same model); the person's own skills' are kept in IndexedDB.
 */
import bundle from 'virtual:satchel/skills';
import { bundleSource, SKILL_TOOLS, type VectorCache } from '../src/index.js';
import { indexedDbVectorCache, openIndexedDbStore } from '../src/store/index.js';
import { exposeSkillRuntime } from '../src/worker/index.js';
import { createSentenceEncoder, fetchModelFiles, fileVectorCache } from '../src/embeddings/index.js';

// Builtin names are reserved so a user skill can never shadow one silently (the store refuses it with CONFLICT).
const builtinNames = bundle.entries.map((entry) => entry.folder ?? entry.dir).filter((name) => name !== '');

// The demo's agent has the skill tools and nothing else (there is no model, no web, no shell): a skill that declares
// it needs another tool (`metadata.dependencies`) stays held and listed, with what it lacks, but out of routing,
// the catalog and skills.load.
const availableTools = [SKILL_TOOLS.load, SKILL_TOOLS.read, SKILL_TOOLS.search, SKILL_TOOLS.list, SKILL_TOOLS.grep];

// The worker's script sits at the app's root in dev and in assets/ once built: `../` reaches the root from both.
// (Its own location, not import.meta.url: Vite would turn `new URL(variable, import.meta.url)` into a glob of files.)
const served = (path: string): string => new URL(`../${path}`, self.location.href).href;

/** The bundle's vectors first, then those this browser made before; new ones go to IndexedDB. */
function vectorCache(): VectorCache {
  const shipped = bundle.vectors ? fileVectorCache(bundle.vectors) : new Map<string, Float32Array>();
  const kept = indexedDbVectorCache();
  return { get: async (key) => shipped.get(key) ?? kept.get(key), set: (key, vector) => kept.set(key, vector) };
}

const meaning = self.name.endsWith('+meaning');
const embedder = meaning
  ? createSentenceEncoder({ id: 'use-lite-uint8@1', files: fetchModelFiles(served('models/use-lite-uint8/')), wasmPaths: served('wasm/'), backend: 'wasm' })
  : undefined;

// No top-level await: a module worker drops messages that arrive meanwhile, so the store goes in as a promise.
// Approval-gated: the person's writes apply at once; an agent's wait as proposals until the person approves them.
exposeSkillRuntime({
  builtin: bundleSource(bundle),
  store: openIndexedDbStore({ reservedNames: builtinNames, mutability: 'approval-gated' }),
  availableTools,
  ...(embedder ? { routing: { embedder, vectorCache: vectorCache() } } : {}),
});
