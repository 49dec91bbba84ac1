/**
 * The `allowed-tools` gate of MCP skills: a server that fills the field asks for tools on the host, so it counts only
 * once the host's `approveAllowedTools(entry)` said yes for that skill, and the yes holds for the resource set it was
 * given (every file's URI, digest and size). A changed set asks again; a dynamic skill has no set and is never approved.
 * @module
 */
import { ALLOWED_TOOLS, type HeldSkill } from './held.js';
import type { McpSkillEntry } from './wire.js';

/** What `approveAllowedTools` is shown: the entry as the server gave it, the server's label, and the skill's name. */
export interface McpSkillApproval extends McpSkillEntry {
  /** The host-assigned label of the server (never its self-reported name). */
  readonly label: string;
  /** The skill's name. */
  readonly name: string;
  /** The `allowed-tools` value the server asks for. */
  readonly allowedTools: unknown;
}

/** Decides, for one source, whether a skill's `allowed-tools` count: once per skill and resource set. */
export class AllowedToolsGate {
  readonly #label: string;
  readonly #approve: ((entry: McpSkillApproval) => boolean | Promise<boolean>) | undefined;
  // By skill URI: the set the last answer was for, and the answer.
  readonly #answers = new Map<string, { readonly setKey: string; readonly approved: Promise<boolean> }>();

  constructor(label: string, approve: ((entry: McpSkillApproval) => boolean | Promise<boolean>) | undefined) {
    this.#label = label;
    this.#approve = approve;
  }

  /** True when `held` asks for no tools, or its `allowed-tools` were approved for exactly its current resource set. */
  approved(held: HeldSkill): Promise<boolean> {
    const { entry } = held;
    if (!Object.hasOwn(entry.frontmatter, ALLOWED_TOOLS)) return Promise.resolve(true);
    const approve = this.#approve;
    if (entry.resources === 'dynamic' || approve === undefined) return Promise.resolve(false);
    const answer = this.#answers.get(entry.uri);
    if (answer?.setKey === held.setKey) return answer.approved;
    const request: McpSkillApproval = { ...entry, label: this.#label, name: held.location.name, allowedTools: entry.frontmatter[ALLOWED_TOOLS] };
    // Only a literal true approves; a throw or anything else is a no.
    const approved = Promise.resolve()
      .then(() => approve(request))
      .then(
        (yes) => yes === true,
        () => false,
      );
    this.#answers.set(entry.uri, { setKey: held.setKey, approved });
    return approved;
  }
}
