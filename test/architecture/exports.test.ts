// Every entry point's exported names, pinned: adding or removing a public name is a decision, made here on purpose.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The public names of each entry point (values and types), sorted. */
const ENTRIES: Record<string, { file: string; load: () => Promise<Record<string, unknown>>; names: string[] }> = {
  satchel: {
    file: 'src/index.ts',
    load: () => import('../../src/index.js'),
    names: [
      'Activation', 'ActivationOptions', 'ActivationReason', 'AgentOptionsLike', 'AnthropicTool', 'BUNDLE_PARSE_FORMAT', 'BodyFormat', 'BundleIdentity',
      'BundleSourceOptions', 'CatalogOptions', 'CatalogTurn', 'CreateRouterOptions', 'DEFAULT_PER_NAMESPACE', 'DEFAULT_USAGE_PRIOR_WEIGHT',
      'DIAGNOSTIC_RULES', 'DescribedTool', 'Diagnostic', 'DiagnosticCode', 'DiagnosticRule', 'Embedder', 'ExperimentalRouterOptions', 'FetchLike',
      'GREP_LIMITS', 'GeminiFunctionDeclaration', 'GrantedTool', 'GrepMatch', 'GrepResult', 'IntentHit', 'JsonSchema', 'LOADER_LIMITS', 'ListFilesResult',
      'ListedFile', 'LoadOptions', 'LoadProgress', 'LoadedSkill', 'LoaderChange', 'LoaderEmbeddingOptions', 'LoaderLimits', 'LoaderRoutingOptions',
      'MAX_FRONTMATTER_BYTES', 'MemoryFiles', 'MemoryPluginSourceOptions', 'MemorySourceOptions', 'NameFromFolderOption', 'ObjectJsonSchema',
      'ObservableStore', 'OpenAIChatTool', 'OpenAIResponsesTool', 'PLUGIN_LIMITS', 'ParseOptions', 'ParseResult', 'PluginLimits', 'Profile',
      'ROUTER_SCHEMA_VERSION', 'ReadFileResult', 'RemoteCache', 'RemoteSourceLimits', 'RemoteSourceOptions', 'RouteHit', 'RouteOptions', 'RoutedSkill',
      'Router', 'RouterField', 'RouterJSON', 'RouterOptions', 'RunToolOptions', 'RunnableTool', 'SECTION_FILES', 'SKILLS_FILE_PERMISSIONS', 'SKILLS_GREP',
      'SKILLS_LIST', 'SKILLS_LOAD', 'SKILLS_PERMISSIONS', 'SKILLS_READ', 'SKILLS_READ_GRANT', 'SKILL_BUNDLE_VERSION', 'SKILL_ERROR_CODES',
      'SKILL_SET_LIMITS', 'SectionFile', 'SemanticOptions', 'Severity', 'Skill', 'SkillActivation', 'SkillBundle', 'SkillBundleEntry', 'SkillBundleFile',
      'SkillBundleParsed', 'SkillDefinition', 'SkillDocument', 'SkillEntry', 'SkillError', 'SkillErrorCode', 'SkillErrorOptions', 'SkillExecution',
      'SkillFile', 'SkillFileInput', 'SkillFrontmatter', 'SkillLimits', 'SkillLoader', 'SkillLoaderOptions', 'SkillPrior', 'SkillProvider', 'SkillSet',
      'SkillSource', 'SkillSourceKind', 'SkillStoreItem', 'SkillStoreLike', 'SkillTool', 'SourceCallOptions', 'SourceChange', 'SourceLimits',
      'SourceListing', 'StoreChangeLike', 'StoreSourceOptions', 'SubagentSpec', 'SyncResult', 'TextLanguage', 'TextPipeline', 'TextPipelineOptions',
      'ToolEffects', 'ToolMode', 'Turn', 'UsageOutcome', 'UsagePrior', 'UsagePriorOptions', 'VectorCache', 'WithSkills', 'bundleSource', 'checkGrants',
      'createRouter', 'createSkillSet', 'createTextPipeline', 'defineSkill', 'findTool', 'formatDiagnostic', 'isSkillBundle', 'isSkillError',
      'isSkillSource', 'memoryPluginSource', 'memoryRemoteCache', 'memorySource', 'parseSkill', 'parseSkillFile', 'parseSkillFrontmatter', 'remoteSource',
      'runTool', 'serializeSkill', 'skillVectorKey', 'storeSource', 'surfaceNamespace', 'toAnthropicTool', 'toGeminiFunctionDeclaration',
      'toOpenAIResponsesTool', 'toOpenAITool', 'usagePrior', 'withSkills',
    ],
  },
  'satchel/node': {
    file: 'src/node/index.ts',
    load: () => import('../../src/node/index.js'),
    names: [
      '*', 'BUILTIN_SKILLS_DIR', 'BuildSkillBundleOptions', 'DirectorySourceOptions', 'LoadSkillsOptions', 'ModelFolder', 'NodeSkillLoaderOptions',
      'PluginSourceOptions', 'PublishOptions', 'PublishResult', 'PublishedSkill', 'SkillLoader', 'WATCH_DEBOUNCE_MS', 'buildSkillBundle',
      'directorySource', 'folderRemoteCache', 'loadSkills', 'pluginSource', 'publishSkills', 'useModelFiles', 'useWasmPaths',
    ],
  },
  'satchel/store': {
    file: 'src/store/index.ts',
    load: () => import('../../src/store/index.js'),
    names: [
      'ARCHIVE_FORMAT', 'AUTHORING_LIMITS', 'Actor', 'ActorRecord', 'ArchivedFile', 'ArchivedRevision', 'ArchivedSkill', 'ArchivedUsage', 'AuditEntry',
      'ChangeAction', 'DEFAULT_STORE_NAME', 'DEFAULT_USAGE_CAP', 'IndexedDbRemoteCacheOptions', 'Mutability', 'MutabilityPolicy', 'OpenSkillStoreOptions',
      'Proposal', 'RESOURCE_FOLDERS', 'ResourceText', 'SKILLS_WRITE_GRANT', 'STORE_SCHEMA_VERSION', 'SkillArchive', 'SkillInput', 'SkillRevision',
      'SkillState', 'SkillStore', 'SkillSummary', 'SkillWriteResult', 'StorageManagerLike', 'StorageReport', 'StoreChange', 'StoreItem', 'StoreLimits',
      'StoreListener', 'StoreOptions', 'StoredSkill', 'UsageEntry', 'UsageInput', 'UsageKind', 'WRITE_TOOL_IDS', 'WriteOptions', 'WriteResult',
      'WriteToolsOptions', 'createMemoryStore', 'indexedDbRemoteCache', 'openSkillStore', 'usageOfActivations', 'writeTools',
    ],
  },
  'satchel/embeddings': {
    file: 'src/embeddings/index.ts',
    load: () => import('../../src/embeddings/index.js'),
    names: [
      'Embedder', 'ModelFiles', 'UseEmbedder', 'UseEmbedderOptions', 'VectorCache', 'createUseEmbedder', 'fetchModelFiles',
    ],
  },
  'satchel/vite': {
    file: 'src/vite/index.ts',
    load: () => import('../../src/vite/index.js'),
    names: [
      'DEFAULT_SKILLS_MODULE_ID', 'SatchelSkillsOptions', 'SkillBundle', 'SkillBundleEntry', 'SkillBundleFile', 'reportLines', 'satchelSkills',
    ],
  },
  'satchel/worker': {
    file: 'src/worker/index.ts',
    load: () => import('../../src/worker/index.js'),
    names: [
      'ANSWER_PAGE_SIZE', 'AnswerPage', 'FORWARDED_STORE_METHODS', 'ForwardedStoreMethod', 'NodeLikeEndpoint', 'RemoteLoadOptions', 'RemoteProgress',
      'RemoteRunToolOptions', 'RuntimeEndpoint', 'RuntimeEventType', 'RuntimeSession', 'RuntimeStore', 'SkillRuntime', 'SkillRuntimeOptions',
      'ToolDescriptor', 'WireSkillError', 'createSkillRuntime', 'exposeSkillRuntime', 'registerSkillErrorTransfer',
    ],
  },
  'satchel/ai-sdk': {
    file: 'src/ai-sdk/index.ts',
    load: () => import('../../src/ai-sdk/index.js'),
    names: [
      'SkillToolSource', 'SkillToolsOptions', 'skillTools',
    ],
  },
  'satchel/mcp': {
    file: 'src/mcp/index.ts',
    load: () => import('../../src/mcp/index.js'),
    names: [
      'CATALOG_PROMPT', 'CATALOG_URI', 'McpSkillSource', 'SKILL_URI_SCHEME', 'SkillsMcpServerOptions', 'createSkillsMcpServer', 'parseSkillResourceUri',
      'skillResourceUri',
    ],
  },
  'satchel/client': {
    file: 'src/client/index.ts',
    load: () => import('../../src/client/index.js'),
    names: [
      'ClientEvents', 'ConnectOptions', 'DEFAULT_HEARTBEAT', 'HeartbeatOptions', 'RemoteStore', 'RuntimeEndpoint', 'SkillRuntimeClient', 'StoreChangeOf',
      'ToolDescriptor', 'connectSkillRuntime',
    ],
  },
};

/** Names an entry file exports, values and types alike, read from its `export` statements. */
function declaredNames(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)) {
    for (const part of (m[1] ?? '').split(',')) {
      const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/).pop();
      if (name) names.add(name);
    }
  }
  for (const m of text.matchAll(/export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|function|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/g)) names.add(m[1] as string);
  if (/export\s+\*/.test(text)) names.add('*');
  return [...names].sort();
}

const sorted = (names: Iterable<string>) => [...names].sort();

describe('the exported names of every entry point', () => {
  for (const [entry, { file, load, names }] of Object.entries(ENTRIES)) {
    it(`${entry} exports exactly its pinned names`, async () => {
      const declared = declaredNames(readFileSync(file, 'utf8'));
      expect(declared).toEqual(sorted(names));
      // The values the module really has at run time are among them (types leave no trace).
      // `export *` of the core entry brings its names along.
      const known = names.includes('*') ? [...names, ...(ENTRIES['satchel']?.names ?? [])] : names;
      const runtime = Object.keys(await load());
      expect(runtime.filter((n) => !known.includes(n))).toEqual([]);
    });
  }

  it('package.json exports an entry for each', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { exports: Record<string, unknown> };
    const subpaths = Object.keys(ENTRIES).map((e) => (e === 'satchel' ? '.' : `./${e.slice('satchel/'.length)}`));
    expect(Object.keys(pkg.exports)).toEqual(expect.arrayContaining(subpaths));
  });
});
