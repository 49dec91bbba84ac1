/**
 * `satchel/store`: user and org skills that persist, with revisions,
 * rollback, archive, an audit log and namespace exports, on IndexedDB or in memory.
 * A store's `search(namespace)` is what `SkillLoader` reads, and a loader
 * over a store hears its changes.
 *
 * @example
 * ```ts
 * import { openIndexedDbStore } from 'satchel/store'
 * import { SkillLoader } from 'satchel'
 *
 * const store = await openIndexedDbStore({ reservedNames: ['pdf'] })
 * const loader = new SkillLoader({ builtin, store })
 * await loader.loadAll('acme', 'u1')
 * await store.put(['acme', 'u1', 'skills'], text)     // the loader routes to it at once
 * ```
 * @module
 */
export { openIndexedDbStore, type IndexedDbStoreOptions } from './idb/idb-store.js';
export { createMemoryStore } from './memory-store.js';
export { indexedDbRemoteCache, type IndexedDbRemoteCacheOptions } from './caches/remote-cache.js';
export { indexedDbVectorCache, type IndexedDbVectorCacheOptions } from './caches/vector-cache.js';
export {
  createWriteTools,
  SKILLS_WRITE_GRANT,
  WRITE_TOOL_IDS,
  type ResourceText,
  type SkillWriteResult,
  type WriteToolsOptions,
} from './evolution/write-tools.js';
export { AUTHORING_LIMITS, RESOURCE_FOLDERS } from './evolution/authoring.js';
export { usageOfActivations } from './evolution/usage.js';
export { gitMirror, type GitMirrorOptions } from './history/git-mirror.js';
export { readEvolutionLog, type ReadEvolutionLogOptions } from './history/read-log.js';
export { opfsGitFs, type OpfsDirectory, type OpfsFile, type OpfsGitFs } from './history/opfs-fs.js';
export type { GitFs, GitModule, GitSource } from './history/git-module.js';
export type { EvolutionActor, EvolutionChange, EvolutionLogEntry, EvolutionMirror, EvolutionOptions } from './history/types.js';
export { STORE_SCHEMA_VERSION, DEFAULT_STORE_NAME } from './idb/schema.js';
export { DEFAULT_USAGE_CAP } from './evolution/types.js';
export { EXPORT_FORMAT, type ExportedUsage, type ExportedFile, type ExportedRevision, type ExportedSkill, type NamespaceExport } from './types.js';
export { exportDigest } from './export-document.js';
export { AGENT_LIMITS, type AgentLimits } from './growth.js';
export type { StorageManagerLike } from './idb/storage.js';
// Deprecated aliases of renamed names (docs/renames.md).
export { openSkillStore, type OpenSkillStoreOptions } from './idb/idb-store.js';
export { writeTools } from './evolution/write-tools.js';
export { archiveDigest } from './export-document.js';
export { ARCHIVE_FORMAT, type ArchivedUsage, type ArchivedFile, type ArchivedRevision, type ArchivedSkill, type SkillArchive } from './types.js';
export type {
  Actor,
  ActorRecord,
  AuditAction,
  AuditEntry,
  ChangeAction,
  IgnoredWrite,
  Mutability,
  MutabilityPolicy,
  Proposal,
  RevisionAction,
  SkillInput,
  SkillRevision,
  SkillState,
  SkillStore,
  SkillSummary,
  StorageReport,
  StoreChange,
  StoreItem,
  StoreLimits,
  StoreListener,
  StoreOptions,
  StoreSafety,
  StoredSkill,
  UsageEntry,
  UsageInput,
  UsageKind,
  WriteOptions,
  WriteResult,
} from './types.js';
