/**
 * Mentions: `/name` or `$name` in a turn call a skill by name, with the rest
 * of the line as its arguments; search routes the turn without them.
 * @module
 */
import type { Skill } from '../format/types.js';

/** A `/name` or `$name` mention found in a text. */
export interface Mention {
  /** The skill name as written. */
  readonly name: string;
  /** The rest of the line after the mention, up to the next mention of a skill, trimmed. */
  readonly arguments: string;
  /** Where the mention starts in the text (UTF-16 offset). */
  readonly start: number;
  /** Where its arguments end in the text (UTF-16 offset, exclusive). */
  readonly end: number;
}

// `/name` or `$name` at the start of a line or after white space or an opening bracket or quote:
// never inside a path or a URL (`a/b`, `http://x/name`).
const MENTION = /(?<=^|[\s([{"'`])[/$]([\p{L}\p{N}][\p{L}\p{N}_.:-]*)/gmu;

/** The mentions of known skills in `text`, in order, each name once. */
export function findMentions(text: string, isSkill: (name: string) => boolean): Mention[] {
  const found: { name: string; start: number; end: number }[] = [];
  for (const m of text.matchAll(MENTION)) {
    // Sentence punctuation after a name (`use /pdf.`) is not part of it.
    const name = [m[1] as string, (m[1] as string).replace(/[.:]+$/, '')].find(isSkill);
    if (name) found.push({ name, start: m.index, end: m.index + m[0].length });
  }
  const seen = new Set<string>();
  const out: Mention[] = [];
  found.forEach((f, i) => {
    if (seen.has(f.name)) return;
    seen.add(f.name);
    const lineEnd = text.indexOf('\n', f.end);
    const next = found[i + 1]?.start ?? Infinity;
    const end = Math.min(lineEnd < 0 ? text.length : lineEnd, next);
    out.push({ name: f.name, arguments: text.slice(f.end, end).trim(), start: f.start, end });
  });
  return out;
}

/** The text of a turn that search routes: without its mentions, whose arguments are input for that skill. */
export function searchTextOf(turn: string | { readonly text?: string }, context: { readonly getByName: (name: string) => Skill | undefined }): string {
  const text = (typeof turn === 'string' ? turn : turn.text) ?? '';
  return withoutMentions(
    text,
    findMentions(text, (name) => mentionable(context.getByName(name))),
  );
}

/** `text` with each mention (and its arguments) cut out. */
export function withoutMentions(text: string, mentions: readonly Mention[]): string {
  return mentions.reduceRight((t, m) => t.slice(0, m.start) + t.slice(m.end), text);
}

/** True for a skill a user may call by name. */
export function mentionable(skill: Skill | undefined): boolean {
  return skill !== undefined && skill.userInvocable !== false;
}
