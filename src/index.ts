/**
 * Satchel: a browser-first, isomorphic runtime for Agent Skills.
 *
 * @example
 * ```ts
 * import { parseSkill } from 'satchel'
 * const { skill, errors } = parseSkill(text, { folder: 'pdf-processing' })
 * ```
 * @module
 */
export { parseSkill, parseSkillFrontmatter, type ParseOptions, type ParseResult } from './format/parse.js';
export { serializeSkill, frontmatterOf } from './format/serialize.js';
export { composeStructuredBody, SECTION_FILES, type SectionFile } from './format/structured.js';
export {
  DIAGNOSTIC_RULES,
  diagnosticCodes,
  formatDiagnostic,
  fixFor,
  severityOf,
  type Diagnostic,
  type DiagnosticCode,
  type DiagnosticRule,
  type Profile,
  type Severity,
} from './format/diagnostics.js';
export { SkillError, isSkillError, SKILL_ERROR_CODES, skillErrorCodes, type SkillErrorCode, type SkillErrorOptions } from './shared/errors.js';
export {
  SKILL_SET_LIMITS,
  LOADER_LIMITS,
  resolveLimits,
  type Activation,
  type BodyFormat,
  type ResolvedLimits,
  type Skill,
  type SkillExecution,
  type SkillFile,
  type SkillLimits,
  type SkillSourceKind,
  type ToolMode,
} from './format/types.js';
export { isSkillSource, type SkillEntry, type SkillFileInput, type SkillSource, type SourceCallOptions, type SourceListing } from './sources/source.js';
export { sha256Digest } from './shared/hash.js';
export { bundleSource, isSkillBundle, SKILL_BUNDLE_VERSION, type BundleSourceOptions, type SkillBundle, type SkillBundleEntry, type SkillBundleFile, BUNDLE_PARSE_FORMAT, type SkillBundleParsed } from './sources/bundle.js';
export { SkillLoader, type LoadOptions, type LoadProgress, type LoaderLimits, type LoaderRoutingOptions, type RoutedSkill, type SkillLoaderOptions } from './loader/loader.js';
export { createTextPipeline, capText, ENGLISH, type TextLanguage, type TextPipeline, type TextPipelineOptions } from './routing/text-pipeline.js';
export {
  createRouter,
  loadRouter,
  isRoutable,
  Router,
  DEFAULT_ROUTER_OPTIONS,
  ROUTER_SCHEMA_VERSION,
  type IntentHit,
  type RouteHit,
  type RouteOptions,
  type RouterDocument,
  type RouterJSON,
  type RouterOptions,
  type SyncResult,
} from './routing/router.js';
export { ROUTER_FIELDS, type RouterField } from './routing/score.js';
export {
  activateTurn,
  findMentions,
  DEFAULT_ACTIVATION_OPTIONS,
  type ActivationContext,
  type ActivationOptions,
  type ActivationReason,
  type Mention,
  type SkillActivation,
  type Turn,
} from './routing/activation.js';
export { subagentSpecToSkill, type SubagentSpec } from './loader/subagent.js';
export { memorySource, type MemoryFiles, type MemorySourceOptions } from './sources/memory.js';
export { storeSource, DEFAULT_PER_NAMESPACE, type SkillStoreItem, type SkillStoreLike, type StoreSourceOptions } from './sources/store.js';
export type { SkillDocument } from './sources/skill-document.js';
export { defineSkill, type SkillDefinition } from './agent/define-skill.js';
export { createSkillSet, setDigest, type SkillSet } from './agent/skill-set.js';
export { renderCatalog, escapeXml, isModelVisible, selectForTurn, rankByName, type CatalogOptions, type CatalogTurn, type SkillRanking } from './agent/catalog.js';
export { createSkillTools, loadedSkill, type JsonSchema, type ListedFile, type LoadedSkill, type ReadFileResult, type SkillShelf, type SkillTool } from './agent/tools.js';
export { SKILL_LOAD, SKILL_READ, SKILLS_READ_GRANT, SKILL_PERMISSIONS, providerToolName } from './agent/tool-names.js';
export { splitArguments, substituteArguments } from './agent/arguments.js';
export { withSkills, type AgentOptionsLike, type SkillProvider, type WithSkills } from './agent/with-skills.js';
export { checkGrants, runTool, type GrantedTool, type RunnableTool, type RunToolOptions } from './agent/grants.js';
export {
  toOpenAITool,
  toOpenAIResponsesTool,
  toAnthropicTool,
  findTool,
  type AnthropicTool,
  type DescribedTool,
  type OpenAIChatTool,
  type OpenAIResponsesTool,
} from './agent/adapters.js';
