/**
 * The Skills Extension (SEP-2640) as a server declares it: its identifier,
 * the capability with `directoryRead`, the limits of the Final text and the
 * caching fields every `skills/list` page and `skills/get` result carries.
 * @module
 */
import { SkillError } from '../../format/errors.js';

/** The extension's identifier, the key under `capabilities.extensions`. */
export const SKILLS_EXTENSION_ID = 'io.modelcontextprotocol/skills';

/** What the Final text allows one skill at most: 512 files and 16 MiB, SKILL.md included. A larger skill is not listed. */
export const SKILLS_EXTENSION_LIMITS = Object.freeze({ maxFiles: 512, maxBytes: 16 * 1024 * 1024 });

/** Whether a cached listing may be shared between users (`public`) or belongs to one (`private`). */
export type SkillsCacheScope = 'public' | 'private';

/** The Skills Extension options of `createSkillsMcpServer`. */
export interface SkillsExtensionOptions {
  /** How long a host may keep a listing before it lists again, in milliseconds: an integer ≥ 0 (default 60,000). */
  readonly ttlMs?: number;
  /** Who a cached listing may serve (default `private`: a server's skills may be one user's). */
  readonly cacheScope?: SkillsCacheScope;
  /** Most skills on one `skills/list` page and children on one `resources/directory/read` page (default 100). */
  readonly pageSize?: number;
}

/** The options with every field present. */
export interface ResolvedExtensionOptions {
  readonly ttlMs: number;
  readonly cacheScope: SkillsCacheScope;
  readonly pageSize: number;
}

/** The defaults of {@link SkillsExtensionOptions}. */
export const SKILLS_EXTENSION_DEFAULTS: ResolvedExtensionOptions = Object.freeze({ ttlMs: 60_000, cacheScope: 'private', pageSize: 100 });

/**
 * The options checked, defaults filled in.
 *
 * @throws {SkillError} `INVALID_INPUT` for a `ttlMs` that is not an integer ≥ 0, a `pageSize` that is not an integer ≥ 1,
 *   or a `cacheScope` other than `public` and `private`.
 */
export function resolveExtensionOptions(options: SkillsExtensionOptions = {}): ResolvedExtensionOptions {
  const { ttlMs = SKILLS_EXTENSION_DEFAULTS.ttlMs, cacheScope = SKILLS_EXTENSION_DEFAULTS.cacheScope, pageSize = SKILLS_EXTENSION_DEFAULTS.pageSize } = options;
  if (!Number.isSafeInteger(ttlMs) || ttlMs < 0)
    throw new SkillError('INVALID_INPUT', `createSkillsMcpServer: \`ttlMs\` must be an integer ≥ 0, not ${String(ttlMs)}.`);
  if (!Number.isSafeInteger(pageSize) || pageSize < 1)
    throw new SkillError('INVALID_INPUT', `createSkillsMcpServer: \`pageSize\` must be an integer ≥ 1, not ${String(pageSize)}.`);
  if (cacheScope !== 'public' && cacheScope !== 'private')
    throw new SkillError('INVALID_INPUT', `createSkillsMcpServer: \`cacheScope\` must be "public" or "private", not ${JSON.stringify(cacheScope)}.`);
  return { ttlMs, cacheScope, pageSize };
}

/** The server capabilities that declare the extension, with `resources/directory/read`. */
export function extensionCapabilities(): { extensions: Record<string, Record<string, unknown>> } {
  return { extensions: { [SKILLS_EXTENSION_ID]: { directoryRead: true } } };
}

/** The fields every `skills/list` page and `skills/get` result carries, whatever protocol version the client speaks. */
export function resultFields(options: ResolvedExtensionOptions): { resultType: 'complete'; ttlMs: number; cacheScope: SkillsCacheScope } {
  return { resultType: 'complete', ttlMs: options.ttlMs, cacheScope: options.cacheScope };
}
