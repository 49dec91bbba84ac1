/**
 * The `plugins` key of an `agent.md` front matter: the published plugins an
 * agent selects (the MD-first seed's "a published plugin must be selected in
 * agent.md and pinned in plugins.lock"), each `{ name, source, version }`.
 * @module
 */
import { parseRange, parseVersion } from '../shared/semver.js';

/** One published plugin an agent selects. */
export interface PluginSelection {
  /** The plugin's name, as its `plugin.json` gives it (kebab-case). */
  readonly name: string;
  /** The URL of the discovery index that publishes it (`https://acme.example/.well-known/agent-skills/index.json`); naming it trusts its origin for this plugin. */
  readonly source: string;
  /** An exact version (`1.2.0`) or a range (`^1.2.0`, `~1.2.0`, `1.x`, `>=1.2.0 <2.0.0`, `*`). */
  readonly version: string;
}

const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The selections `value` (the front matter's `plugins`) spells, or the
 * reason it is not a list of `{ name, source, version }`: a name that is not
 * kebab-case, a source that is no http(s) URL, a version that is neither a
 * version nor a range, or a name selected twice.
 */
export function readPluginSelections(value: unknown): { selections: PluginSelection[] } | { problem: string } {
  if (value === undefined || value === null) return { selections: [] };
  if (!Array.isArray(value)) return { problem: '`plugins` is a list of `{ name, source, version }`.' };
  const selections: PluginSelection[] = [];
  for (const [i, item] of value.entries()) {
    const read = selectionOf(item, `plugins[${i}]`);
    if ('problem' in read) return read;
    const twice = selections.find((s) => s.name === read.selection.name);
    if (twice)
      return {
        problem: `plugins[${i}] selects "${read.selection.name}" again (from ${read.selection.source}; first from ${twice.source}); an agent selects a plugin once.`,
      };
    selections.push(read.selection);
  }
  return { selections };
}

function selectionOf(item: unknown, at: string): { selection: PluginSelection } | { problem: string } {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return { problem: `${at} is not a mapping of \`name\`, \`source\` and \`version\`.` };
  const { name, source, version } = item as Record<string, unknown>;
  if (typeof name !== 'string' || !NAME.test(name) || name.length > 64) return { problem: `${at}.name is not a kebab-case plugin name.` };
  if (typeof source !== 'string' || !isHttpUrl(source)) return { problem: `${at}.source (plugin "${name}") is not an http(s) URL of a discovery index.` };
  // A YAML number (`version: 1.2`) is the author's intent spelled loosely: refused, so the range is never guessed.
  if (typeof version !== 'string' || version.trim() === '' || (parseVersion(version) === undefined && parseRange(version) === undefined))
    return {
      problem: `${at}.version (plugin "${name}") is not a version (\`1.2.0\`) or a range (\`^1.2.0\`, \`~1.2.0\`, \`1.x\`, \`>=1.2.0 <2.0.0\`); quote it.`,
    };
  return { selection: { name, source, version } };
}

function isHttpUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
}
