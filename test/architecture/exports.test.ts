// Every entry point's exported names, pinned: adding or removing a public name is a decision, made here on purpose.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The root's values, in the order of `src/index.ts`: at most {@link ROOT_VALUE_BUDGET} (docs/api.md). A new value goes
 * to a sub-entry or into one of the namespace objects (`SKILL_TOOLS`, `LIMITS`, `FORMAT_VERSIONS`, `CODES`).
 */
const ROOT_VALUES = [
  // format
  'parseSkill',
  'parseSkillFrontmatter',
  'parseSkillFile',
  'serializeSkill',
  'formatDiagnostic',
  'SkillError',
  'isSkillError',
  'scanSkill',
  // sources
  'memorySource',
  'memoryPluginSource',
  'storeSource',
  'bundleSource',
  'remoteSource',
  'memoryRemoteCache',
  // loader and routing
  'SkillLoader',
  'surfaceNamespace',
  'createUsagePrior',
  'usagePrior',
  'createRouter',
  // evaluation
  'evaluateSkills',
  // agent
  'defineSkill',
  'createSkillSet',
  'withSkills',
  'checkGrants',
  'runTool',
  'toOpenAITool',
  'toOpenAIResponsesTool',
  'toAnthropicTool',
  'toGeminiFunctionDeclaration',
  'findTool',
  // constants, behind namespace objects
  'SKILL_TOOLS',
  'LIMITS',
  'FORMAT_VERSIONS',
  'CODES',
];

/**
 * Deprecated aliases the root keeps for renamed values (each also in {@link ROOT_VALUES}): they count against the
 * budget, and are the only root values the docs need not show.
 */
const DEPRECATED_ROOT_VALUES: string[] = ['usagePrior'];

/** At most this many values at the root, deprecated aliases included (issue 21; anchors: `yaml` ~25, `comlink` ~10). */
const ROOT_VALUE_BUDGET = 35;

/** The values `satchel/node` adds to the root's (its `SkillLoader` stands in for the core one). */
const NODE_VALUES = [
  'directorySource',
  'pluginSource',
  'WATCH_DEBOUNCE_MS',
  'loadSkills',
  'buildSkillBundle',
  'SkillLoader',
  'BUILTIN_SKILLS_DIR',
  'publishSkills',
  'folderRemoteCache',
  'folderSandbox',
  'nodeGitMirror',
  'readModelFiles',
  'tfjsWasmPaths',
  // deprecated aliases (docs/renames.md)
  'useModelFiles',
  'useWasmPaths',
];

/** The public names of each entry point (values and types), sorted. */
const ENTRIES: Record<string, { file: string; load: () => Promise<Record<string, unknown>>; names: string[] }> = {
  satchel: {
    file: 'src/index.ts',
    load: () => import('../../src/index.js'),
    names: [
      ...ROOT_VALUES,
      'Activation',
      'ActivationOptions',
      'ActivationReason',
      'ActivationThresholds',
      'AgentOptionsLike',
      'AnthropicTool',
      'BodyFormat',
      'BundleIdentity',
      'BundleSourceOptions',
      'CatalogEntryForm',
      'CatalogFit',
      'CatalogOptions',
      'CatalogTurn',
      'Collision',
      'Confusion',
      'CreateRouterOptions',
      'CurvePoint',
      'DecisionRule',
      'DescribedTool',
      'Diagnostic',
      'DiagnosticCode',
      'DiagnosticRule',
      'Embedder',
      'EvalDiagnostic',
      'EvalQuery',
      'EvaluationOptions',
      'EvaluationReport',
      'EvaluationTarget',
      'ExperimentalRouterOptions',
      'FetchLike',
      'GeminiFunctionDeclaration',
      'GrantedTool',
      'GrepMatch',
      'GrepResult',
      'IntentHit',
      'JsonSchema',
      'LearnedExample',
      'ListFilesResult',
      'ListedFile',
      'LoadOptions',
      'LoadProgress',
      'LoadedSkill',
      'LoadedSkillMark',
      'LoadedSkillRecord',
      'LoaderActivationOptions',
      'LoaderChange',
      'LoaderEmbeddingOptions',
      'LoaderLimits',
      'LoaderRoutingOptions',
      'MemoryFiles',
      'MemoryPluginSourceOptions',
      'MemorySourceOptions',
      'NameFromFolderOption',
      'ObjectJsonSchema',
      'ObservableStore',
      'OpenAIChatTool',
      'OpenAIResponsesTool',
      'ParseOptions',
      'ParseResult',
      'PluginLimits',
      'PluginListingOptions',
      'PluginLock',
      'PluginLockEntry',
      'PluginSelection',
      'Profile',
      'PublishedPluginLimits',
      'PublishedPluginsOptions',
      'ReadFileResult',
      'RemoteCache',
      'RemoteSourceLimits',
      'RemoteSourceOptions',
      'RouteHit',
      'RouteOptions',
      'RoutedSkill',
      'Router',
      'RouterField',
      'RouterJSON',
      'RouterOptions',
      'RunToolOptions',
      'RunnableTool',
      'SandboxAttachment',
      'SandboxFailure',
      'SandboxOptions',
      'SandboxTarget',
      'SandboxedSkill',
      'ScanOptions',
      'GateAction',
      'GatePolicy',
      'SeverityActions',
      'SourceProvenance',
      'SourceSafety',
      'OriginKind',
      'SkillProvenance',
      'SemanticOptions',
      'Severity',
      'Skill',
      'SkillActivation',
      'SkillBundle',
      'SkillBundleEntry',
      'SkillBundleFile',
      'SkillBundleParsed',
      'SkillDefinition',
      'SkillDocument',
      'SkillEntry',
      'SkillErrorCode',
      'SkillErrorOptions',
      'SkillEvaluation',
      'SkillExecution',
      'SkillFile',
      'SkillFileInput',
      'SkillFrontmatter',
      'SkillLimits',
      'SkillLoaderOptions',
      'SkillNeeds',
      'SkillPrior',
      'SkillProvider',
      'SkillSearchHit',
      'SkillSearchResult',
      'SkillSet',
      'SkillSource',
      'SkillSourceKind',
      'SkillStoreItem',
      'SkillStoreLike',
      'SkillTool',
      'SkillVectorFile',
      'SourceCallOptions',
      'SourceChange',
      'SourceLimits',
      'SourceListing',
      'StoreChangeLike',
      'StoreSourceOptions',
      'SubagentSpec',
      'SyncResult',
      'TextLanguage',
      'TextPipeline',
      'TextPipelineOptions',
      'ToolEffects',
      'ToolMode',
      'TriggerFigures',
      'Turn',
      'UnmetNeeds',
      'UsageOutcome',
      'UsagePrior',
      'UsagePriorOptions',
      'VectorCache',
      'WithSkills',
    ],
  },
  'satchel/node': {
    file: 'src/node/index.ts',
    load: () => import('../../src/node/index.js'),
    names: [
      '*',
      ...NODE_VALUES,
      'BuildSkillBundleOptions',
      'DirectorySourceOptions',
      'LoadSkillsOptions',
      'ModelFolder',
      'NodeSkillLoaderOptions',
      'PluginSourceOptions',
      'PublishOptions',
      'PublishResult',
      'PublishedPlugin',
      'PublishedSkill',
    ],
  },
  'satchel/store': {
    file: 'src/store/index.ts',
    load: () => import('../../src/store/index.js'),
    names: [
      'AGENT_LIMITS',
      'ARCHIVE_FORMAT',
      'AUTHORING_LIMITS',
      'Actor',
      'ActorRecord',
      'AgentLimits',
      'ArchivedFile',
      'ArchivedRevision',
      'ArchivedSkill',
      'ArchivedUsage',
      'AuditAction',
      'AuditEntry',
      'ChangeAction',
      'DEFAULT_STORE_NAME',
      'DEFAULT_USAGE_CAP',
      'EXPORT_FORMAT',
      'ExportedFile',
      'ExportedRevision',
      'ExportedSkill',
      'EvolutionActor',
      'EvolutionChange',
      'EvolutionLogEntry',
      'EvolutionMirror',
      'EvolutionOptions',
      'ExportedUsage',
      'GitFs',
      'GitMirrorOptions',
      'GitModule',
      'GitSource',
      'IgnoredWrite',
      'IndexedDbRemoteCacheOptions',
      'IndexedDbStoreOptions',
      'IndexedDbVectorCacheOptions',
      'Mutability',
      'MutabilityPolicy',
      'NamespaceExport',
      'OpenSkillStoreOptions',
      'OpfsDirectory',
      'OpfsFile',
      'OpfsGitFs',
      'Proposal',
      'RESOURCE_FOLDERS',
      'ReadEvolutionLogOptions',
      'ResourceText',
      'RevisionAction',
      'SKILLS_WRITE_GRANT',
      'STORE_SCHEMA_VERSION',
      'SkillArchive',
      'SkillInput',
      'SkillRevision',
      'SkillState',
      'SkillStore',
      'SkillSummary',
      'SkillWriteResult',
      'StorageManagerLike',
      'StorageReport',
      'StoreChange',
      'StoreItem',
      'StoreLimits',
      'StoreListener',
      'StoreOptions',
      'StoreSafety',
      'StoredSkill',
      'UsageEntry',
      'UsageInput',
      'UsageKind',
      'WRITE_TOOL_IDS',
      'WriteOptions',
      'WriteResult',
      'WriteToolsOptions',
      'archiveDigest',
      'createMemoryStore',
      'createWriteTools',
      'exportDigest',
      'gitMirror',
      'indexedDbRemoteCache',
      'indexedDbVectorCache',
      'openIndexedDbStore',
      'openSkillStore',
      'opfsGitFs',
      'readEvolutionLog',
      'usageOfActivations',
      'writeTools',
    ],
  },
  'satchel/embeddings': {
    file: 'src/embeddings/index.ts',
    load: () => import('../../src/embeddings/index.js'),
    names: [
      'Embedder',
      'ModelFiles',
      'SKILL_VECTOR_FILE_FORMAT',
      'SentenceEncoder',
      'SentenceEncoderOptions',
      'SkillVectorFile',
      'UseEmbedder',
      'UseEmbedderOptions',
      'VectorCache',
      'createSentenceEncoder',
      'createUseEmbedder',
      'fetchModelFiles',
      'fileVectorCache',
      'precomputeSkillVectors',
      'skillVectorKey',
      'vectorCacheFrom',
    ],
  },
  'satchel/vite': {
    file: 'src/vite/index.ts',
    load: () => import('../../src/vite/index.js'),
    names: ['DEFAULT_SKILLS_MODULE_ID', 'SatchelSkillsOptions', 'SkillBundle', 'SkillBundleEntry', 'SkillBundleFile', 'reportLines', 'satchelSkills'],
  },
  'satchel/worker': {
    file: 'src/worker/index.ts',
    load: () => import('../../src/worker/index.js'),
    names: [
      'ANSWER_PAGE_SIZE',
      'AnswerPage',
      'FORWARDED_STORE_METHODS',
      'ForwardedStoreMethod',
      'NodeLikeEndpoint',
      'RemoteLoadOptions',
      'RemoteProgress',
      'RemoteRunToolOptions',
      'RuntimeEndpoint',
      'RuntimeEventType',
      'RuntimeSession',
      'RuntimeStore',
      'SkillRuntime',
      'SkillRuntimeOptions',
      'SkillProvenance',
      'ToolDescriptor',
      'WireSkillError',
      'createSkillRuntime',
      'exposeSkillRuntime',
      'opfsSandbox',
      'registerSkillErrorTransfer',
    ],
  },
  'satchel/ai-sdk': {
    file: 'src/ai-sdk/index.ts',
    load: () => import('../../src/ai-sdk/index.js'),
    names: ['NamedToolDefinition', 'SkillToolSetOptions', 'SkillToolSource', 'SkillToolsOptions', 'createSkillToolSet', 'skillTools', 'toolNamesOf'],
  },
  'satchel/mcp': {
    file: 'src/mcp/index.ts',
    load: () => import('../../src/mcp/index.js'),
    names: [
      'CATALOG_PROMPT',
      'CATALOG_URI',
      'McpSkillApproval',
      'McpSkillClient',
      'McpSkillEntry',
      'McpSkillResource',
      'McpSkillSource',
      'McpSkillSourceLimits',
      'McpSkillSourceOptions',
      'McpToolClient',
      'McpToolNamesOptions',
      'SKILLS_EXTENSION_ID',
      'SKILLS_EXTENSION_LIMITS',
      'SKILLS_EXTENSION_LOGGER',
      'SKILL_URI_SCHEME',
      'SkillsCacheScope',
      'SkillsExtensionDiagnostic',
      'SkillsExtensionDiagnosticCode',
      'SkillsExtensionEntry',
      'SkillsExtensionOptions',
      'SkillsExtensionResource',
      'SkillsMcpServerOptions',
      'createSkillsMcpServer',
      'mcpSkillSource',
      'mcpToolNames',
      'parseSkillResourceUri',
      'skillResourceUri',
    ],
  },
  'satchel/postgres': {
    file: 'src/postgres/index.ts',
    load: () => import('../../src/postgres/index.js'),
    names: ['DEFAULT_SCHEMA', 'POSTGRES_SCHEMA_VERSION', 'PostgresSkillStore', 'PostgresStoreOptions', 'openPostgresSkillStore'],
  },
  'satchel/client': {
    file: 'src/client/index.ts',
    load: () => import('../../src/client/index.js'),
    names: [
      'ClientEvents',
      'ConnectOptions',
      'DEFAULT_HEARTBEAT',
      'HeartbeatOptions',
      'RemoteStore',
      'RuntimeEndpoint',
      'SkillRuntimeClient',
      'StoreChangeOf',
      'SkillProvenance',
      'ToolDescriptor',
      'connectSkillRuntime',
    ],
  },
};

/** Names an entry file exports, values and types alike, read from its `export` statements. */
function declaredNames(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)) {
    for (const part of (m[1] ?? '').split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop();
      if (name) names.add(name);
    }
  }
  for (const m of text.matchAll(/export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|function|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/g))
    names.add(m[1] as string);
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

/** The fenced code blocks of README.md and docs/*.md, with the file each is in. */
function docExamples(): { file: string; code: string }[] {
  const files = [
    'README.md',
    ...readdirSync('docs')
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  return files.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].map((m) => ({ file, code: m[1] ?? '' })));
}

/** The names each `import { … } from '<specifier>'` of `code` takes, `type` ones included. */
function importedNames(code: string): { specifier: string; name: string }[] {
  return [...code.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)].flatMap((m) =>
    (m[1] ?? '')
      .split(',')
      .map(
        (part) =>
          part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0] ?? '',
      )
      .filter((name) => name !== '')
      .map((name) => ({ specifier: m[2] ?? '', name })),
  );
}

describe('the root entry reads in one sitting', () => {
  it(`satchel has at most ${ROOT_VALUE_BUDGET} values at run time, exactly the pinned ones`, async () => {
    const root = await import('../../src/index.js');
    expect(Object.keys(root).sort()).toEqual(sorted(ROOT_VALUES));
    expect(ROOT_VALUES.length).toBeLessThanOrEqual(ROOT_VALUE_BUDGET);
    expect(ROOT_VALUES).toEqual(expect.arrayContaining(DEPRECATED_ROOT_VALUES));
  });

  it("satchel/node has the root's values and its own, as before", async () => {
    const node = await import('../../src/node/index.js');
    expect(Object.keys(node).sort()).toEqual(sorted(new Set([...ROOT_VALUES, ...NODE_VALUES])));
    // Its SkillLoader is the Node one, which is an instance of the core class.
    const core = await import('../../src/index.js');
    expect(node.SkillLoader).not.toBe(core.SkillLoader);
    expect(node.SkillLoader.prototype).toBeInstanceOf(core.SkillLoader);
  });

  it('every root value but a deprecated alias is shown in a code example of README.md or docs/*.md', () => {
    const examples = docExamples();
    const shown = (name: string) => examples.some(({ code }) => new RegExp(`\\b${name}\\b`).test(code));
    expect(ROOT_VALUES.filter((name) => !DEPRECATED_ROOT_VALUES.includes(name) && !shown(name))).toEqual([]);
  });

  it('every name a code example imports from a satchel entry is exported there', () => {
    const stale = docExamples().flatMap(({ file, code }) =>
      importedNames(code)
        .filter(({ specifier }) => specifier === 'satchel' || specifier.startsWith('satchel/'))
        .filter(({ specifier, name }) => {
          const entry = ENTRIES[specifier];
          if (!entry) return !specifier.startsWith('satchel/vite/');
          const names = entry.names.includes('*') ? [...entry.names, ...(ENTRIES['satchel']?.names ?? [])] : entry.names;
          return !names.includes(name);
        })
        .map(({ specifier, name }) => `${file}: ${name} from '${specifier}'`),
    );
    expect(stale).toEqual([]);
  });
});
