/**
 * What routing reads of a skill's body: its headings, its first paragraph
 * and the names of its reference files. The body says what a skill does in
 * the words of its author, and skills whose description is terse often name
 * their task in a heading ("## Merge PDFs") or a file (`forms.md`). The rest
 * of the body is instructions for the model, not a description of when to
 * use the skill, and would only add chance overlap.
 * @module
 */
import type { Skill } from '../format/types.js';

/** Most characters of the body's first paragraph read, and of the whole text routing keeps of a body. */
const MAX_PARAGRAPH_CHARS = 600;
const MAX_BODY_TEXT_CHARS = 2000;

const HEADING = /^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * The routing text of a body: each ATX heading's text, then the first
 * paragraph that is prose (not a heading, list, table, quote, fence or HTML),
 * one per line, capped; code blocks are skipped.
 */
export function bodyRoutingText(content: string): string {
  const headings: string[] = [];
  let paragraph: string[] | undefined;
  let done = false;
  // The open fence's run (```` ``` ````, `~~~~`): only a run of the same character, at least as long, closes it.
  let fence: string | undefined;
  for (const line of content.split(/\r\n?|\n/)) {
    const run = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      if (run !== undefined && run[0] === fence[0] && run.length >= fence.length && line.trim() === run) fence = undefined;
      continue;
    }
    if (run !== undefined) {
      fence = run;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      headings.push(heading[1] as string);
      if (paragraph) done = true;
      continue;
    }
    if (done) continue;
    if (line.trim() === '') {
      if (paragraph) done = true;
      continue;
    }
    // Lists, quotes, tables, HTML and indented code are not the prose paragraph (setext headings are read as prose).
    if (!paragraph && /^(\s*([-*+>|<]|\d+[.)]\s)| {4}|\t)/.test(line)) continue;
    (paragraph ??= []).push(line.trim());
  }
  const first = (paragraph ?? []).join(' ').slice(0, MAX_PARAGRAPH_CHARS);
  return [...headings, first]
    .filter((t) => t !== '')
    .join('\n')
    .slice(0, MAX_BODY_TEXT_CHARS);
}

/** The names of a skill's files under `references/` (or any other folder), without folder or extension: `forms.md` → `forms`. */
export function fileRoutingNames(skill: Pick<Skill, 'files'>): string[] {
  const names = new Set<string>();
  for (const file of skill.files) {
    // A skill's evals (`evals/eval_queries.json`, the Agent Skills guide's trigger evals) test it; they do not describe it.
    if (file.path.startsWith('evals/')) continue;
    const base = file.path.split('/').pop() ?? '';
    const stem = base.replace(/\.[^.]+$/, '');
    // LICENSE, README and the like say nothing about the task.
    if (stem !== '' && !/^(license|readme|changelog|notice|index)$/i.test(stem)) names.add(stem);
  }
  return [...names].slice(0, 50);
}

/** Everything routing reads of a skill's body and files, one item per line. */
export function bodyTextOf(skill: Pick<Skill, 'content' | 'files'>): string {
  return [bodyRoutingText(skill.content), ...fileRoutingNames(skill)].filter((t) => t !== '').join('\n');
}
