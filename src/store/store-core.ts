/**
 * What every method of a skill store shares: the backend and the store's
 * policy, and the helpers that wrap a transaction — failures named, the
 * mutability gate, the change event after a commit.
 * @module
 */
import { createDiagnostic, type Diagnostic } from '../format/diagnostics/diagnostic.js';
import { SkillError } from '../format/errors.js';
import { nameKey } from '../shared/names.js';
import { actorRecord } from './audit.js';
import { storeError } from './errors.js';
import { changeOf, createChangeEmitter, type ChangeEmitter } from './events.js';
import { builtinRefusal, gateOf, resolveMutability, type Gate } from './evolution/policy.js';
import { proposeChange, type Intended } from './evolution/proposals.js';
import { resolveStoreSafety, type ResolvedStoreSafety } from './evolution/safety-gate.js';
import { DEFAULT_USAGE_CAP } from './evolution/types.js';
import { usageCapOf } from './evolution/usage.js';
import { agentLimits, type ResolvedAgentLimits } from './growth.js';
import { withEvolution } from './history/capture.js';
import { checkNamespace, corruptHead, describeValue, MAX_REVISION, nsKey, type Backend, type HeadRecord, type StoreTx } from './records.js';
import type { WriteContext, WriteOutcome } from './revisions.js';
import type { Run } from './transfer.js';
import type { MutabilityPolicy, StoreChange, StoreOptions, WriteOptions, WriteResult } from './types.js';
import { storeLimits, type WriteRules } from './validate.js';

/** Options of `buildSkillStore`. */
export interface BuildOptions extends StoreOptions {
  /** Called with each committed local change (e.g. to tell other tabs). */
  readonly onLocalChange?: (change: StoreChange) => void;
}

/** The shared state and helpers the store's method groups are built over. */
export interface StoreCore {
  readonly backend: Backend;
  readonly onLocalChange: ((change: StoreChange) => void) | undefined;
  readonly limits: WriteRules;
  /** The bounds of an agent's own writes. */
  readonly agentLimits: ResolvedAgentLimits;
  /** Builtin names by identity (NFKC, case folded), so `PDF` cannot stand in for builtin `pdf`. */
  readonly reserved: Set<string>;
  /** The default policy for agent-made changes. */
  readonly mutability: MutabilityPolicy;
  /** Namespaces (by key) with a policy of their own: a surface's, set by `setMutability`. */
  readonly policies: Map<string, MutabilityPolicy>;
  /** The policy of the namespace of key `ns`: its own, else the default. */
  policyOf(ns: string): MutabilityPolicy;
  readonly usageCap: number;
  /** The safety gate: what the scanner's findings do to each place skills enter. */
  readonly safety: ResolvedStoreSafety;
  readonly emitter: ChangeEmitter;
  /** The corrupt heads the last listing of each namespace skipped, as diagnostics. */
  readonly problems: Map<string, Diagnostic[]>;
  /** Runs a backend job, turning its failures into store errors named by `what`. */
  readonly run: Run;
  context(namespace: readonly string[], o?: WriteOptions): WriteContext;
  refuseReserved(name: string, what?: string): void;
  /** An agent's change under `approval-gated`: kept as a proposal, no revision, no audit, no change event. */
  propose(ctx: WriteContext, intended: Intended): Promise<WriteResult>;
  gated(ctx: WriteContext, what: string): Gate;
  /** Runs one write transaction, then tells this connection and the others of the change it made, if any. */
  commit(namespace: readonly string[], what: string, write: (tx: StoreTx) => Promise<WriteOutcome>): Promise<WriteResult>;
  /** The namespace's heads that are neither purged nor corrupt; the corrupt ones land in `problems`. */
  liveHeads(namespace: readonly string[]): Promise<HeadRecord[]>;
  /** One page of the namespace's active, sound heads, reading only the records up to its end (see {@link ActivePage}). */
  activePage(namespace: readonly string[], page: ActivePage): Promise<HeadRecord[]>;
}

/**
 * A page of `search`: at most `limit` active heads after the name `after`, or, without `after`, after skipping
 * `offset` of them. The corrupt heads it comes across land in `problems`: they replace the namespace's when the page
 * starts at the first name, and are added to them when it continues after one (the next page of one listing).
 */
export interface ActivePage {
  readonly limit?: number | undefined;
  readonly offset?: number | undefined;
  readonly after?: string | undefined;
}

/** The core of a store over `backend`: options resolved, helpers bound. */
export function createStoreCore(backend: Backend, options: BuildOptions): StoreCore {
  // Resolved in this order so a store given several bad options names the same one first as it always has.
  const limits: WriteRules = { ...storeLimits(options.limits), profile: options.profile ?? 'runtime' };
  const bounds = agentLimits(options.limits);
  const reserved = new Set([...(options.reservedNames ?? [])].map(nameKey));
  const mutability = resolveMutability(options.mutability);
  const usageCap = usageCapOf(options.usageCap, DEFAULT_USAGE_CAP);
  const safety = resolveStoreSafety(options.safety);
  const emitter = createChangeEmitter();
  const policies = new Map<string, MutabilityPolicy>();
  const policyOf = (ns: string): MutabilityPolicy => policies.get(ns) ?? mutability;
  const problems = new Map<string, Diagnostic[]>();
  // Every write goes through here, so each accepted change reaches the evolution history, whichever method made it.
  backend = withEvolution(backend, options.evolution, policyOf, problems);
  const run = runAsStore;
  return {
    backend,
    onLocalChange: options.onLocalChange,
    limits,
    agentLimits: bounds,
    reserved,
    mutability,
    policies,
    policyOf,
    usageCap,
    safety,
    emitter,
    problems,
    run,
    context: (namespace, o = {}) => ({
      ns: nsKey(checkNamespace(namespace)),
      actor: actorRecord(o.actor),
      at: new Date().toISOString(),
      expectedRevision: checkExpectedRevision(o.expectedRevision),
      limits: bounds,
    }),
    refuseReserved: (name, what = 'write') => {
      if (reserved.has(nameKey(name))) throw builtinRefusal(name, what);
    },
    propose: async (ctx, intended) => {
      const { result } = await run(`proposal for "${intended.name}"`, () => backend.write((tx) => proposeChange(tx, ctx, intended)));
      return result;
    },
    gated: (ctx, what) => gateOf(policyOf(ctx.ns), ctx.actor, what),
    commit: async (namespace, what, write) => {
      const outcome = await run(what, () => backend.write(write));
      if (outcome.head) {
        const change = changeOf(outcome, namespace);
        options.onLocalChange?.(change);
        await emitter.emit(change);
      }
      return outcome.result;
    },
    liveHeads: (namespace) => liveHeadsOf(backend, run, problems, namespace),
    activePage: (namespace, page) => activePageOf(backend, run, problems, namespace, page),
  };
}

/** Runs one store job; whatever it throws comes out as the store's error for `what`. */
const runAsStore: Run = async (what, job) => {
  try {
    return await job();
  } catch (e) {
    throw storeError(e, what);
  }
};

/** `expectedRevision`, checked: absent, or a whole number from 0 (the skill must not exist yet) to the highest revision. */
function checkExpectedRevision(expected: unknown): number | undefined {
  if (expected === undefined) return undefined;
  if (typeof expected === 'number' && Number.isInteger(expected) && expected >= 0 && expected <= MAX_REVISION) return expected;
  // A text "1" would be compared with the number 1 and fail as a CONFLICT that says "at revision 1, not 1".
  throw new SkillError('INVALID_INPUT', `\`expectedRevision\` is a whole number from 0 to ${MAX_REVISION}, not ${describeValue(expected)}.`);
}

/** The live heads of a namespace; each corrupt one is skipped and recorded in `problems` as a diagnostic. */
async function liveHeadsOf(backend: Backend, run: Run, problems: Map<string, Diagnostic[]>, namespace: readonly string[]): Promise<HeadRecord[]> {
  const ns = nsKey(checkNamespace(namespace));
  const heads = await run('a read', () => backend.read((tx) => tx.heads(ns)));
  const found: Diagnostic[] = [];
  const sound = heads.filter((head) => {
    const reason = corruptHead(head);
    if (reason) found.push(corruptDiagnostic(namespace, head, reason));
    return reason === undefined && head.state !== 'purged';
  });
  problems.set(ns, found);
  return sound;
}

/** One page of active heads, read in pages of the backend's own from the first name (or `after`) to the page's end. */
async function activePageOf(
  backend: Backend,
  run: Run,
  problems: Map<string, Diagnostic[]>,
  namespace: readonly string[],
  page: ActivePage,
): Promise<HeadRecord[]> {
  const ns = nsKey(checkNamespace(namespace));
  const skip = page.after === undefined ? Math.max(0, page.offset ?? 0) : 0;
  const limit = page.limit === undefined ? Infinity : Math.max(0, page.limit);
  const found: Diagnostic[] = [];
  const out: HeadRecord[] = [];
  let skipped = 0;
  const take = (head: HeadRecord): void => {
    const reason = corruptHead(head);
    if (reason) found.push(corruptDiagnostic(namespace, head, reason));
    else if (head.state !== 'active' || out.length >= limit) return;
    else if (skipped < skip) skipped++;
    else out.push(head);
  };
  await run('a read', () =>
    backend.read(async (tx) => {
      // No limit: the whole namespace, in one read.
      if (limit === Infinity && page.after === undefined) return (await tx.heads(ns)).forEach(take);
      let after = page.after;
      while (out.length < limit) {
        // What the page still needs, as one read; archived or corrupt heads among them make it read on.
        const want = limit === Infinity ? 1000 : skip - skipped + limit - out.length;
        const heads = await tx.headPage(ns, { ...(after === undefined ? {} : { after }), limit: want });
        heads.forEach(take);
        if (heads.length < want) break;
        after = heads[heads.length - 1]?.name;
      }
    }),
  );
  problems.set(ns, page.after === undefined ? found : [...(problems.get(ns) ?? []), ...found]);
  return out;
}

function corruptDiagnostic(namespace: readonly string[], head: unknown, reason: string): Diagnostic {
  const where = `${namespace.join('/')}/${describeKey(head)}`;
  return createDiagnostic('source-error', 'runtime', `Stored skill \`${where}\` is corrupt and was skipped: ${reason}.`, where);
}

function describeKey(head: unknown): string {
  const name = typeof head === 'object' && head !== null ? (head as { name?: unknown }).name : undefined;
  return typeof name === 'string' ? name : '?';
}
