/**
 * The store's methods over a {@link Backend}: validation first, then one
 * transaction per write, then the change event. The IndexedDB and memory
 * stores are this same object over different backends.
 * @module
 */
import { SkillError } from '../format/errors.js';
import { actorRecord } from './audit.js';
import { nameKey } from '../shared/names.js';
import { proposalOfRecord } from './evolution/proposals.js';
import { auditEntryOf, checkName, checkNamespace, corruptHead, itemOf, nsKey, type Backend, type StoreTx } from './records.js';
import { createStoreCore, type BuildOptions, type StoreCore } from './store-core.js';
import { proposalWrites, skillWrites, usageWrites } from './store-writes.js';
import type { SkillStore, StoreChange, StoreItem } from './types.js';
import { usageEntryOf } from './evolution/usage.js';
import { learnedMethods } from './evolution/learned.js';
import { ignoredWrites } from './evolution/ignored-write.js';
import { resolveMutability } from './evolution/policy.js';

export type { BuildOptions } from './store-core.js';

/** A store over `backend`, plus `deliver` for changes other connections made. */
export function buildSkillStore(backend: Backend, options: BuildOptions = {}): SkillStore & { deliver(change: StoreChange): Promise<void> } {
  const core = createStoreCore(backend, options);
  const { run, emitter, reserved, mutability, problems, policies, policyOf } = core;
  return {
    ...skillReads(core),
    ...skillWrites(core),
    ...proposalWrites(core),
    ...usageWrites(core),
    ...learnedMethods(core),
    ...ignoredWrites(core),
    mutability,
    setMutability(namespace, policy) {
      const ns = nsKey(checkNamespace(namespace));
      if (policy === undefined) policies.delete(ns);
      else policies.set(ns, resolveMutability(policy));
    },
    mutabilityOf: (namespace) => policyOf(nsKey(checkNamespace(namespace))),
    isReserved: (name) => reserved.has(nameKey(name)),
    ...transfers(core),
    reserveNames(names) {
      for (const name of names) reserved.add(nameKey(name));
    },
    on(type, listener) {
      if (type !== 'change') throw new SkillError('INVALID_INPUT', `The store emits only "change" events, not "${String(type)}".`);
      return emitter.on(listener);
    },
    storage: () => run('a storage estimate', () => backend.storage()),
    // A getter: what the latest listing of each namespace skipped.
    get diagnostics() {
      return [...problems.values()].flat();
    },
    close: () => backend.close(),
    deliver: (change) => emitter.emit(change),
  };
}

type Transfers = Pick<SkillStore, 'exportNamespace' | 'importNamespace' | 'exportArchive' | 'importArchive'>;

/** Moving a whole namespace out and in; the deprecated `exportArchive` / `importArchive` are the same two functions. */
function transfers(core: StoreCore): Transfers {
  const { backend, run, emitter, policyOf, onLocalChange, limits, agentLimits, refuseReserved, usageCap, problems } = core;
  // Loaded on first use: exports are rare, and their checks would weigh on every worker that only reads and writes.
  const transfer = () => import('./transfer.js');
  const exportNamespace: SkillStore['exportNamespace'] = async (namespace) => (await transfer()).readNamespaceExport(backend, run, problems, namespace);
  const importNamespace: SkillStore['importNamespace'] = async (data, o = {}) => {
    // An export is many skills at once: an agent may import only where its changes apply unreviewed (checked on the target namespace).
    const gateImport = (target: readonly string[]): void => {
      const policy = policyOf(nsKey(checkNamespace(target)));
      if (actorRecord(o.actor).kind === 'agent' && policy !== 'autonomous')
        throw new SkillError('PERMISSION_DENIED', `An agent cannot import a namespace export under mutability "${policy}"; a person must import it.`);
    };
    if (o.namespace !== undefined) gateImport(o.namespace);
    const context = { emitter, onLocalChange, run, limits, refuseReserved, usageCap, agentLimits, gateImport, safety: core.safety.imports };
    return (await transfer()).writeNamespaceExport(backend, context, data, o);
  };
  return { exportNamespace, importNamespace, exportArchive: exportNamespace, importArchive: importNamespace };
}

type Reads = Pick<SkillStore, 'search' | 'count' | 'get' | 'list' | 'history' | 'proposals' | 'usage' | 'auditLog'>;

/** The methods that only read: skills, their history, proposals, usage and the audit log. */
function skillReads({ backend, run, liveHeads, activePage }: StoreCore): Reads {
  return {
    async search(namespace, o = {}): Promise<StoreItem[]> {
      // A page reads only its own records: `after` (the last key of the previous page) or `offset` says where it starts.
      const after = typeof o.after === 'string' ? o.after : undefined;
      const owned = backend.ownReads === true;
      return (await activePage(namespace, { limit: o.limit, offset: o.offset, after })).map((h) => itemOf(h, namespace, owned));
    },
    async count(namespace) {
      const ns = nsKey(checkNamespace(namespace));
      const count = (tx: StoreTx): Promise<number> => tx.activeCount(ns);
      return run('a read', () => (backend.readOnce ? backend.readOnce(count) : backend.read(count)));
    },
    async get(namespace, name) {
      const ns = nsKey(checkNamespace(namespace));
      checkName(name);
      const head = await run('a read', () => backend.read((tx) => tx.head(ns, name)));
      if (!head || head.state === 'purged') return undefined;
      const reason = corruptHead(head);
      if (reason) throw new SkillError('STORE_FAILED', `Stored skill "${name}" is corrupt: ${reason}.`);
      const { ns: _ns, state, historyBytes: _bytes, parsed: _parsed, ...rest } = head;
      return { ...rest, state: state === 'archived' ? 'archived' : 'active', namespace: [...namespace] };
    },
    async list(namespace) {
      return (await liveHeads(namespace)).map((h) => ({
        name: h.name,
        revision: h.revision,
        digest: h.digest,
        state: h.state === 'archived' ? 'archived' : 'active',
        updatedAt: h.updatedAt,
      }));
    },
    async history(namespace, name) {
      const ns = nsKey(checkNamespace(namespace));
      checkName(name);
      const records = await run('a read', () => backend.read((tx) => tx.revisions(ns, name)));
      return records.map(({ ns: _ns, ...rest }) => rest);
    },
    async proposals(namespace) {
      const ns = nsKey(checkNamespace(namespace));
      return (await run('a read', () => backend.read((tx) => tx.proposals(ns)))).map(proposalOfRecord);
    },
    async usage(namespace, name) {
      const ns = nsKey(checkNamespace(namespace));
      if (name !== undefined) checkName(name);
      return (await run('a read', () => backend.read((tx) => tx.usage(ns, name)))).map(usageEntryOf);
    },
    async auditLog(namespace, name) {
      const ns = nsKey(checkNamespace(namespace));
      if (name !== undefined) checkName(name);
      const records = await run('a read', () => backend.read((tx) => tx.audit(ns, name)));
      return records.map(auditEntryOf);
    },
  };
}
