/**
 * Writes to a checked-in skill, resolved without a change: the MD-first
 * seed's "Checked-in SKILL.md and companion resources are read-only at
 * runtime. Edits are ignored … and reported as skill.resource_write_ignored".
 * The store appends the audit entry and hands back the warning; the write
 * tools call it for a builtin skill's resource (unless told to refuse).
 * @module
 */
import { createDiagnostic } from '../../format/diagnostics/diagnostic.js';
import { SkillError } from '../../format/errors.js';
import { nameKey } from '../../shared/names.js';
import { unsafePathReason } from '../../shared/paths.js';
import { auditRecord } from '../audit.js';
import { checkAgentChanges } from '../growth.js';
import { checkName } from '../records.js';
import type { StoreCore } from '../store-core.js';
import type { IgnoredWrite, SkillStore } from '../types.js';

/** The audit action of an ignored write, as the seed names it. */
export const RESOURCE_WRITE_IGNORED = 'skill.resource_write_ignored';

/** `recordIgnoredWrite` over a store's core. */
export function ignoredWrites({ context, reserved, run, backend, limits }: StoreCore): Pick<SkillStore, 'recordIgnoredWrite'> {
  return {
    async recordIgnoredWrite(namespace, name, path, o = {}): Promise<IgnoredWrite> {
      const ctx = context(namespace, o.actor === undefined ? {} : { actor: o.actor });
      checkName(name);
      if (typeof path !== 'string' || path === '') throw new SkillError('INVALID_INPUT', 'The path of an ignored write is a non-empty text.');
      const unsafe = unsafePathReason(path, limits.maxNesting);
      if (unsafe !== undefined) throw new SkillError('UNSAFE_PATH', `\`${path}\`: ${unsafe}`, { path });
      if (!reserved.has(nameKey(name))) {
        throw new SkillError('INVALID_INPUT', `"${name}" is not a builtin skill: a write to it is a change, not an ignored write; write it with put.`);
      }
      const head = await run(`the ignored write to "${name}"`, () =>
        backend.write(async (tx) => {
          // An agent that keeps writing a checked-in skill grows the audit log: bounded like its changes.
          await checkAgentChanges(tx, ctx, name);
          const stored = await tx.head(ctx.ns, name);
          const live = stored && stored.state !== 'purged' ? stored : undefined;
          await tx.appendAudit(
            auditRecord({ ns: ctx.ns, name, action: RESOURCE_WRITE_IGNORED, revision: live?.revision ?? 0, path, actor: ctx.actor, at: ctx.at }),
          );
          return live;
        }),
      );
      const message = `"${name}" is a builtin (checked-in) skill, read-only at runtime: the write to \`${path}\` was ignored and nothing changed. Change it in source and redeploy.`;
      return {
        name,
        path,
        revision: head?.revision ?? 0,
        digest: head?.digest ?? '',
        ignored: true,
        diagnostics: [createDiagnostic('resource-write-ignored', 'runtime', message, `${name}/${path}`)],
      };
    },
  };
}
