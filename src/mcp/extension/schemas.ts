/**
 * The extension's three requests as the SDK's low-level `setRequestHandler`
 * takes them: a zod object whose `method` is a literal. `params` is taken
 * as sent and checked by the handler, so a malformed one is answered
 * `-32602` (Invalid params), not the `-32603` a failed schema would give.
 * @module
 */
import * as z from 'zod/v4';

/** `skills/list`, with an optional `cursor`. */
export const ListSkillsRequestSchema = z.object({ method: z.literal('skills/list'), params: z.unknown().optional() });

/** `skills/get`, with the `uri` of a skill's SKILL.md. */
export const GetSkillRequestSchema = z.object({ method: z.literal('skills/get'), params: z.unknown().optional() });

/** `resources/directory/read`, with a directory `uri` and an optional `cursor`. */
export const ReadDirectoryRequestSchema = z.object({ method: z.literal('resources/directory/read'), params: z.unknown().optional() });
