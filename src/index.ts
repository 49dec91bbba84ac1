/**
 * Satchel: a browser-first, isomorphic runtime for Agent Skills. This is the
 * environment-free core: it runs in a page, a Web Worker and Node alike.
 * Node-only code is in `satchel/node`, the Vite plugin in `satchel/vite`.
 *
 * The root holds at most 35 values (docs/api.md): the functions and classes
 * the README's examples use, and four namespace objects for the constants
 * (`SKILL_TOOLS`, `LIMITS`, `FORMAT_VERSIONS`, `CODES`). A new value goes to
 * a sub-entry or into one of those objects; `test/architecture/exports.test.ts`
 * holds the line.
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
export { parseSkill, type ParseOptions, type ParseResult } from './format/parse.js';
export { parseSkillFrontmatter, parseSkillFile } from './format/parse-file.js';
export type { SkillFrontmatter } from './format/fields/skill-frontmatter.js';
export type { SkillNeeds, UnmetNeeds } from './format/fields/dependencies.js';
export { serializeSkill } from './format/serialize.js';
export { formatDiagnostic, type Diagnostic, type DiagnosticCode, type DiagnosticRule, type Profile, type Severity } from './format/diagnostics/diagnostic.js';
export { SkillError, isSkillError, type SkillErrorCode, type SkillErrorOptions } from './format/errors.js';
export type { Activation, BodyFormat, Skill, SkillExecution, SkillFile, SkillLimits, SkillSourceKind, SourceLimits, ToolMode } from './format/types.js';
export { scanSkill, type ScanOptions } from './safety/scan.js';
export type { GateAction, GatePolicy, SeverityActions } from './safety/gate.js';

// ── Sources: where skills come from ─────────────────────────────────────────────────────────────────────────
export type {
  BundleIdentity,
  NameFromFolderOption,
  SkillEntry,
  SkillFileInput,
  SkillSource,
  SourceCallOptions,
  SourceChange,
  SourceListing,
  SourceProvenance,
  SourceSafety,
} from './sources/source.js';
export type { OriginKind, SkillProvenance } from './sources/origin.js';
export { memorySource, type MemoryFiles, type MemorySourceOptions } from './sources/memory.js';
export { memoryPluginSource, type MemoryPluginSourceOptions } from './sources/plugin-memory.js';
export type { PluginLimits, PluginListingOptions } from './sources/plugin.js';
export { storeSource, type SkillStoreItem, type SkillStoreLike, type StoreSourceOptions } from './sources/store.js';
export type { SkillDocument } from './sources/skill-document.js';
export {
  bundleSource,
  type BundleSourceOptions,
  type SkillBundle,
  type SkillBundleEntry,
  type SkillBundleFile,
  type SkillBundleParsed,
} from './sources/bundle.js';
export { remoteSource, type FetchLike, type RemoteSourceLimits, type RemoteSourceOptions } from './sources/remote/remote-source.js';
export { memoryRemoteCache, type RemoteCache } from './sources/remote/remote-cache.js';
export type { PublishedPluginLimits, PublishedPluginsOptions } from './sources/plugins/published-source.js';
export type { PluginLock, PluginLockEntry } from './sources/plugins/lock.js';
export type { PluginSelection } from './format/agent-plugins.js';

// ── Loader: tiers, precedence and lookups ───────────────────────────────────────────────────────────────────
export {
  SkillLoader,
  type ActivationThresholds,
  type LoadOptions,
  type LoadProgress,
  type LoaderLimits,
  type LearnedExample,
  type LoaderActivationOptions,
  type LoaderRoutingOptions,
  type LoadedSkillRecord,
  type RoutedSkill,
  type SkillLoaderOptions,
} from './loader/loader.js';
export type { LoaderEmbeddingOptions } from './loader/stages/semantic-routing.js';
export type { SubagentSpec } from './loader/subagent.js';
export { surfaceNamespace } from './loader/surface.js';
export { createUsagePrior, usagePrior, type SkillPrior, type UsageOutcome, type UsagePrior, type UsagePriorOptions } from './routing/usage-prior.js';
export type { LoaderChange, ObservableStore, StoreChangeLike } from './loader/live.js';
export type { SandboxAttachment, SandboxedSkill, SandboxFailure, SandboxOptions, SandboxTarget } from './loader/agent/sandbox.js';

// ── Routing: which skills a turn activates ──────────────────────────────────────────────────────────────────
export { createRouter, type CreateRouterOptions } from './routing/create-router.js';
export type { IntentHit, RouteHit, RouteOptions, Router, RouterJSON, SyncResult } from './routing/router.js';
export type { ExperimentalRouterOptions, RouterOptions } from './routing/options.js';
export type { RouterField } from './routing/score.js';
export type { TextLanguage, TextPipeline, TextPipelineOptions } from './routing/text-pipeline.js';
export type { ActivationOptions, ActivationReason, SkillActivation, Turn } from './routing/activation.js';
export type { DecisionRule } from './routing/decision/rule.js';
export type { Embedder, VectorCache } from './routing/meaning/embedder.js';
export type { SemanticOptions } from './routing/meaning/semantic.js';
export type { SkillVectorFile } from './routing/meaning/vector-file.js';

// ── Evaluation: trigger evals (evals/eval_queries.json) run by routing, with no model ───────────────────────
export {
  evaluateSkills,
  type Collision,
  type Confusion,
  type CurvePoint,
  type EvalDiagnostic,
  type EvalQuery,
  type EvaluationOptions,
  type EvaluationReport,
  type EvaluationTarget,
  type SkillEvaluation,
  type TriggerFigures,
} from './evaluation/evaluate.js';

// ── Agent: skill sets, the catalog, the skills.load / skills.read tools ─────────────────────────────────────
export { defineSkill, type SkillDefinition } from './agent/define-skill.js';
export { createSkillSet, type SkillSet } from './agent/skill-set.js';
export type { CatalogOptions, CatalogTurn, LoadedSkillMark } from './agent/catalog/options.js';
export type { CatalogEntryForm, CatalogFit } from './agent/catalog/budget.js';
export type { SkillSearchHit, SkillSearchResult } from './agent/search-tool.js';
export type { JsonSchema, ListedFile, LoadedSkill, ReadFileResult, SkillTool, ToolEffects } from './agent/tools.js';
export { type ListFilesResult } from './agent/file-tools.js';
export type { GrepMatch, GrepResult } from './agent/grep.js';
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

// ── Constants: tool ids and grants, default limits, version stamps, code tables ──────────────────────────────
export { CODES, FORMAT_VERSIONS, LIMITS, SKILL_TOOLS } from './constants.js';
