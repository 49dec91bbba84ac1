/**
 * Structured bodies: `metadata.body-format: structured` composes the body
 * from the seven known `sections/` files, in a fixed order, headings demoted
 * one level, under a generated level-1 heading.
 * @module
 */

/** The section files a structured skill may have, in body order. */
export const SECTION_FILES = [
  'purpose.md',
  'inputs-outputs.md',
  'constraints.md',
  'workflow.md',
  'decision-criteria.md',
  'examples.md',
  'anti-patterns.md',
] as const;

/** One of {@link SECTION_FILES}. */
export type SectionFile = (typeof SECTION_FILES)[number];

/** True when `file` (a name inside `sections/`) is one of the seven sections. */
export function isSectionFile(file: string): file is SectionFile {
  return (SECTION_FILES as readonly string[]).includes(file);
}

/**
 * Composes a structured body: `# <title>`, then each present section in
 * order with its ATX headings one level deeper (`#` → `##`, never past six),
 * code fences left alone.
 */
export function composeStructuredBody(title: string, sections: ReadonlyMap<string, string>): string {
  const parts = [`# ${title}`];
  for (const file of SECTION_FILES) {
    const text = sections.get(file);
    if (text === undefined || text.trim() === '') continue;
    parts.push(demoteHeadings(text.trim()));
  }
  return parts.join('\n\n');
}

/** Adds one `#` to every ATX heading outside fenced code blocks. */
export function demoteHeadings(markdown: string): string {
  let fence: string | undefined;
  return markdown
    .split('\n')
    .map((line) => {
      const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (marker) {
        if (fence === undefined) fence = marker;
        else if (marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
        return line;
      }
      if (fence !== undefined) return line;
      return /^ {0,3}#{1,5}(?:[ \t]|$)/.test(line) ? line.replace('#', '##') : line;
    })
    .join('\n');
}
