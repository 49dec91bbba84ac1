/**
 * Accepted changes caught where every store commits them: a {@link Backend}
 * whose write transactions are watched. Each audit entry a committed write
 * appended, paired with the head it wrote for that skill, is one accepted
 * change; a write that appends none (a proposal, a rejection, usage, learned
 * examples) mirrors nothing. So every store over the Backend seam — memory,
 * IndexedDB, PostgreSQL — mirrors alike, and nothing pending approval does.
 * @module
 */
import { createDiagnostic, type Diagnostic } from '../../format/diagnostics/diagnostic.js';
import { SkillError } from '../../format/errors.js';
import { SKILL_FILE } from '../../sources/inventory.js';
import { nsOf, type AuditRecord, type Backend, type HeadRecord, type StoreTx } from '../records.js';
import type { ChangeAction, MutabilityPolicy } from '../evolution/types.js';
import type { EvolutionChange, EvolutionMirror } from './types.js';

/** The actions that change a skill; an audit entry of any other (an ignored write) is never a commit. */
const CHANGES: ReadonlySet<string> = new Set<ChangeAction>(['put', 'rollback', 'archive', 'restore', 'purge', 'import']);

/** What one write transaction appended and put. */
interface Caught {
  readonly audit: AuditRecord[];
  /** The last head put per skill, by `ns` and name. */
  readonly heads: Map<string, HeadRecord>;
}

const keyOf = (ns: string, name: string): string => `${ns}\u0000${name}`;

/** `tx` with its audit appends and head puts noted in `caught`; every other call goes to `tx` as it is. */
function watchedTx(tx: StoreTx, caught: Caught): StoreTx {
  return new Proxy(tx, {
    get(target, key) {
      if (key === 'appendAudit') {
        return async (entry: AuditRecord) => {
          await target.appendAudit(entry);
          caught.audit.push(entry);
        };
      }
      if (key === 'putHead') {
        return async (head: HeadRecord) => {
          await target.putHead(head);
          caught.heads.set(keyOf(head.ns, head.name), head);
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The changes a committed write made, in the order its audit entries were appended. */
function changesOf(caught: Caught, policyOf: (ns: string) => MutabilityPolicy): EvolutionChange[] {
  const changes: EvolutionChange[] = [];
  for (const entry of caught.audit) {
    const head = caught.heads.get(keyOf(entry.ns, entry.name));
    // An audit entry that changed no head (a write that was ignored) is a fact, not a change of the skill.
    if (head === undefined || !CHANGES.has(entry.action)) continue;
    const files = head.state === 'purged' ? {} : { ...head.files, [SKILL_FILE]: head.text };
    changes.push({
      namespace: nsOf(entry.ns),
      name: entry.name,
      action: entry.action as ChangeAction,
      revision: entry.revision,
      ...(entry.digest === undefined || entry.digest === '' ? {} : { digest: entry.digest }),
      ...(entry.from === undefined ? {} : { from: entry.from }),
      actor: entry.actor,
      ...(entry.approvedBy === undefined ? {} : { approvedBy: entry.approvedBy }),
      at: entry.at,
      state: head.state,
      files,
      mutability: policyOf(entry.ns),
    });
  }
  return changes;
}

/**
 * `backend` with every committed change handed to `mirror`, in commit order, after the write has committed (a write
 * that fails hands nothing). `onFailure` hears each change the mirror could not record; the write never does.
 */
function mirroredBackend(
  backend: Backend,
  mirror: EvolutionMirror,
  policyOf: (ns: string) => MutabilityPolicy,
  onFailure: (change: EvolutionChange, error: unknown) => void,
): Backend {
  return {
    read: (fn) => backend.read(fn),
    async write(fn) {
      let caught: Caught = { audit: [], heads: new Map() };
      const result = await backend.write((tx) => {
        // A backend that runs the function again (a retried transaction) keeps only the last run's records.
        caught = { audit: [], heads: new Map() };
        return fn(watchedTx(tx, caught));
      });
      for (const change of changesOf(caught, policyOf)) {
        try {
          mirror.record(change, (error) => onFailure(change, error));
        } catch (error) {
          onFailure(change, error);
        }
      }
      return result;
    },
    storage: () => backend.storage(),
    close: () => backend.close(),
  };
}

/** Failures the store keeps reporting, newest last; older ones drop out past this many. */
export const MAX_EVOLUTION_FAILURES = 100;

/** The key of the mirror's failures among the store's problems (namespace keys are JSON arrays, so it meets none). */
export const EVOLUTION_PROBLEMS = 'evolution';

/**
 * The backend a store writes through: `backend` itself without a mirror, else `backend` with each accepted change
 * handed to `mirror`. A change the mirror could not record becomes an `evolution-commit-failed` warning in the
 * store's `diagnostics` (under {@link EVOLUTION_PROBLEMS} in `problems`, at most {@link MAX_EVOLUTION_FAILURES}).
 */
export function withEvolution(
  backend: Backend,
  mirror: EvolutionMirror | undefined,
  policyOf: (ns: string) => MutabilityPolicy,
  problems: Map<string, Diagnostic[]>,
): Backend {
  if (mirror === undefined) return backend;
  checkMirror(mirror);
  return mirroredBackend(backend, mirror, policyOf, (change, error) => {
    const where = `${change.namespace.join('/')}/${change.name}`;
    const why = error instanceof Error ? error.message : String(error);
    const failures = [...(problems.get(EVOLUTION_PROBLEMS) ?? []), createDiagnostic('evolution-commit-failed', 'runtime', why, where)];
    problems.set(EVOLUTION_PROBLEMS, failures.slice(-MAX_EVOLUTION_FAILURES));
  });
}

function checkMirror(mirror: EvolutionMirror): void {
  if (typeof mirror !== 'object' || mirror === null || typeof mirror.record !== 'function' || typeof mirror.settled !== 'function') {
    throw new SkillError('INVALID_INPUT', '`evolution` is a mirror with `record` and `settled`, such as `gitMirror({ fs, dir })` or `nodeGitMirror(dir)`.');
  }
}
