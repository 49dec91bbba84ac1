/**
 * `skills/list` and `skills/get`. A page holds up to `pageSize` entries in
 * the order of their URIs, each whole (a skill's `resources` are never split
 * across pages); its cursor resumes after the last skill it looked at. Every
 * result carries `resultType: "complete"`, `ttlMs` and `cacheScope`.
 * @module
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { asMcp } from '../resource-handlers.js';
import { resultFields, type ResolvedExtensionOptions } from './capability.js';
import type { SkillsExtensionEntry } from './entries.js';
import { cursorAfter, cursorParam, invalidParams, paramsOf, uriParam } from './params.js';
import { GetSkillRequestSchema, ListSkillsRequestSchema } from './schemas.js';
import type { ServedEntries } from './served.js';

/** Answers `skills/list` and `skills/get` on `server` from `served`. */
export function handleSkillRequests(server: Server, served: ServedEntries, options: ResolvedExtensionOptions): void {
  server.setRequestHandler(ListSkillsRequestSchema, async (request) => {
    const after = cursorParam(paramsOf(request.params, 'skills/list'), 'skills/list');
    return { ...(await listPage(served, after, options.pageSize)), ...resultFields(options) };
  });
  server.setRequestHandler(GetSkillRequestSchema, async (request) => {
    const uri = uriParam(paramsOf(request.params, 'skills/get'), 'skills/get');
    const skill = served.skillAt(uri);
    if (skill === undefined) throw invalidParams(`skills/get: ${uri} is not the SKILL.md of a skill this server serves.`);
    const built = await asMcp(() => served.entryOf(skill));
    if ('withheld' in built) throw invalidParams(`skills/get: ${uri} is not served: ${built.withheld.message}`);
    return { skill: built.entry, ...resultFields(options) };
  });
}

/** The page after `after`: entries built a page's worth at a time, skipping withheld skills, until the page is full. */
async function listPage(served: ServedEntries, after: string | undefined, pageSize: number): Promise<{ skills: SkillsExtensionEntry[]; nextCursor?: string }> {
  const ordered = served.ordered();
  let next = after === undefined ? 0 : ordered.findIndex((p) => p.uri > after);
  if (next === -1) next = ordered.length;
  const skills: SkillsExtensionEntry[] = [];
  let last: string | undefined;
  while (skills.length < pageSize && next < ordered.length) {
    const batch = ordered.slice(next, next + (pageSize - skills.length));
    next += batch.length;
    // A skill whose files cannot be read now is left off this page (its build is tried again on the next call).
    const built = await Promise.all(batch.map((p) => served.entryOf(p.skill).catch(() => undefined)));
    for (const b of built) if (b !== undefined && 'entry' in b) skills.push(b.entry);
    last = batch[batch.length - 1]?.uri;
  }
  return next < ordered.length && last !== undefined ? { skills, nextCursor: cursorAfter(last) } : { skills };
}
