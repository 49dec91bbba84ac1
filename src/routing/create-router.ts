/**
 * Making a router: empty, or read back from a serialised index (checked
 * for its schema version and language first).
 * @module
 */
import { SkillError } from '../format/errors.js';
import { pipelineOf, type RouterOptions } from './options.js';
import { Router, ROUTER_SCHEMA_VERSION } from './router.js';
import type { TextPipeline } from './text-pipeline.js';
import type { RouterJSON } from './types.js';

/** Options of {@link createRouter}: the tuning, and optionally a serialised index to start from. */
export interface CreateRouterOptions extends RouterOptions {
  /** An index from {@link Router.toJSON} (e.g. shipped with a builtin bundle); refused with `INVALID_INDEX` when it does not fit. */
  index?: RouterJSON;
}

/**
 * A router: empty, or read back from a serialised index. The one way to make a router.
 *
 * @example
 * ```ts
 * const router = createRouter()
 * router.sync(skills)
 * const again = createRouter({ index: JSON.parse(JSON.stringify(router.toJSON())) })
 * ```
 */
export function createRouter(options: CreateRouterOptions = {}): Router {
  const { index, ...tuning } = options;
  return index === undefined ? new Router(tuning) : loadRouter(index, tuning);
}

/**
 * A router read back from {@link Router.toJSON}. Refuses (`INVALID_INDEX`) a
 * different schema version or a pipeline of another language.
 */
export function loadRouter(json: RouterJSON, options: RouterOptions = {}): Router {
  return readRouter(json, { ...options, pipeline: checkRouterJSON(json, options) });
}

/**
 * @internal {@link loadRouter} for an index {@link checkRouterJSON} passed already, with the pipeline it gave: the
 * loader checks a shipped index when it is listed and reads it on first use, without walking its entries twice.
 */
export function readRouter(json: RouterJSON, options: RouterOptions & { readonly pipeline: TextPipeline }): Router {
  try {
    return new Router(options, json);
  } catch (e) {
    throw new SkillError('INVALID_INDEX', `The routing index is malformed: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
}

/**
 * The checks {@link loadRouter} makes before reading the index, without
 * reading it: refuses (`INVALID_INDEX`) another schema version or language.
 * Returns the pipeline the options give.
 */
export function checkRouterJSON(json: RouterJSON, options: RouterOptions = {}): TextPipeline {
  const pipeline = pipelineOf(options);
  if (json?.version !== ROUTER_SCHEMA_VERSION) {
    throw new SkillError(
      'INVALID_INDEX',
      `The routing index has schema version ${String(json?.version)}; this Satchel reads version ${ROUTER_SCHEMA_VERSION}.`,
    );
  }
  if (!Array.isArray(json.entries) || !json.entries.every(isEntry) || typeof json.index !== 'object' || json.index === null) {
    throw new SkillError('INVALID_INDEX', 'The routing index is malformed: `entries` must be a list of skill entries and `index` an object.');
  }
  if (json.language !== pipeline.language) {
    throw new SkillError('INVALID_INDEX', `The routing index was built for language "${json.language}", the pipeline is "${pipeline.language}".`);
  }
  return pipeline;
}

/** The text fields of an indexed document, besides its `id`. */
const DOC_FIELDS = ['name', 'description', 'intents', 'examples', 'tags', 'body'] as const;

/** An entry tuple of {@link RouterJSON}: name, digest, activation, intents, document, term profile — all the way down. */
function isEntry(e: unknown): boolean {
  if (!Array.isArray(e) || e.length !== 6) return false;
  const [name, digest, activation, intents, doc, profile] = e as unknown[];
  const shaped = typeof name === 'string' && typeof digest === 'string' && typeof activation === 'string';
  // The profile's terms are read when the index is (a malformed weight is refused then, as INVALID_INDEX).
  return shaped && isStrings(intents) && isDocument(doc, name) && typeof profile === 'string';
}

const isStrings = (v: unknown): boolean => Array.isArray(v) && v.every((x) => typeof x === 'string');

function isDocument(doc: unknown, name: string): boolean {
  if (typeof doc !== 'object' || doc === null) return false;
  const d = doc as Record<string, unknown>;
  return d['id'] === name && DOC_FIELDS.every((f) => typeof d[f] === 'string');
}
