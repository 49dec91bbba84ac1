/**
 * Satchel demo: the SKILL.md texts of the validator's example menu.
 */

/** The example shown when the page opens: a valid skill. */
export const SAMPLE = `---
name: pdf-processing
description: Extract text and tables from PDF files, fill PDF forms and merge documents. Use when the user works with PDF files or mentions forms, tables or document extraction.
license: Apache-2.0
metadata:
  author: example-org
  version: "1.0"
---

# PDF processing

## When to use this skill

Use this skill when the user needs to read, fill or combine PDF documents.

## Steps

1. Extract the text with \`scripts/extract.py\` and read it.
2. For forms, list the fields first, then fill them one by one.
3. Merge documents in the order the user gave.

See [the reference guide](references/REFERENCE.md) for edge cases.
`;

/** One entry of the example menu: a SKILL.md text and the folder it is checked in. */
export interface Example {
  /** Value of its menu option. */
  readonly id: string;
  /** Text of its menu option. */
  readonly label: string;
  /** Folder name the text is checked against. */
  readonly folder: string;
  /** The SKILL.md text. */
  readonly text: string;
}

/** The example menu: a valid skill, then one example of each kind of problem. */
export const EXAMPLES: readonly Example[] = [
  { id: 'valid', label: 'Valid skill', folder: 'pdf-processing', text: SAMPLE },
  {
    id: 'unquoted-colon',
    label: 'Unquoted colon in a value',
    folder: 'release-notes',
    text: `---
name: release-notes
description: Use when: the user asks for release notes or a changelog entry
---

# Release notes

Collect the merged changes since the last tag and group them by kind.
`,
  },
  {
    id: 'missing-frontmatter',
    label: 'No front matter',
    folder: 'notes',
    text: `# Notes

This file has no YAML front matter, so it is not a skill.
`,
  },
  {
    id: 'name-mismatch',
    label: 'Name differs from folder',
    folder: 'data-cleanup',
    text: `---
name: Data_Cleanup
description: Clean tabular data. Use when the user uploads a CSV with missing or inconsistent values.
---

Remove empty rows, normalize dates to ISO 8601 and report what changed.
`,
  },
  {
    id: 'extensions',
    label: 'Satchel extension fields',
    folder: 'triage-bug',
    text: `---
name: triage-bug
description: Triage a bug report into severity, component and next step. Use when the user reports a bug.
intents: [bug_report, crash_report]
examples:
  - the app crashes when I upload a file
  - login button does nothing
activation: intent-matched
---

# Bug triage

Ask for steps to reproduce, expected and actual behaviour, then classify.
`,
  },
];
