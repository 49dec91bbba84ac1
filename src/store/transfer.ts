/**
 * Moving a whole namespace out of a store and into another: the
 * namespace export, and the import that verifies it and writes it in one transaction.
 * @module
 */
import { createDiagnostic, type Diagnostic } from '../format/diagnostics/diagnostic.js';
import { SkillError } from '../format/errors.js';
import { actorRecord, auditRecord } from './audit.js';
import { digestOf, exportedSkill, EXPORT_FORMAT, readExport, type ImportedSkill, type NamespaceExport } from './export-document.js';
import { checkExport } from './export-shape.js';
import { changeOf, type createChangeEmitter } from './events.js';
import { checkAgentNewSkills, growthError, type GrowthContext, type ResolvedAgentLimits } from './growth.js';
import { checkNamespace, corruptHead, corruptRevision, nsKey, type Backend, type HeadRecord, type RevisionRecord, type StoreTx } from './records.js';
import type { Actor, ActorRecord, ExportedSkill, StoreChange, WriteResult } from './types.js';
import { proposeChange } from './evolution/proposals.js';
import { screenSkill, withFindings, type ResolvedGate, type Screened } from './evolution/safety-gate.js';
import type { WriteContext } from './revisions.js';
import { exportedUsageOf, usageRecordOf } from './evolution/usage.js';
import { exampleOf, importLearned, learnedRecordsOf } from './evolution/learned.js';
import type { storeLimits } from './validate.js';

/** Runs a backend job, turning backend failures into store errors named by `what`. */
export type Run = <T>(what: string, job: () => Promise<T>) => Promise<T>;

/**
 * Every live skill of a namespace, with its revisions, usage and learned examples, as one export whose digest covers
 * them. A corrupt record is never left out silently: each one lands in `problems` (the store's `diagnostics`), and a
 * skill whose head is corrupt is exported from its sound revisions.
 */
export async function readNamespaceExport(
  backend: Backend,
  run: Run,
  problems: Map<string, Diagnostic[]>,
  namespace: readonly string[],
): Promise<NamespaceExport> {
  const ns = nsKey(checkNamespace(namespace));
  const where = namespace.join('/');
  const found: Diagnostic[] = [];
  const { skills, usage, learned } = await run('an export', () =>
    backend.read(async (tx) => {
      const heads: unknown[] = await tx.heads(ns);
      const read = await Promise.all(heads.map(async (h) => exportableSkill(h, await revisionsOf(tx, ns, h), where, found)));
      const skills = read.filter((s): s is ExportedSkill => s !== undefined);
      return { skills, usage: (await tx.usage(ns)).map(exportedUsageOf), learned: (await tx.learned(ns)).map(exampleOf) };
    }),
  );
  problems.set(ns, found);
  // Version 3 only when there are learned examples: an export without any stays what older stores import.
  const body = {
    version: learned.length === 0 ? (2 as const) : (3 as const),
    skills,
    ...(usage.length === 0 ? {} : { usage }),
    ...(learned.length === 0 ? {} : { learned }),
  };
  return { format: EXPORT_FORMAT, namespace: [...namespace], exportedAt: new Date().toISOString(), digest: digestOf(body), ...body };
}

const nameOf = (head: unknown): string | undefined => {
  const name = typeof head === 'object' && head !== null ? (head as { name?: unknown }).name : undefined;
  return typeof name === 'string' && name !== '' ? name : undefined;
};

async function revisionsOf(tx: StoreTx, ns: string, head: unknown): Promise<unknown[]> {
  const name = nameOf(head);
  return name === undefined ? [] : tx.revisions(ns, name);
}

/** A stored skill as exported, from its sound revisions; what is corrupt is reported in `found`. */
function exportableSkill(head: unknown, revisions: unknown[], where: string, found: Diagnostic[]): ExportedSkill | undefined {
  const h = head as Partial<HeadRecord> | null;
  const name = nameOf(head);
  const reason = corruptHead(head);
  if (reason === undefined && h?.state === 'purged') return undefined;
  const report = (message: string): void =>
    void found.push(createDiagnostic('source-error', 'runtime', `Stored skill \`${where}/${name ?? '?'}\` ${message}.`, `${where}/${name ?? '?'}`));
  const sound = revisions.filter((r): r is RevisionRecord => {
    const why = corruptRevision(r);
    if (why) report(`has a corrupt revision (${why}), left out of the export`);
    return why === undefined;
  });
  if (name === undefined || sound.length === 0) {
    report(`is corrupt and was left out of the export: ${reason ?? 'none of its revisions is sound'}`);
    return undefined;
  }
  if (reason) report(`has a corrupt head (${reason}); it was exported from its ${sound.length} sound revisions`);
  const createdAt = typeof h?.createdAt === 'string' ? h.createdAt : (sound[0] as RevisionRecord).at;
  return exportedSkill({ name, state: h?.state === 'archived' ? 'archived' : 'active', createdAt }, sound);
}

/** What an import needs of the store it writes into. */
export interface ImportContext {
  readonly emitter: ReturnType<typeof createChangeEmitter>;
  readonly onLocalChange: ((change: StoreChange) => void) | undefined;
  readonly run: Run;
  readonly limits: ReturnType<typeof storeLimits>;
  readonly refuseReserved: (name: string) => void;
  readonly usageCap: number;
  readonly agentLimits: ResolvedAgentLimits;
  /** Refuses an agent's import into a namespace whose policy is not `autonomous`. */
  readonly gateImport?: (target: readonly string[]) => void;
  /** The safety gate of imports. */
  readonly safety: ResolvedGate;
}

/** Writes a verified export into a namespace where none of its skills exists yet; one transaction, then one event per skill. */
export async function writeNamespaceExport(
  backend: Backend,
  c: ImportContext,
  data: NamespaceExport | string,
  o: { readonly namespace?: readonly string[]; readonly actor?: Actor },
): Promise<WriteResult[]> {
  const at = new Date().toISOString();
  const actor = actorRecord(o.actor);
  // Every field's type first: the digest and the parse below only ever read what fits.
  const exported = checkExport(data);
  const target = o.namespace ?? exported.namespace;
  c.gateImport?.(target);
  const ns = nsKey(checkNamespace(target));
  const entries = exported.usage ?? [];
  if (entries.length > c.usageCap) {
    throw new SkillError(
      'LIMIT_EXCEEDED',
      `The export carries ${entries.length} usage entries; this store keeps at most ${c.usageCap} per namespace (usageCap). Open it with a usageCap of at least ${entries.length} to import them; nothing was written.`,
    );
  }
  const skills = readExport(exported, ns, c.limits, at);
  for (const s of skills) c.refuseReserved(s.head.name);
  // Every skill's newest revision scanned before the transaction: a refusal writes nothing.
  const screened = await Promise.all(skills.map((s) => screenSkill(c.safety, { skill: s.skill, text: s.head.text, files: s.head.files })));
  const usage = entries.map((u) => usageRecordOf(u, ns, at));
  const learned = learnedRecordsOf(exported.learned ?? [], ns);
  const results = await c.run('an import', () =>
    backend.write(async (tx) => {
      const fresh = await checkFree(tx, ns, skills);
      await checkAgentImport(tx, { ns, actor, limits: c.agentLimits }, skills, fresh);
      const written: WriteResult[] = [];
      for (const [i, imported] of skills.entries()) {
        const { findings, hold } = screened[i] as Screened;
        written.push(
          withFindings(
            hold ? await holdImported(tx, { ns, actor, at, limits: c.agentLimits }, imported, findings) : await writeImported(tx, imported, actor, at),
            findings,
          ),
        );
      }
      for (const u of usage) await tx.appendUsage(u);
      if (usage.length > 0) await tx.trimUsage(ns, c.usageCap);
      await importLearned(tx, learned);
      return written;
    }),
  );
  for (const [i, { head }] of skills.entries()) {
    if (results[i]?.proposal !== undefined) continue;
    const change = changeOf({ result: { name: head.name, revision: head.revision, digest: head.digest }, action: 'import', head }, target);
    c.onLocalChange?.(change);
    await c.emitter.emit(change);
  }
  return results;
}

/** One skill of an export written with its revisions, its head and the audit entry. */
async function writeImported(tx: StoreTx, { head, revisions }: ImportedSkill, actor: ActorRecord, at: string): Promise<WriteResult> {
  // A purged skill's revisions are gone already: clear any left before writing the export's.
  await tx.deleteRevisions(head.ns, head.name);
  for (const r of revisions) await tx.putRevision(r);
  await tx.putHead(head);
  await tx.appendAudit(auditRecord({ ns: head.ns, name: head.name, action: 'import', revision: head.revision, digest: head.digest, actor, at }));
  return { name: head.name, revision: head.revision, digest: head.digest };
}

/** A skill the gate holds: its newest revision as a proposal (its history stays in the export), nothing else written. */
async function holdImported(tx: StoreTx, ctx: WriteContext, { head }: ImportedSkill, findings: readonly Diagnostic[]): Promise<WriteResult> {
  const after = { text: head.text, files: head.files, digest: head.digest };
  return (await proposeChange(tx, ctx, { name: head.name, action: 'put', after, findings })).result;
}

/** `CONFLICT` when a skill of the export exists in the namespace; else how many of them have no record there at all. */
async function checkFree(tx: StoreTx, ns: string, skills: readonly ImportedSkill[]): Promise<number> {
  let fresh = 0;
  for (const { head } of skills) {
    const held = await tx.head(ns, head.name);
    if (held && held.state !== 'purged') throw new SkillError('CONFLICT', `Skill "${head.name}" already exists in the namespace; the export was not imported.`);
    if (!held) fresh++;
  }
  return fresh;
}

/** An agent's import may bring no more than its writes could: skills, changes and history bytes within its bounds. */
async function checkAgentImport(tx: StoreTx, ctx: GrowthContext, skills: readonly ImportedSkill[], fresh: number): Promise<void> {
  if (ctx.actor.kind !== 'agent') return;
  await checkAgentNewSkills(tx, ctx, fresh, skills[0]?.head.name ?? '');
  const { maxAgentChangesPerSkill: changes, maxAgentHistoryBytesPerSkill: bytes } = ctx.limits;
  for (const { head, revisions } of skills) {
    if (revisions.length > changes)
      throw growthError(
        'maxAgentChangesPerSkill',
        `Skill "${head.name}" brings ${revisions.length} revisions; an agent may bring at most ${changes}`,
        head.name,
      );
    if ((head.historyBytes ?? 0) > bytes)
      throw growthError(
        'maxAgentHistoryBytesPerSkill',
        `Skill "${head.name}" brings ${head.historyBytes} bytes of history; an agent may bring at most ${bytes}`,
        head.name,
      );
  }
}
