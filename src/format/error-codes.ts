/**
 * What each {@link SkillErrorCode} means: the documentation of the error codes, read by `CODES.errors` and
 * docs/codes.md. `errors.ts` holds the codes alone, so that code which only throws errors does not carry these texts;
 * `test/format/severities.test.ts` keeps the two in step.
 * @module
 */
import type { SkillErrorCode } from './errors.js';

/** Every code a {@link SkillError} can carry, each with what it means (`CODES.errors`, docs/codes.md). */
export const SKILL_ERROR_CODES = {
  INVALID_SKILL: 'The SKILL.md text does not give a usable skill; `diagnostics` says which rule failed and where.',
  LIMIT_EXCEEDED: 'A load, set or file is over one of the configured limits; the message names the limit.',
  NOT_LOADED: 'A loader lookup ran before `loadAll` finished for the first time.',
  NOT_FOUND: 'The named skill or file does not exist in this source.',
  CONFLICT: 'A write expected a revision that is no longer the latest, or a skill name or tool id is taken twice.',
  QUOTA_EXCEEDED: 'The storage quota of the browser or disk is used up.',
  PERMISSION_DENIED: 'The operation is not allowed by the mutability policy or grants.',
  DIGEST_MISMATCH: 'Content does not match the digest it was published or pinned with.',
  UNSAFE_PATH: 'A path is absolute, climbs out with `..`, is nested too deep or is a symbolic link.',
  ABORTED: 'The operation was cancelled through its AbortSignal.',
  SOURCE_FAILED: 'A source could not be read (I/O or network failure); `cause` holds the original error.',
  INVALID_INPUT:
    'A tool input does not fit the tool (wrong shape, or a binary file asked for as text), or an option is invalid (a limit that is not a non-negative integer); the message says what to send.',
  INVALID_INDEX: 'A serialised routing index has another schema version or language, or is malformed: rebuild it.',
  STORE_CLOSED:
    'The skill store is closed: `close()` was called, or the browser closed its database (site data cleared, another tab upgrading it). Open the store again.',
  UPGRADE_BLOCKED:
    'The skill store could not upgrade its database: another connection (often another tab) holds an older version open. Close it and open the store again.',
  STORE_FAILED: "The skill store's database failed (an IndexedDB error other than quota or closure, or a corrupt record); `cause` holds the original error.",
  WORKER_LOST: 'The worker running the skill runtime stopped answering (terminated, crashed or closed); connect a fresh one with `reconnect`.',
  UNTRUSTED_ORIGIN:
    'A remote source was asked to fetch from an origin (directly or through a redirect) that its `trustedOrigins` does not list; nothing was fetched from it.',
  INVALID_ARCHIVE: 'A skill archive cannot be unpacked: it is truncated, corrupt, of an unknown kind, or holds an entry that is neither a file nor a folder.',
  EMBEDDING_FAILED:
    'Skill vectors could not be computed: the embedder or the vector cache failed; routing stays lexical until a later change succeeds. `cause` holds the original error.',
  SANDBOX_FAILED:
    "A loaded skill could not be written into a sandbox: the target's `writeFile` or `mkdir` failed, or a folder in the way is a file. `cause` holds the original error.",
  HISTORY_FAILED:
    'An accepted change could not be committed to the evolution history (the Git mirror); the change stands. Reported as an `evolution-commit-failed` diagnostic, never thrown to the writer; `cause` holds the original error.',
  NEEDS_UNMET:
    "A skill needs tools the app does not have (its `metadata.dependencies` against the loader's `availableTools`): it was not loaded, and the message names what is missing.",
  UNSAFE_SKILL:
    "A skill was refused by a safety gate (a store's `safety` option, a source's): the scanner found what the gate refuses; `diagnostics` lists each finding with its file, line and fix.",
} as const satisfies Record<SkillErrorCode, string>;
