/**
 * The shapes that cross the boundary between the page and the worker,
 * besides the loader's own (`Skill`, `SkillActivation`, `RoutedSkill`, …,
 * which are plain data already).
 * @module
 */
import type { LoadProgress } from '../loader/loader.js';
import type { SkillTool } from '../agent/tools.js';

export type { SkillProvenance } from '../sources/origin.js';

/** A skill tool as the page sees it: everything but `run`, which stays in the worker (`runtime.runTool`). */
export type ToolDescriptor = Omit<SkillTool, 'run'>;

/** The events a page can subscribe to in the worker. */
export type RuntimeEventType = 'change';

/**
 * What the page sends with `loadAll` besides the ids: a call id it can
 * cancel by. The progress callback travels as its own argument: Comlink
 * turns a proxied function into a port only at the top level of a call.
 */
export interface RemoteLoadOptions {
  /** Names the call for `abort(callId)`. */
  readonly callId?: string;
}

/** A progress callback the page sends (as a Comlink proxy); the worker waits for each delivery before it answers. */
export type RemoteProgress = (progress: LoadProgress) => unknown;

/** Options of `runTool` across the boundary: the grants as a list (a `Set` or iterator would not clone). */
export interface RemoteRunToolOptions {
  readonly grants: readonly string[];
}
