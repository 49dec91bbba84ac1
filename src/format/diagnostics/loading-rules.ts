/**
 * The rules of loading: sources, limits, remote skills and the store's
 * writes. Each entry is a rule id with what it checks, how to fix it and its
 * severity per profile.
 * @module
 */
import { rule } from './rule.js';

/** Rules about loading skills from sources and writing them to the store. */
export const LOADING_RULES = {
  // Loading
  'unsafe-path': rule(
    'error',
    'error',
    'A path is absolute, contains `..`, is nested too deep or is a symbolic link; it is refused.',
    'Keep every file inside the skill folder as a regular file.',
  ),
  'not-regular-file': rule(
    'error',
    'error',
    'Where a file is expected (SKILL.md or a resource) there is a FIFO, socket, device or folder, found when listed or when opened; it is never read.',
    'Make it a regular file, or move it out of the skill folder.',
  ),
  'limit-exceeded': rule('error', 'error', 'A skill is over a per-skill limit and is skipped.', 'Shrink the skill or raise the named limit.'),
  'discovery-limit': rule(
    'warning',
    'warning',
    'Discovery stopped at a depth or folder-count bound; what lies past it was not searched.',
    'Raise `maxDepth` / `maxFolders`, or point the source at a narrower folder.',
  ),
  'hidden-skipped': rule(
    'info',
    'info',
    'A hidden folder (name starting with `.`) was not searched for skills.',
    'Pass `includeHidden: true` to the directory source to search it.',
  ),
  'binary-file': rule('info', 'info', 'A resource is binary: it is listed, never returned as text.', 'Nothing to do.'),
  shadowed: rule(
    'info',
    'info',
    'A skill of the same name was already loaded from an earlier source; this one is skipped. Names are the same after NFKC, case folding and removal of invisible characters.',
    'Rename one of the two skills if both are wanted.',
  ),
  'origin-collision': rule(
    'warning',
    'warning',
    "A skill served by an MCP server has the name of a skill of another origin (a local skill, another server's, or another entry of the same server). Names resolve per origin: a local skill keeps its name whatever the order of the sources, otherwise the first in precedence does, and the other is not loaded under it.",
    'Rename one of the two skills, or leave out the server or the entry that should not be used.',
  ),
  'confusable-name': rule(
    'error',
    'error',
    'The name looks like the name of a skill loaded before it (a script look-alike, e.g. a Cyrillic `е` for a Latin `e`); it is skipped so it cannot pass for that skill.',
    'Spell the name in Latin letters, or pick a name that does not imitate another skill.',
  ),
  'plugin-manifest': rule(
    'warning',
    'warning',
    "A plugin's `plugin.json` is missing a usable `name`, is not a JSON object, or has a field of the wrong type; the plugin is named after its folder and its skills still load.",
    'Write `plugin.json` as `{ "name": "kebab-name", "version": "1.0.0" }`.',
  ),
  'duplicate-skill': rule(
    'error',
    'error',
    'Two skills of one source have the same name: two plugins contribute it (the later one is refused, so canonical paths stay unambiguous), or two folders being published hold it (`publishSkills` writes nothing, as an index names each skill once).',
    'Rename one of the two skills (folder and `name`), or leave one of them out (load only one of the plugins).',
  ),
  'needs-unmet': rule(
    'warning',
    'warning',
    "A skill declares tools it needs (`metadata.dependencies`) that the loader's `availableTools` lacks: it is kept out of the catalog, routing and activation, and `skills.load` of it says what is missing.",
    'Give the app the tools the message names (and list them in `availableTools`), or leave the skill out.',
  ),
  'unsafe-skill': rule(
    'error',
    'error',
    "A remote or MCP source's safety gate (`safety: 'refuse'`, or per severity) refused a skill the scanner found something in: it was not loaded. The message names the findings; `satchel scan` or `loader.scan` on a copy shows each with its fix.",
    "Fix what the findings name in the skill's source, or loosen the source's `safety` for that severity if you trust it.",
  ),
  'skill-findings': rule(
    'warning',
    'warning',
    "The scanner found something in a skill from a remote or MCP source, and the source's safety gate warns (the default): the skill is loaded; `loader.provenance(name).findings` lists each finding.",
    "Read the findings; fix the skill at its source, or set the source's `safety: 'refuse'` to keep such skills out.",
  ),
  'allowed-tool-missing': rule(
    'warning',
    'warning',
    "`allowed-tools` names a tool the loader's `availableTools` lacks. `allowed-tools` is informational (it names the tools of many agents): the skill stays in sight.",
    'Nothing to do if the skill works without it; else give the app the tool, or declare it in `metadata.dependencies` so the skill is hidden without it.',
  ),
  'duplicate-plugin': rule(
    'error',
    'error',
    "Two plugins claim one plugin name (`plugin.json` `name`, or the folder name without one): two folders of one plugin source, or plugins of two sources in one load. The later plugin's skills are refused, so a plugin name names one plugin.",
    'Rename one of the plugins in its `plugin.json`, or load only one of them.',
  ),
  'plugin-unpinned': rule(
    'error',
    'error',
    'A published plugin the agent selects (`agent.md` `plugins`) is not pinned in `plugins.lock`, or its entry no longer fits the selection (another `source`, a version outside the range); it is not fetched and not loaded.',
    'Run `satchel lock <agent.md>` and deploy the lock with the agent (or let the app opt in with `allowUnpinned`).',
  ),
  'plugin-resolved': rule(
    'warning',
    'warning',
    "A selected published plugin that `plugins.lock` does not pin was resolved from its index (`allowUnpinned`): the highest version satisfying the range, verified by the index's digest; it loads, but not reproducibly.",
    'Run `satchel lock <agent.md>` to pin it.',
  ),
  'plugin-archive': rule(
    'error',
    'error',
    "A plugin cannot be published as an archive, or a published archive cannot be used: to publish, a plugin needs a `plugin.json` with a kebab-case `name` and a semver `version`, and skills that are all valid; to load, the archive's `plugin.json` must be at its root and name the plugin and version it was pinned as. The plugin is not published, or not loaded.",
    'Give `plugin.json` a `name` and a `version` (`1.2.0`) and fix its skills, then `satchel publish` it and run `satchel lock <agent.md>`.',
  ),
  'namespace-limit': rule(
    'warning',
    'warning',
    'A store namespace holds more skills than `perNamespace`; the rest were not loaded.',
    'Raise `perNamespace` or archive unused skills.',
  ),
  'source-error': rule(
    'error',
    'error',
    'A source failed to list or read; its skills were not loaded.',
    'Check the cause in the message (missing permission, network, I/O).',
  ),
  // Remote sources
  'digest-mismatch': rule(
    'error',
    'error',
    "A remote artifact's bytes do not match the digest its index publishes (`DIGEST_MISMATCH`); it is never used, and the skill is skipped.",
    'Publish again so the index and the artifacts agree, or find out who changed the artifact.',
  ),
  'untrusted-origin': rule(
    'error',
    'error',
    'A remote URL, or a redirect, points at an origin `trustedOrigins` does not list; it is not fetched and the skill is skipped.',
    'Add the origin to `trustedOrigins` if you trust it, or publish the artifact on a trusted origin.',
  ),
  'remote-index-entry': rule(
    'error',
    'error',
    'A remote index, or one of its entries, cannot be used: an unknown `$schema` or `type`, a malformed field, or a folder another entry already takes; it is skipped.',
    'Publish the index with `satchel publish` (schema 0.2.0, types `skill-md` and `archive`).',
  ),
  'invalid-archive': rule(
    'error',
    'error',
    'A remote skill archive cannot be unpacked (truncated, corrupt, unknown kind, or an entry that is neither file nor folder); the skill is skipped.',
    'Publish the skill again as a `.tar.gz` or `.zip` of regular files.',
  ),
  'unverified-remote': rule(
    'warning',
    'warning',
    'A legacy (0.1.0) remote index publishes no digests: its files cannot be verified, only fetched from trusted origins.',
    'Publish a 0.2.0 index (`satchel publish`) so every artifact carries a digest.',
  ),
  'remote-offline': rule(
    'warning',
    'warning',
    'The remote index could not be fetched; the last verified set held in the cache was loaded instead.',
    'Check the network or the index URL; nothing to do if you are offline on purpose.',
  ),
  // Evolution
  'body-missing': rule(
    'error',
    'error',
    'A stored skill must have a non-empty instruction body after its front matter; the store refuses a write without one.',
    'Write the instructions below the closing `---` line.',
  ),
  'resource-write-ignored': rule(
    'warning',
    'warning',
    "A runtime write to a builtin (checked-in) skill's file was ignored: nothing changed, and the audit log records it as `skill.resource_write_ignored`.",
    'Change a checked-in skill in source and redeploy it; to keep what was learned, write it as a learned skill of another name.',
  ),
  'builtin-read-only': rule(
    'error',
    'error',
    "A stored skill tried to take a builtin (checked-in) skill's name (a put, rollback, restore or approval), or a write to a builtin skill's file was refused (write tools with `builtinWrites: 'refuse'`).",
    'Give the learned skill another name; change a checked-in skill in source and redeploy it.',
  ),
  'authoring-limit': rule(
    'error',
    'error',
    'An agent write broke an authoring rule of the write tools (a length, a resource folder, a section name, a direct body write to a structured skill); nothing was written.',
    'Follow the rule and the numbers the message gives, then call the tool again.',
  ),
  'evolution-commit-failed': rule(
    'warning',
    'warning',
    'An accepted skill change could not be committed to the evolution history (the Git mirror); the change stands, only its commit is missing.',
    'Check the cause in the message (disk full, permissions, a repository another program changed); later changes are committed as usual.',
  ),
} as const;
