/**
 * Agent surfaces: every surface (the root agent, each subagent) owns its
 * learned skills in a store namespace of its own. A loader given a
 * `surface` reads that namespace as its user tier instead of the root's,
 * so a subagent's skills route for its later runs and stay invisible to the
 * root agent, its siblings and its own children.
 * @module
 */
import { SkillError } from '../format/errors.js';

/**
 * The store namespace of a surface's learned skills: `[orgId, userId, 'skills']`
 * for the root agent (no surface), `[orgId, userId, 'surfaces', surface, 'skills']`
 * for a subagent. Use a path such as `legal/contracts` for a nested child: it is a
 * surface of its own, not a part of `legal`.
 *
 * @example
 * ```ts
 * surfaceNamespace('acme', 'ann')            // ['acme', 'ann', 'skills']
 * surfaceNamespace('acme', 'ann', 'legal')   // ['acme', 'ann', 'surfaces', 'legal', 'skills']
 * const tools = createWriteTools(store, { namespace: surfaceNamespace('acme', 'ann', 'legal') })
 * const legal = new SkillLoader({ store, surface: 'legal' })
 * ```
 */
export function surfaceNamespace(orgId: string, userId: string, surface?: string): string[] {
  if (surface === undefined) return [orgId, userId, 'skills'];
  checkSurface(surface);
  return [orgId, userId, 'surfaces', surface, 'skills'];
}

/** Throws `INVALID_INPUT` unless `surface` is non-empty text. */
export function checkSurface(surface: unknown): void {
  if (typeof surface !== 'string' || surface.trim() === '')
    throw new SkillError('INVALID_INPUT', `A surface is a non-empty name, e.g. "legal"; got ${JSON.stringify(surface)}.`);
}
