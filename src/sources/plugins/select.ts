/**
 * The published plugins a loader selects, joined to its builtin tier as a
 * source that imports the plugin code (archives, the index, the lock's
 * verification) on its first `list()`: a loader with no plugins selected,
 * and a worker's start, never load it.
 * @module
 */
import type { PluginSelection } from '../../format/agent-plugins.js';
import { assertLimits } from '../../format/types.js';
import type { SkillSource, SourceCallOptions } from '../source.js';
import { parsePluginLock } from './lock.js';
import { checkedSelections, LIMIT_NAMES, type PublishedPluginsOptions } from './plugin-options.js';

/**
 * Loader options with the published plugins joined to the builtin tier,
 * after the app's own builtin sources: `options.plugins` with its
 * `selected` defaulting to the `agent.md`'s `plugins`. Unchanged when no
 * plugin is selected (a lock then pins nothing that loads). Bad options
 * (selections, lock, limits) are refused now, as the source itself would.
 */
export function withPublishedPlugins<T extends { readonly builtin?: SkillSource | readonly SkillSource[]; readonly plugins?: PublishedPluginsOptions }>(
  options: T,
  agentSelections: readonly PluginSelection[] | undefined,
): T {
  const given = options.plugins;
  const selected = given?.selected ?? agentSelections ?? [];
  // Nothing selected: no source at all (a `selected` that is not a list is still refused by the source).
  if (Array.isArray(selected) && selected.length === 0) return options;
  const source = deferredPluginSource({ ...given, selected });
  const builtin = options.builtin === undefined ? [] : Array.isArray(options.builtin) ? options.builtin : [options.builtin as SkillSource];
  return { ...options, builtin: [...builtin, source] };
}

/** `publishedPluginSource(options)`, imported and made on first use; its options checked now. */
function deferredPluginSource(options: PublishedPluginsOptions): SkillSource {
  checkedSelections(options.selected);
  assertLimits(options.limits, LIMIT_NAMES, 'publishedPluginSource');
  const lock = options.lock === undefined || isParsed(options.lock) ? options.lock : parsePluginLock(options.lock);
  const checked = { ...options, ...(lock === undefined ? {} : { lock }) };
  let made: Promise<SkillSource> | undefined;
  const real = (): Promise<SkillSource> => (made ??= import('./published-source.js').then(({ publishedPluginSource }) => publishedPluginSource(checked)));
  return {
    name: options.name ?? 'plugins:published',
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    list: async (call?: SourceCallOptions) => (await real()).list(call),
    read: async (path: string, call?: SourceCallOptions) => (await real()).read(path, call),
  };
}

function isParsed(lock: NonNullable<PublishedPluginsOptions['lock']>): boolean {
  return typeof lock !== 'string' && !(lock instanceof Uint8Array);
}
