/**
 * What a loader hands the store it reads, through the seam of
 * `sources/store-rules.ts`: after each load, the builtin tier's names (so
 * the store refuses a learned skill that the loader would hide behind a
 * builtin one) and, when the app pointed the loader at its surface's
 * `agent.md`, the mutability it declares, for the namespace that surface
 * learns in. So one store serves surfaces of different policies.
 * @module
 */
import { parseAgentMd, type AgentMd, type MutabilityName } from '../../format/agent-md.js';
import { SkillError } from '../../format/errors.js';
import type { Skill } from '../../format/types.js';
import type { SkillStoreLike } from '../../sources/store.js';
import { takesBuiltinNames, takesMutability } from '../../sources/store-rules.js';
import { surfaceNamespace } from '../surface.js';

/** A surface's `agent.md` as a loader takes it: its text, or the text with the path messages name. */
export type AgentMdInput = string | Uint8Array | { readonly text: string | Uint8Array; readonly path?: string };

/** The rules one loader hands its store. */
export class StoreRules {
  readonly #store: SkillStoreLike | undefined;
  readonly #surface: string | undefined;
  /** The surface's `agent.md`, read when the loader was made; undefined when it was not given. */
  readonly agentMd: AgentMd | undefined;

  constructor(options: { readonly store?: SkillStoreLike; readonly surface?: string; readonly agentMd?: AgentMdInput }, maxFileBytes: number) {
    this.#store = options.store;
    this.#surface = options.surface;
    this.agentMd = options.agentMd === undefined ? undefined : readAgentMd(options.agentMd, maxFileBytes);
  }

  /** The policy for skill changes the surface's `agent.md` declares, if it does. */
  get mutability(): MutabilityName | undefined {
    return this.agentMd?.skills;
  }

  /** After a load of `skills` for these ids: the builtin names to the store, and the surface's policy for its namespace. */
  afterLoad(skills: readonly Skill[], orgId: string | undefined, userId: string | undefined): void {
    this.reserve(skills);
    const policy = this.mutability;
    const store = this.#store;
    if (policy === undefined || orgId === undefined || userId === undefined || !takesMutability(store)) return;
    settle(() => store.setMutability(surfaceNamespace(orgId, userId, this.#surface), policy));
  }

  /** The names of the builtin skills among `skills` to the store (a load's, or one a watching source added). */
  reserve(skills: readonly Skill[]): void {
    const store = this.#store;
    if (!takesBuiltinNames(store)) return;
    const names = skills.filter((s) => s.source === 'builtin').map((s) => s.name);
    if (names.length > 0) settle(() => store.reserveNames(names));
  }
}

/** Runs one call of the seam: a store that fails to take a rule (a deferred store that never opened) does not fail the load. */
function settle(call: () => unknown): void {
  try {
    const result = call();
    if (typeof (result as { then?: unknown } | undefined)?.then === 'function') (result as Promise<unknown>).then(undefined, () => undefined);
  } catch {
    // The store refused a rule it was handed; its own writes report it (Satchel's stores accept every name and policy given here).
  }
}

/** The `agent.md` of the option, read; `INVALID_INPUT` naming the file and line when it is malformed. */
function readAgentMd(input: AgentMdInput, maxBytes: number): AgentMd {
  if (typeof input === 'string' || input instanceof Uint8Array) return parseAgentMd(input, { maxBytes });
  if (typeof input !== 'object' || input === null || (typeof input.text !== 'string' && !(input.text instanceof Uint8Array))) {
    throw new SkillError('INVALID_INPUT', '`agentMd` is the text of an agent.md, or `{ text, path? }` (satchel/node also reads `{ path }` from disk).');
  }
  return parseAgentMd(input.text, { maxBytes, ...(input.path === undefined ? {} : { path: input.path }) });
}
