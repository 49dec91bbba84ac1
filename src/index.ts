/**
 * Satchel: a browser-first, isomorphic runtime for Agent Skills. This is the
 * environment-free core: it runs in a page, a Web Worker and Node alike.
 * Node-only code is in `satchel/node`, the Vite plugin in `satchel/vite`.
 *
 * @example
 * ```ts
 * import { parseSkill, SkillLoader, memorySource, withSkills } from 'satchel'
 *
 * const { skill, errors } = parseSkill(text, { folder: 'pdf-processing' })
 *
 * const loader = new SkillLoader({ builtin: memorySource({ 'pdf/SKILL.md': text }) })
 * await loader.loadAll()
 * loader.activate('merge these two PDFs')
 * const agent = withSkills(loader, { instructions: 'You help with documents.' })
 * ```
 * @module
 */

// ── Format: parse, validate and write SKILL.md ──────────────────────────────────────────────────────────────
export { MAX_FRONTMATTER_BYTES, parseSkill, parseSkillFrontmatter, type ParseOptions, type ParseResult } from './format/parse.js';
export { parseSkillFile } from './format/parse-file.js';
export type { SkillFrontmatter } from './format/fields/skill-frontmatter.js';
export { serializeSkill } from './format/serialize.js';
export { SECTION_FILES, type SectionFile } from './format/structured.js';
export {
  DIAGNOSTIC_RULES,
  formatDiagnostic,
  type Diagnostic,
  type DiagnosticCode,
  type DiagnosticRule,
  type Profile,
  type Severity,
} from './format/diagnostics/diagnostic.js';
export { SkillError, isSkillError, SKILL_ERROR_CODES, type SkillErrorCode, type SkillErrorOptions } from './format/errors.js';
export {
  SKILL_SET_LIMITS,
  LOADER_LIMITS,
  type Activation,
  type BodyFormat,
  type Skill,
  type SkillExecution,
  type SkillFile,
  type SkillLimits,
  type SkillSourceKind,
  type SourceLimits,
  type ToolMode,
} from './format/types.js';

// ── Sources: where skills come from ─────────────────────────────────────────────────────────────────────────
export {
  isSkillSource,
  type BundleIdentity,
  type NameFromFolderOption,
  type SkillEntry,
  type SkillFileInput,
  type SkillSource,
  type SourceCallOptions,
  type SourceChange,
  type SourceListing,
} from './sources/source.js';
export { memorySource, type MemoryFiles, type MemorySourceOptions } from './sources/memory.js';
export { memoryPluginSource, type MemoryPluginSourceOptions } from './sources/plugin-memory.js';
export { PLUGIN_LIMITS, type PluginLimits } from './sources/plugin.js';
export { storeSource, DEFAULT_PER_NAMESPACE, type SkillStoreItem, type SkillStoreLike, type StoreSourceOptions } from './sources/store.js';
export type { SkillDocument } from './sources/skill-document.js';
export {
  bundleSource,
  isSkillBundle,
  SKILL_BUNDLE_VERSION,
  type BundleSourceOptions,
  type SkillBundle,
  type SkillBundleEntry,
  type SkillBundleFile,
  BUNDLE_PARSE_FORMAT,
  type SkillBundleParsed,
} from './sources/bundle.js';
export { remoteSource, type FetchLike, type RemoteSourceLimits, type RemoteSourceOptions } from './sources/remote/remote-source.js';
export { memoryRemoteCache, type RemoteCache } from './sources/remote/remote-cache.js';

// ── Loader: tiers, precedence and lookups ───────────────────────────────────────────────────────────────────
export {
  SkillLoader,
  type LoadOptions,
  type LoadProgress,
  type LoaderLimits,
  type LoaderRoutingOptions,
  type RoutedSkill,
  type SkillLoaderOptions,
} from './loader/loader.js';
export type { LoaderEmbeddingOptions } from './loader/semantic-routing.js';
export type { SubagentSpec } from './loader/subagent.js';
export { surfaceNamespace } from './loader/surface.js';
export { usagePrior, DEFAULT_USAGE_PRIOR_WEIGHT, type SkillPrior, type UsageOutcome, type UsagePrior, type UsagePriorOptions } from './routing/usage-prior.js';
export type { LoaderChange, ObservableStore, StoreChangeLike } from './loader/live.js';

// ── Routing: which skills a turn activates ──────────────────────────────────────────────────────────────────
export { createRouter, type CreateRouterOptions } from './routing/create-router.js';
export { ROUTER_SCHEMA_VERSION, type IntentHit, type RouteHit, type RouteOptions, type Router, type RouterJSON, type SyncResult } from './routing/router.js';
export type { ExperimentalRouterOptions, RouterOptions } from './routing/options.js';
export type { RouterField } from './routing/score.js';
export { createTextPipeline, type TextLanguage, type TextPipeline, type TextPipelineOptions } from './routing/text-pipeline.js';
export type { ActivationOptions, ActivationReason, SkillActivation, Turn } from './routing/activation.js';
export { skillVectorKey, type Embedder, type VectorCache } from './routing/embedder.js';
export type { SemanticOptions } from './routing/semantic.js';
export { precomputeSkillVectors, SKILL_VECTOR_FILE_FORMAT, vectorCacheFrom, type SkillVectorFile } from './routing/vector-file.js';

// ── Agent: skill sets, the catalog, the skills.load / skills.read tools ─────────────────────────────────────
export { defineSkill, type SkillDefinition } from './agent/define-skill.js';
export { createSkillSet, type SkillSet } from './agent/skill-set.js';
export type { CatalogOptions, CatalogTurn } from './agent/catalog.js';
export type { JsonSchema, ListedFile, LoadedSkill, ReadFileResult, SkillTool, ToolEffects } from './agent/tools.js';
export { SKILLS_LOAD, SKILLS_READ, SKILLS_READ_GRANT, SKILLS_PERMISSIONS, SKILLS_LIST, SKILLS_GREP, SKILLS_FILE_PERMISSIONS } from './agent/tool-names.js';
export { type ListFilesResult } from './agent/file-tools.js';
export { GREP_LIMITS, type GrepMatch, type GrepResult } from './agent/grep.js';
export { withSkills, type AgentOptionsLike, type SkillProvider, type WithSkills } from './agent/with-skills.js';
export { checkGrants, runTool, type GrantedTool, type RunnableTool, type RunToolOptions } from './agent/grants.js';
export {
  toOpenAITool,
  toOpenAIResponsesTool,
  toAnthropicTool,
  toGeminiFunctionDeclaration,
  findTool,
  type AnthropicTool,
  type DescribedTool,
  type GeminiFunctionDeclaration,
  type ObjectJsonSchema,
  type OpenAIChatTool,
  type OpenAIResponsesTool,
} from './agent/adapters.js';
