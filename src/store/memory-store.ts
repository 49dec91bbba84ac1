/**
 * `createMemoryStore`: the skill store without IndexedDB, for tests, Node
 * servers and environments without storage. Writes are staged and applied
 * only when the whole write succeeds, one write at a time, and every record
 * is copied in and out as IndexedDB would, so both stores behave alike.
 * @module
 */
import { toBytes } from '../sources/inventory.js';
import { closedError } from './errors.js';
import { corruptHead } from './records.js';
import type { AuditRecord, Backend, HeadRecord, LearnedRecord, ProposalRecord, RevisionRecord, StoreTx, UsageRecord } from './records.js';
import { buildSkillStore } from './skill-store.js';
import type { SkillStore, StoreOptions } from './types.js';

interface State {
  heads: Map<string, HeadRecord>;
  revisions: Map<string, readonly RevisionRecord[]>;
  audit: AuditRecord[];
  /** Proposals by id; `null` marks one a staged write deleted. */
  proposals: Map<string, ProposalRecord | null>;
  usage: UsageRecord[];
  /** Usage seqs a staged write dropped. */
  dropped: Set<number>;
  /** Last usage seq given, as an auto-increment key (never reused). */
  usageSeq: number;
  learned: LearnedRecord[];
  /** Learned-example seqs a staged write deleted. */
  forgotten: Set<number>;
  /** Last learned-example seq given (never reused). */
  learnedSeq: number;
}

/** A state with nothing in it; a stage continues `from`'s auto-increment keys. */
const emptyState = (from?: State): State => ({
  heads: new Map(),
  revisions: new Map(),
  audit: [],
  proposals: new Map(),
  usage: [],
  dropped: new Set(),
  usageSeq: from?.usageSeq ?? 0,
  learned: [],
  forgotten: new Set(),
  learnedSeq: from?.learnedSeq ?? 0,
});

const keyOf = (ns: string, name: string): string => `${ns}\u0000${name}`;
const byName = (a: { name: string }, b: { name: string }): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * A skill store held in memory: the same interface and behaviour as
 * {@link openIndexedDbStore}, nothing persisted.
 *
 * @example
 * ```ts
 * const store = createMemoryStore({ reservedNames: ['pdf'] })
 * const { revision } = await store.put(['acme', 'u1', 'skills'], skillMdText)
 * const loader = new SkillLoader({ store })
 * ```
 */
export function createMemoryStore(options: StoreOptions = {}): SkillStore {
  return buildSkillStore(memoryBackend(), options);
}

/** The memory store's backend: staged writes applied one at a time (exported for tests of its commit step). */
export function memoryBackend(): Backend {
  const state = emptyState();
  let closed = false;
  let queue: Promise<unknown> = Promise.resolve();
  const check = (): void => {
    if (closed) throw closedError();
  };
  return {
    async read(fn) {
      check();
      return fn(stagedTx(state, undefined));
    },
    write(fn) {
      // One write at a time: each sees the last one's result, as IndexedDB's read-write transactions do.
      const next = queue.then(async () => {
        check();
        const stage = emptyState(state);
        const result = await fn(stagedTx(state, stage));
        applyStage(state, stage);
        return result;
      });
      queue = next.catch(() => undefined);
      return next;
    },
    async storage() {
      // Bytes of every revision's SKILL.md and files: what the store holds, not what the process uses.
      let usage = 0;
      for (const revisions of state.revisions.values()) {
        for (const r of revisions) for (const content of [r.text, ...Object.values(r.files)]) usage += toBytes(content).byteLength;
      }
      return { persisted: false, usage };
    },
    close() {
      closed = true;
    },
  };
}

/**
 * Applies a finished write. Nothing here can throw, so a write applies whole or not at all: no spread of a staged
 * list into `push()` (an import of 130,000 skills overflowed the stack there, after the heads and revisions were in).
 */
function applyStage(state: State, stage: State): void {
  for (const [k, v] of stage.heads) state.heads.set(k, v);
  for (const [k, v] of stage.revisions) state.revisions.set(k, v);
  for (const entry of stage.audit) state.audit.push(entry);
  const kept = state.usage.filter((u) => !stage.dropped.has(u.seq ?? 0));
  for (const u of stage.usage) if (!stage.dropped.has(u.seq ?? 0)) kept.push(u);
  state.usage = kept;
  state.usageSeq = stage.usageSeq;
  const learned = state.learned.filter((e) => !stage.forgotten.has(e.seq ?? 0));
  for (const e of stage.learned) if (!stage.forgotten.has(e.seq ?? 0)) learned.push(e);
  state.learned = learned;
  state.learnedSeq = stage.learnedSeq;
  for (const [k, v] of stage.proposals) {
    if (v === null) state.proposals.delete(k);
    else state.proposals.set(k, v);
  }
}

/** A transaction reading `state` through `stage` (writes go to `stage`; none when read-only). */
function stagedTx(state: State, stage: State | undefined): StoreTx {
  const view = stagedView(state, stage);
  return { ...headsTx(view), ...revisionsTx(view), ...auditTx(view), ...proposalsTx(view), ...usageTx(view), ...learnedTx(view) };
}

/** The committed state and the staged writes over it, with the lookups every record kind shares. */
interface StagedView {
  readonly state: State;
  readonly stage: State | undefined;
  head(k: string): HeadRecord | undefined;
  revs(k: string): readonly RevisionRecord[];
  proposal(id: string): ProposalRecord | undefined;
  /** The stage, for a write; throws in a read-only transaction. */
  writable(): State;
}

/** Reads see the stage first, then the committed state. */
function stagedView(state: State, stage: State | undefined): StagedView {
  return {
    state,
    stage,
    head: (k) => stage?.heads.get(k) ?? state.heads.get(k),
    revs: (k) => stage?.revisions.get(k) ?? state.revisions.get(k) ?? [],
    proposal: (id) => {
      const staged = stage?.proposals.get(id);
      return staged === null ? undefined : (staged ?? state.proposals.get(id) ?? undefined);
    },
    writable: () => {
      if (!stage) throw new Error('read-only transaction');
      return stage;
    },
  };
}

/** The heads of a staged transaction: the current revision of each skill. */
function headsTx({ state, stage, head, writable }: StagedView): Pick<StoreTx, 'head' | 'heads' | 'headPage' | 'activeCount' | 'headCount' | 'putHead'> {
  const keysOf = (ns: string): Set<string> => {
    const prefix = `${ns}\u0000`;
    return new Set([...state.heads.keys(), ...(stage?.heads.keys() ?? [])].filter((k) => k.startsWith(prefix)));
  };
  // The records themselves, uncopied and in name order: only what a read returns is copied.
  const sorted = (ns: string): HeadRecord[] => [...keysOf(ns)].map((k) => head(k) as HeadRecord).sort(byName);
  return {
    async head(ns, name) {
      const h = head(keyOf(ns, name));
      return h && structuredClone(h);
    },
    async heads(ns) {
      return sorted(ns).map((h) => structuredClone(h));
    },
    async headPage(ns, { after, limit }) {
      const all = sorted(ns);
      const from = after === undefined ? 0 : all.findIndex((h) => h.name > after);
      return from < 0 ? [] : all.slice(from, from + limit).map((h) => structuredClone(h));
    },
    activeCount: async (ns) => sorted(ns).filter((h) => h.state === 'active' && corruptHead(h) === undefined).length,
    headCount: async (ns) => keysOf(ns).size,
    async putHead(record) {
      writable().heads.set(keyOf(record.ns, record.name), structuredClone(record));
    },
  };
}

/** The revisions of a staged transaction, kept sorted by number. */
function revisionsTx({ revs, writable }: StagedView): Pick<StoreTx, 'revision' | 'revisions' | 'putRevision' | 'deleteRevisions'> {
  return {
    async revision(ns, name, revision) {
      const r = revs(keyOf(ns, name)).find((x) => x.revision === revision);
      return r && structuredClone(r);
    },
    async revisions(ns, name) {
      return structuredClone([...revs(keyOf(ns, name))]);
    },
    async putRevision(record) {
      const k = keyOf(record.ns, record.name);
      writable().revisions.set(
        k,
        [...revs(k).filter((r) => r.revision !== record.revision), structuredClone(record)].sort((a, b) => a.revision - b.revision),
      );
    },
    async deleteRevisions(ns, name) {
      writable().revisions.set(keyOf(ns, name), []);
    },
  };
}

/** The audit trail of a staged transaction, numbered in append order. */
function auditTx({ state, stage, writable }: StagedView): Pick<StoreTx, 'appendAudit' | 'audit' | 'auditCount'> {
  const entries = (): AuditRecord[] => [...state.audit, ...(stage?.audit ?? [])];
  return {
    async appendAudit(entry) {
      const s = writable();
      s.audit.push({ ...structuredClone(entry), seq: state.audit.length + s.audit.length + 1 });
    },
    async audit(ns, name) {
      return structuredClone(entries().filter((e) => e.ns === ns && (name === undefined || e.name === name)));
    },
    auditCount: async (ns, name) => entries().filter((e) => e.ns === ns && e.name === name).length,
  };
}

/** The proposals of a staged transaction. */
function proposalsTx({
  state,
  stage,
  proposal,
  writable,
}: StagedView): Pick<StoreTx, 'proposal' | 'proposals' | 'proposalCount' | 'putProposal' | 'deleteProposal'> {
  const pending = (ns: string): ProposalRecord[] => {
    const ids = new Set([...state.proposals.keys(), ...(stage?.proposals.keys() ?? [])]);
    return [...ids].map(proposal).filter((p): p is ProposalRecord => p !== undefined && p.ns === ns);
  };
  return {
    async proposal(id) {
      const p = proposal(id);
      return p && structuredClone(p);
    },
    async proposals(ns) {
      return structuredClone(pending(ns).sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id < b.id ? -1 : 1)));
    },
    proposalCount: async (ns) => pending(ns).length,
    async putProposal(record) {
      writable().proposals.set(record.id, structuredClone(record));
    },
    async deleteProposal(id) {
      // `null` rather than a delete, so the staged removal hides the committed record until the write applies.
      writable().proposals.set(id, null);
    },
  };
}

/** The usage log of a staged transaction; trimmed entries are hidden until the write applies. */
function usageTx({ state, stage, writable }: StagedView): Pick<StoreTx, 'appendUsage' | 'usage' | 'trimUsage'> {
  return {
    async appendUsage(record) {
      const s = writable();
      s.usage.push({ ...structuredClone(record), seq: ++s.usageSeq });
    },
    async usage(ns, name) {
      const all = [...state.usage, ...(stage?.usage ?? [])].filter((u) => !stage?.dropped.has(u.seq ?? 0));
      return structuredClone(all.filter((u) => u.ns === ns && (name === undefined || u.name === name)));
    },
    async trimUsage(ns, keep) {
      const s = writable();
      const live = [...state.usage, ...s.usage].filter((u) => u.ns === ns && !s.dropped.has(u.seq ?? 0));
      for (const u of live.slice(0, Math.max(0, live.length - keep))) s.dropped.add(u.seq ?? 0);
    },
  };
}

/** The learned examples of a staged transaction, in the order they were learned; deleted ones hidden until the write applies. */
function learnedTx({ state, stage, writable }: StagedView): Pick<StoreTx, 'learned' | 'addLearned' | 'deleteLearned'> {
  return {
    async learned(ns, name) {
      const all = [...state.learned, ...(stage?.learned ?? [])].filter((e) => !stage?.forgotten.has(e.seq ?? 0));
      return structuredClone(all.filter((e) => e.ns === ns && (name === undefined || e.name === name)));
    },
    async addLearned(record) {
      const s = writable();
      s.learned.push({ ...structuredClone(record), seq: ++s.learnedSeq });
    },
    async deleteLearned(seqs) {
      const s = writable();
      for (const seq of seqs) s.forgotten.add(seq);
    },
  };
}
