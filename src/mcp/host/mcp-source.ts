/**
 * `mcpSkillSource`: the skills an MCP server serves through the Skills Extension (SEP-2640), read as a Satchel source
 * over an SDK `Client` on any transport, in Node, a worker or a page. Lazy: listed by `skills/list` (front matter
 * only), a skill's files fetched and verified when it is used. docs/clients.md, "Skills Extension (SEP-2640)".
 * @module
 */
import { SkillError } from '../../format/errors.js';
import { assertLimits } from '../../format/types.js';
import type { SkillEntry, SkillSource, SourceCallOptions, SourceListing, SourceSafety } from '../../sources/source.js';
import { sourceSafetyOf } from '../../sources/inventory.js';
import { AllowedToolsGate, type McpSkillApproval } from './approval.js';
import type { McpSkillClient } from './calls.js';
import { listenForChanges } from './list-changed.js';
import type { ListingLimits } from './listing.js';
import { McpSkillsState } from './skills-state.js';

export type { McpSkillApproval } from './approval.js';
export type { McpSkillClient } from './calls.js';
export type { McpSkillEntry, McpSkillResource } from './wire.js';

/** Bounds of what an MCP skill source takes from its server. */
export interface McpSkillSourceLimits {
  /** Most skills one listing holds, every page together (default 10,000); more refuse the listing (`LIMIT_EXCEEDED`). */
  maxSkills?: number;
  /** Most `skills/list` pages one listing follows (default 1,000). */
  maxPages?: number;
  /** Most files one skill lists, SKILL.md included (default 512, the Final text's); a larger skill is not loaded. */
  maxResources?: number;
  /** Most bytes one skill's files hold together (default 16 MiB, the Final text's); a larger skill is not loaded. */
  maxSkillBytes?: number;
}

/** Options of {@link mcpSkillSource}. */
export interface McpSkillSourceOptions {
  /**
   * The host's own label for the server (letters, digits, `.`, `_`, `-`; at most 64): the origin its skills are
   * resolved and tagged under, never the server's self-reported name. The source is named `mcp:<label>`.
   */
  label: string;
  /**
   * Asked once per skill and resource set when a skill's front matter carries `allowed-tools`: only `true` lets the
   * field count; otherwise (and for dynamic skills, and without this option) it is left out of the skill. Any change
   * to the skill's files asks again.
   */
  approveAllowedTools?: (entry: McpSkillApproval) => boolean | Promise<boolean>;
  /**
   * Skill URIs (`skill://acme/billing/refunds/SKILL.md`) to load whether or not `skills/list` lists them, as the
   * server's instructions, another skill or the user give them: a listing may be partial, so each one the listing does
   * not give is asked with `skills/get` and checked like a listed entry (one the server does not serve is left out).
   */
  uris?: readonly string[];
  /** Load skills whose entry has `resources: "dynamic"` (default false: they are left out with a `source-error`). */
  dynamic?: boolean;
  /** Most milliseconds one call of the source may take (every page of a listing together); overrides the loader's. */
  timeoutMs?: number;
  /** Cancels every call of this source. */
  signal?: AbortSignal;
  /** Listing bounds. */
  limits?: McpSkillSourceLimits;
  /**
   * The safety gate (default `'warn'`): each skill is scanned when it is first read in full; one whose findings the
   * gate `refuse`s fails its use with `UNSAFE_SKILL`, with `'warn'` it is used and `loader.provenance` lists the findings.
   */
  safety?: SourceSafety;
}

const LABEL = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const LIMIT_NAMES = ['maxSkills', 'maxPages', 'maxResources', 'maxSkillBytes'] as const;

/**
 * A source over the skills `client`'s server serves with the Skills Extension: `list()` pages `skills/list` (kept for
 * the `ttlMs` the server gives, dropped when it sends `notifications/resources/list_changed`) and lists each skill by
 * its front matter; `readSkill(dir)` reads its `SKILL.md` and files with `resources/read`, each checked against the
 * entry's size and digest and the front matter against the entry's, and `read(path)` serves a file of a skill's
 * verified snapshot (or reads and verifies that file). A failed check asks `skills/get` once for the current entry and
 * refuses the content with `DIGEST_MISMATCH`; a file the entry does not list is never read. The skills carry the
 * origin `mcp:<label>` (`servedBy`): the catalog and `skills.load` show it, and such a skill never takes the name of a
 * skill of another origin (an `origin-collision` warning names both).
 *
 * @throws {SkillError} `INVALID_INPUT` for a bad label, limit or option.
 * @example
 * ```ts
 * import { Client } from '@modelcontextprotocol/sdk/client/index.js'
 * import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
 * import { SkillLoader } from 'satchel'
 * import { mcpSkillSource } from 'satchel/mcp'
 *
 * const client = new Client({ name: 'my-app', version: '1.0.0' })
 * await client.connect(new StreamableHTTPClientTransport(new URL('https://skills.acme.example/mcp')))
 * const remote = mcpSkillSource(client, { label: 'acme', approveAllowedTools: (entry) => askUser(entry) })
 * const loader = new SkillLoader({ builtin, remote })   // the org tier
 * await loader.loadAll()
 * ```
 */
export function mcpSkillSource(client: McpSkillClient, options: McpSkillSourceOptions): SkillSource & { readonly servedBy: string } {
  checkOptions(client, options);
  const name = `mcp:${options.label}`;
  const ctx = { client, name, signal: options.signal, timeoutMs: options.timeoutMs };
  const gate = new AllowedToolsGate(options.label, options.approveAllowedTools);
  const state = new McpSkillsState(ctx, {
    limits: limitsOf(options.limits),
    gate,
    dynamic: options.dynamic === true,
    known: new Map(),
    uris: [...(options.uris ?? [])],
  });
  const changes = listenForChanges(client, () => state.invalidate());
  return {
    name,
    servedBy: name,
    provenance: { kind: 'mcp', label: options.label },
    safety: sourceSafetyOf(options.safety, 'mcpSkillSource'),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    list: (call: SourceCallOptions = {}): Promise<SourceListing> => state.list(call.signal),
    read: (path: string, call: SourceCallOptions = {}): Promise<Uint8Array> => state.read(path, call.signal),
    readSkill: (dir: string, call: SourceCallOptions = {}): Promise<SkillEntry> => state.readSkill(dir, call.signal),
    watch: (listener) => changes.watch(listener),
  };
}

function checkOptions(client: McpSkillClient, options: McpSkillSourceOptions): void {
  const c = client as Partial<Record<keyof McpSkillClient, unknown>> | null;
  if (typeof c?.request !== 'function' || typeof c.readResource !== 'function' || typeof c.setNotificationHandler !== 'function')
    throw new SkillError('INVALID_INPUT', 'mcpSkillSource: `client` must be an MCP SDK Client.');
  if (typeof options?.label !== 'string' || !LABEL.test(options.label))
    throw new SkillError('INVALID_INPUT', 'mcpSkillSource: `label` must be 1-64 letters, digits, `.`, `_` or `-`, starting with a letter or digit.');
  if (options.approveAllowedTools !== undefined && typeof options.approveAllowedTools !== 'function')
    throw new SkillError('INVALID_INPUT', 'mcpSkillSource: `approveAllowedTools` must be a function.');
  if (options.dynamic !== undefined && typeof options.dynamic !== 'boolean')
    throw new SkillError('INVALID_INPUT', 'mcpSkillSource: `dynamic` must be true or false.');
  if (options.uris !== undefined && (!Array.isArray(options.uris) || options.uris.some((u) => typeof u !== 'string')))
    throw new SkillError('INVALID_INPUT', 'mcpSkillSource: `uris` must be a list of skill URIs.');
  assertLimits(options, ['timeoutMs'], 'mcpSkillSource');
  assertLimits(options.limits, LIMIT_NAMES, 'mcpSkillSource');
}

function limitsOf(given: McpSkillSourceLimits | undefined): ListingLimits {
  return {
    maxSkills: given?.maxSkills ?? 10_000,
    maxPages: given?.maxPages ?? 1_000,
    maxResources: given?.maxResources ?? 512,
    maxSkillBytes: given?.maxSkillBytes ?? 16 * 1024 * 1024,
  };
}
