/**
 * Moving a whole namespace out of a store and into another: the archive
 * export, and the import that verifies it and writes it in one transaction.
 * @module
 */
import { SkillError } from '../format/errors.js';
import { actorRecord, auditRecord } from './audit.js';
import { archivedSkill, archiveDigest, ARCHIVE_FORMAT, parseArchive, readArchive, type SkillArchive } from './archive.js';
import { changeOf, type createChangeEmitter } from './events.js';
import { checkNamespace, corruptHead, nsKey, type Backend } from './records.js';
import type { Actor, StoreChange, WriteResult } from './types.js';
import { archivedUsageOf, usageRecordOf } from './evolution/usage.js';
import type { storeLimits } from './validate.js';

/** Runs a backend job, turning backend failures into store errors named by `what`. */
export type Run = <T>(what: string, job: () => Promise<T>) => Promise<T>;

/** Every live skill of a namespace, with its revisions and usage, as one archive whose digest covers them. */
export async function exportNamespace(backend: Backend, run: Run, namespace: readonly string[]): Promise<SkillArchive> {
  const ns = nsKey(checkNamespace(namespace));
  const { skills, usage } = await run('an export', () =>
    backend.read(async (tx) => {
      const heads = (await tx.heads(ns)).filter((h) => corruptHead(h) === undefined && h.state !== 'purged');
      return {
        skills: await Promise.all(heads.map(async (h) => archivedSkill(h, await tx.revisions(ns, h.name)))),
        usage: (await tx.usage(ns)).map(archivedUsageOf),
      };
    }),
  );
  const archive: SkillArchive = {
    format: ARCHIVE_FORMAT,
    version: 1,
    namespace: [...namespace],
    exportedAt: new Date().toISOString(),
    digest: archiveDigest(skills),
    skills,
    ...(usage.length === 0 ? {} : { usage }),
  };
  return archive;
}

/** What an import needs of the store it writes into. */
export interface ImportContext {
  readonly emitter: ReturnType<typeof createChangeEmitter>;
  readonly onLocalChange: ((change: StoreChange) => void) | undefined;
  readonly run: Run;
  readonly limits: ReturnType<typeof storeLimits>;
  readonly refuseReserved: (name: string) => void;
  readonly usageCap: number;
}

/** Writes a verified archive into a namespace where none of its skills exists yet; one transaction, then one event per skill. */
export async function importNamespace(
  backend: Backend,
  c: ImportContext,
  data: SkillArchive | string,
  o: { readonly namespace?: readonly string[]; readonly actor?: Actor },
): Promise<WriteResult[]> {
  const at = new Date().toISOString();
  const actor = actorRecord(o.actor);
  const archive = parseArchive(data);
  const target = o.namespace ?? archive.namespace;
  const ns = nsKey(checkNamespace(target));
  const skills = readArchive(archive, ns, c.limits, at);
  for (const s of skills) c.refuseReserved(s.head.name);
  // Checked before the write, so a malformed usage entry refuses the archive whole.
  const usage = (Array.isArray(archive.usage) ? archive.usage : []).map((u) => usageRecordOf(u, ns, at));
  await c.run('an import', () =>
    backend.write(async (tx) => {
      for (const { head } of skills) {
        const held = await tx.head(ns, head.name);
        if (held && held.state !== 'purged')
          throw new SkillError('CONFLICT', `Skill "${head.name}" already exists in the namespace; the archive was not imported.`);
      }
      for (const { head, revisions } of skills) {
        // A purged skill's revisions are gone already: clear any left before writing the archive's.
        await tx.deleteRevisions(ns, head.name);
        for (const r of revisions) await tx.putRevision(r);
        await tx.putHead(head);
        await tx.appendAudit(auditRecord({ ns, name: head.name, action: 'import', revision: head.revision, digest: head.digest, actor, at }));
      }
      for (const u of usage) await tx.appendUsage(u);
      if (usage.length > 0) await tx.trimUsage(ns, c.usageCap);
    }),
  );
  for (const { head } of skills) {
    const change = changeOf({ result: { name: head.name, revision: head.revision, digest: head.digest }, action: 'import', head }, target);
    c.onLocalChange?.(change);
    await c.emitter.emit(change);
  }
  return skills.map(({ head }) => ({ name: head.name, revision: head.revision, digest: head.digest }));
}
