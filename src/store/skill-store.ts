/**
 * The store's methods over a {@link Backend}: validation first, then one
 * transaction per write, then the change event. The IndexedDB and memory
 * stores are this same object over different backends.
 * @module
 */
import { createDiagnostic, type Diagnostic } from '../format/diagnostics/diagnostic.js';
import { SkillError } from '../format/errors.js';
import { actorRecord } from './audit.js';
import { changeOf, createChangeEmitter } from './events.js';
import { storeError } from './errors.js';
import { nameKey } from '../shared/names.js';
import { builtinRefusal, gateOf, resolveMutability } from './evolution/policy.js';
import { applyProposal, proposalOf, proposalOfRecord, proposeChange, type Intended } from './evolution/proposals.js';
import { auditEntryOf, checkNamespace, corruptHead, itemOf, nsKey, nsOf, type Backend, type HeadRecord, type StoreTx } from './records.js';
import { purgeSkill, putRevision, rollbackRevision, setState, type WriteContext, type WriteOutcome } from './revisions.js';
import { DEFAULT_USAGE_CAP } from './evolution/types.js';
import type { SkillStore, StoreChange, StoreItem, StoreOptions, WriteOptions, WriteResult } from './types.js';
import { usageCapOf, usageEntryOf, usageRecordOf } from './evolution/usage.js';
import { exportNamespace, importNamespace } from './transfer.js';
import { prepareSkill, storeLimits, type PreparedSkill } from './validate.js';

/** Options of {@link buildSkillStore}. */
export interface BuildOptions extends StoreOptions {
  /** Called with each committed local change (e.g. to tell other tabs). */
  readonly onLocalChange?: (change: StoreChange) => void;
}

/** A store over `backend`, plus `deliver` for changes other connections made. */
export function buildSkillStore(backend: Backend, options: BuildOptions = {}): SkillStore & { deliver(change: StoreChange): Promise<void> } {
  const limits = { ...storeLimits(options.limits), profile: options.profile ?? 'runtime' } as const;
  // Builtin names by identity (NFKC, case folded), so `PDF` cannot stand in for builtin `pdf`.
  const reserved = new Set([...(options.reservedNames ?? [])].map(nameKey));
  const mutability = resolveMutability(options.mutability);
  const usageCap = usageCapOf(options.usageCap, DEFAULT_USAGE_CAP);
  const emitter = createChangeEmitter();
  const problems = new Map<string, Diagnostic[]>();

  const run = async <T>(what: string, job: () => Promise<T>): Promise<T> => {
    try {
      return await job();
    } catch (e) {
      throw storeError(e, what);
    }
  };
  const context = (namespace: readonly string[], o: WriteOptions = {}): WriteContext => ({
    ns: nsKey(checkNamespace(namespace)),
    actor: actorRecord(o.actor),
    at: new Date().toISOString(),
    expectedRevision: o.expectedRevision,
  });
  const refuseReserved = (name: string, what = 'write'): void => {
    if (reserved.has(nameKey(name))) throw builtinRefusal(name, what);
  };
  // An agent's change under `approval-gated`: kept as a proposal, no revision, no audit, no change event.
  const propose = async (ctx: WriteContext, intended: Intended): Promise<WriteResult> => {
    const { result } = await run(`proposal for "${intended.name}"`, () => backend.write((tx) => proposeChange(tx, ctx, intended)));
    return result;
  };
  const gated = (ctx: WriteContext, what: string) => gateOf(mutability, ctx.actor, what);
  const commit = async (namespace: readonly string[], what: string, write: (tx: StoreTx) => Promise<WriteOutcome>): Promise<WriteResult> => {
    const outcome = await run(what, () => backend.write(write));
    if (outcome.head) {
      const change = changeOf(outcome, namespace);
      options.onLocalChange?.(change);
      await emitter.emit(change);
    }
    return outcome.result;
  };
  const liveHeads = async (namespace: readonly string[]): Promise<HeadRecord[]> => {
    const ns = nsKey(checkNamespace(namespace));
    const heads = await run('a read', () => backend.read((tx) => tx.heads(ns)));
    const found: Diagnostic[] = [];
    const sound = heads.filter((head) => {
      const reason = corruptHead(head);
      if (reason)
        found.push(
          createDiagnostic(
            'source-error',
            'runtime',
            `Stored skill \`${namespace.join('/')}/${describeKey(head)}\` is corrupt and was skipped: ${reason}.`,
            `${namespace.join('/')}/${describeKey(head)}`,
          ),
        );
      return reason === undefined && head.state !== 'purged';
    });
    problems.set(ns, found);
    return sound;
  };

  return {
    async search(namespace, o = {}): Promise<StoreItem[]> {
      const heads = (await liveHeads(namespace)).filter((h) => h.state === 'active');
      const offset = Math.max(0, o.offset ?? 0);
      return heads.slice(offset, o.limit === undefined ? undefined : offset + Math.max(0, o.limit)).map((h) => itemOf(h, namespace));
    },
    async count(namespace) {
      return (await liveHeads(namespace)).filter((h) => h.state === 'active').length;
    },
    async put(namespace, skill, o = {}) {
      const ctx = context(namespace, o);
      const gate = gated(ctx, 'put');
      const prepared = prepareSkill(skill, o.profile === 'spec' ? { ...limits, profile: 'spec' } : limits, namespace.join('/'));
      refuseReserved(prepared.name, 'put');
      if (gate === 'propose') return propose(ctx, { name: prepared.name, action: 'put', after: prepared });
      return commit(namespace, `put of "${prepared.name}"`, (tx) => putRevision(tx, ctx, prepared));
    },
    async get(namespace, name) {
      const ns = nsKey(checkNamespace(namespace));
      const head = await run('a read', () => backend.read((tx) => tx.head(ns, name)));
      if (!head || head.state === 'purged') return undefined;
      const reason = corruptHead(head);
      if (reason) throw new SkillError('STORE_FAILED', `Stored skill "${name}" is corrupt: ${reason}.`);
      const { ns: _ns, state, ...rest } = head;
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
      const records = await run('a read', () => backend.read((tx) => tx.revisions(ns, name)));
      return records.map(({ ns: _ns, ...rest }) => rest);
    },
    async rollback(namespace, name, revision, o = {}) {
      const ctx = context(namespace, o);
      const gate = gated(ctx, 'rollback');
      refuseReserved(name, 'rollback');
      if (gate === 'propose') return proposeRollback(backend, run, ctx, name, revision);
      return commit(namespace, `rollback of "${name}"`, (tx) => rollbackRevision(tx, ctx, name, revision));
    },
    async archive(namespace, name, o = {}) {
      const ctx = context(namespace, o);
      if (gated(ctx, 'archive') === 'propose') return propose(ctx, { name, action: 'archive' });
      return commit(namespace, `archive of "${name}"`, (tx) => setState(tx, ctx, name, 'archived'));
    },
    async restore(namespace, name, o = {}) {
      const ctx = context(namespace, o);
      const gate = gated(ctx, 'restore');
      refuseReserved(name, 'restore');
      if (gate === 'propose') return propose(ctx, { name, action: 'restore' });
      return commit(namespace, `restore of "${name}"`, (tx) => setState(tx, ctx, name, 'active'));
    },
    async purge(namespace, name, o = {}) {
      const ctx = context(namespace, o.actor === undefined ? {} : { actor: o.actor });
      if (gated(ctx, 'purge') === 'propose') return void (await propose(ctx, { name, action: 'purge' }));
      await commit(namespace, `purge of "${name}"`, (tx) => purgeSkill(tx, ctx, name));
    },
    async proposals(namespace) {
      const ns = nsKey(checkNamespace(namespace));
      return (await run('a read', () => backend.read((tx) => tx.proposals(ns)))).map(proposalOfRecord);
    },
    async approve(id, o = {}) {
      const record = await run('a read', () => backend.read((tx) => proposalOf(tx, id)));
      const namespace = nsOf(record.ns);
      // Validated again: limits or builtin names may have changed since it was proposed.
      const prepared: PreparedSkill | undefined =
        record.text === undefined ? undefined : prepareSkill({ 'SKILL.md': record.text, ...record.files }, limits, namespace.join('/'));
      if (record.action !== 'archive' && record.action !== 'purge') refuseReserved(record.name, 'approval');
      const ctx: WriteContext = { ns: record.ns, actor: record.actor, at: new Date().toISOString(), approvedBy: actorRecord(o.actor) };
      return commit(namespace, `approval of proposal ${id}`, (tx) => applyProposal(tx, ctx, id, prepared));
    },
    async reject(id) {
      await run('a rejection', () => backend.write(async (tx) => tx.deleteProposal((await proposalOf(tx, id)).id)));
    },
    async recordUsage(namespace, entries) {
      const ns = nsKey(checkNamespace(namespace));
      const now = new Date().toISOString();
      const records = (Array.isArray(entries) ? entries : [entries]).map((e: Parameters<typeof usageRecordOf>[0]) => usageRecordOf(e, ns, now));
      await run('a usage record', () =>
        backend.write(async (tx) => {
          for (const r of records) await tx.appendUsage(r);
          await tx.trimUsage(ns, usageCap);
        }),
      );
    },
    async usage(namespace, name) {
      const ns = nsKey(checkNamespace(namespace));
      return (await run('a read', () => backend.read((tx) => tx.usage(ns, name)))).map(usageEntryOf);
    },
    mutability,
    isReserved: (name) => reserved.has(nameKey(name)),
    async auditLog(namespace, name) {
      const ns = nsKey(checkNamespace(namespace));
      const records = await run('a read', () => backend.read((tx) => tx.audit(ns, name)));
      return records.map(auditEntryOf);
    },
    exportArchive: async (namespace) => exportNamespace(backend, run, namespace),
    async importArchive(data, o = {}) {
      // An archive is many skills at once: an agent may import only where its changes apply unreviewed.
      if (actorRecord(o.actor).kind === 'agent' && mutability !== 'autonomous') {
        throw new SkillError('PERMISSION_DENIED', `An agent cannot import an archive under mutability "${mutability}"; a person must import it.`);
      }
      return importNamespace(backend, { emitter, onLocalChange: options.onLocalChange, run, limits, refuseReserved, usageCap }, data, o);
    },
    reserveNames(names) {
      for (const name of names) reserved.add(nameKey(name));
    },
    on(type, listener) {
      if (type !== 'change') throw new SkillError('INVALID_INPUT', `The store emits only "change" events, not "${String(type)}".`);
      return emitter.on(listener);
    },
    storage: () => run('a storage estimate', () => backend.storage()),
    get diagnostics() {
      return [...problems.values()].flat();
    },
    close: () => backend.close(),
    deliver: (change) => emitter.emit(change),
  };
}

/** An agent's rollback under `approval-gated`: the old revision's content, proposed against the head. */
async function proposeRollback(
  backend: Backend,
  run: <T>(what: string, job: () => Promise<T>) => Promise<T>,
  ctx: WriteContext,
  name: string,
  from: number,
): Promise<WriteResult> {
  const { result } = await run(`proposal for "${name}"`, () =>
    backend.write(async (tx) => {
      const old = await tx.revision(ctx.ns, name, from);
      if (!old) throw new SkillError('NOT_FOUND', `Skill "${name}" has no revision ${from}.`);
      return proposeChange(tx, ctx, { name, action: 'rollback', after: { text: old.text, files: old.files, digest: old.digest }, from });
    }),
  );
  return result;
}

function describeKey(head: unknown): string {
  const name = typeof head === 'object' && head !== null ? (head as { name?: unknown }).name : undefined;
  return typeof name === 'string' ? name : '?';
}
