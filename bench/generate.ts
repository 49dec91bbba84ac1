/**
 * Deterministic generator of realistic SKILL.md texts for benchmarks.
 *
 * Same seed, same options: byte-for-byte the same skills, on every machine
 * (a seeded PRNG, never `Math.random`). Pure and isomorphic: it returns
 * text, and a loader bench writes it wherever it likes, e.g.
 *
 * ```ts
 * for (const skill of generateSkills(500, { references: { rate: 0.4 } }))
 *   for (const f of skillFiles(skill)) await writeFile(join(root, skill.folder, f.path), f.content)
 * ```
 * @module
 */

/** A small, fast, seedable PRNG (mulberry32). Returns floats in [0, 1). */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Options of {@link generateSkills}. */
export interface GenerateOptions {
  /** PRNG seed (default `0x5a7c4e1`). */
  seed?: number;
  /** Smallest SKILL.md in UTF-8 bytes (default 1024). */
  minBytes?: number;
  /** Largest SKILL.md in UTF-8 bytes (default 4096). Sizes are uniform in [minBytes, maxBytes]. */
  maxBytes?: number;
  /**
   * Resource files besides SKILL.md. Off by default. With it, a share
   * `rate` of the skills get `min`–`max` files under `references/` (and
   * sometimes one under `scripts/`), each `minBytes`–`maxBytes` long, and
   * the body links to them.
   */
  references?: ReferenceOptions;
}

/** Resource file options of {@link GenerateOptions.references}. */
export interface ReferenceOptions {
  /** Share of skills with resource files, 0–1 (default 0.3). */
  rate?: number;
  /** Fewest files for a skill that has any (default 1). */
  min?: number;
  /** Most files for a skill that has any (default 4). */
  max?: number;
  /** Smallest file in bytes (default 512). */
  minBytes?: number;
  /** Largest file in bytes (default 8192). */
  maxBytes?: number;
}

/** A resource file of a generated skill, relative to its folder. */
export interface GeneratedFile {
  /** `/`-separated path, e.g. `references/api.md`. */
  readonly path: string;
  readonly content: string;
}

/** One generated skill. */
export interface GeneratedSkill {
  /** Folder name, equal to the front matter `name`. */
  readonly folder: string;
  /** The whole SKILL.md. */
  readonly text: string;
  /** UTF-8 size of `text`. */
  readonly bytes: number;
  /** The front matter YAML exactly as written between the `---` lines (with its final newline). */
  readonly frontmatter: string;
  /** Resource files besides SKILL.md (empty unless `references` is set). */
  readonly files: readonly GeneratedFile[];
}

const encoder = new TextEncoder();
const byteLength = (s: string): number => encoder.encode(s).byteLength;

const VERBS = [
  'process',
  'analyze',
  'review',
  'generate',
  'convert',
  'deploy',
  'test',
  'debug',
  'format',
  'extract',
  'summarize',
  'migrate',
  'audit',
  'profile',
  'index',
  'render',
  'validate',
  'translate',
  'monitor',
  'plan',
];
const NOUNS = [
  'pdf',
  'spreadsheet',
  'pull-request',
  'changelog',
  'database',
  'api',
  'dashboard',
  'invoice',
  'image',
  'log',
  'schema',
  'terraform',
  'docker',
  'release',
  'notebook',
  'slides',
  'report',
  'dataset',
  'frontend',
  'incident',
];
const TOPICS = [
  'PDF documents',
  'Excel workbooks',
  'GitHub pull requests',
  'release notes',
  'PostgreSQL schemas',
  'REST APIs',
  'React components',
  'Docker images',
  'CI pipelines',
  'log files',
  'CSV datasets',
  'Terraform plans',
  'Jupyter notebooks',
  'slide decks',
  'incident reports',
  'OpenAPI specs',
  'SQL queries',
  'Kubernetes manifests',
  'web pages',
  'invoices',
];
const WORDS = (
  'the a an this each every file files document output input data table tables row rows column columns field fields value values ' +
  'user request task step steps result results error errors check checks rule rules script scripts tool tools command commands option options ' +
  'use run read write parse convert extract merge split validate review create update remove keep return report compare format render ' +
  'when before after while if unless only always never first then next finally also instead carefully quickly safely exactly ' +
  'clear small large empty valid invalid local remote existing new current previous structured plain readable stable ' +
  'with from into for to of in on by as at over under between through without'
).split(' ');
const TOOLS = [
  'Read',
  'Write',
  'Edit',
  'Grep',
  'Glob',
  'Bash',
  'Bash(git:*)',
  'Bash(npm run:*)',
  'Bash(python3:*)',
  'WebFetch',
  'WebSearch',
  'Bash(gh pr view:*)',
  'NotebookEdit',
  'Task',
];
const LICENSES = ['MIT', 'Apache-2.0', 'Proprietary. LICENSE.txt has complete terms', 'BSD-3-Clause', 'CC-BY-4.0'];
const AUTHORS = ['example-org', 'jane.doe@example.com', 'platform-team', 'anthropic', 'data-eng', 'Zoë Müller'];
const LANGS = ['bash', 'python', 'ts', 'json', 'yaml', 'sql'];
const HEADINGS = [
  'Overview',
  'Quick start',
  'Instructions',
  'Workflow',
  'Examples',
  'Guidelines',
  'Edge cases',
  'Troubleshooting',
  'Output format',
  'Validation',
  'Best practices',
  'Common mistakes',
  'Reference',
  'Checklist',
];
const CODE: Record<string, readonly string[]> = {
  bash: [
    'npm run build',
    'git diff --stat origin/main...HEAD',
    'python3 scripts/extract.py input.pdf --out result.json',
    "jq '.items[] | select(.ok)' report.json",
    'ls -la references/',
  ],
  python: [
    'import json',
    'from pathlib import Path',
    'data = json.loads(Path("input.json").read_text())',
    'for row in data["rows"]:',
    '    print(row["id"], row.get("name", ""))',
    'result = {"ok": True, "count": len(data)}',
  ],
  ts: [
    'import { readFile } from "node:fs/promises";',
    'const text = await readFile(path, "utf8");',
    'export function check(value: unknown): boolean {',
    '  return typeof value === "string" && value.length > 0;',
    '}',
  ],
  json: ['{', '  "name": "example",', '  "version": "1.0.0",', '  "items": [1, 2, 3]', '}'],
  yaml: ['steps:', '  - name: build', '    run: npm ci && npm run build', '  - name: test', '    run: npm test'],
  sql: ['SELECT id, name, created_at', 'FROM events', "WHERE created_at > now() - interval '7 days'", 'ORDER BY created_at DESC;'],
};
const INTENTS = [
  'summarize-document',
  'extract-tables',
  'review-code',
  'fix-bug',
  'write-tests',
  'deploy-service',
  'analyze-data',
  'draft-email',
  'translate-text',
  'create-chart',
];
const EXAMPLES = [
  'Summarize this PDF in five bullet points',
  'Extract every table from report.pdf into CSV',
  'Review my pull request for security issues',
  'Why does this test fail on CI?',
  'Turn this spreadsheet into a bar chart',
  'Draft release notes for v2.3',
  'Convert these slides to Markdown',
  'Find slow queries in this log',
];

/** Generates `count` SKILL.md texts, each `minBytes`–`maxBytes` (default 1–4 KB) long. */
export function generateSkills(count: number, options: GenerateOptions = {}): GeneratedSkill[] {
  const random = createRandom(options.seed ?? 0x5a7c4e1);
  const min = options.minBytes ?? 1024;
  const max = options.maxBytes ?? 4096;
  const skills: GeneratedSkill[] = [];
  for (let i = 0; i < count; i++) skills.push(generateOne(new Gen(random), i, min, max, options.references));
  return skills;
}

/** Every file of a generated skill relative to the skills root: `folder/SKILL.md` first, then its resources. */
export function skillFiles(skill: GeneratedSkill): GeneratedFile[] {
  return [{ path: `${skill.folder}/SKILL.md`, content: skill.text }, ...skill.files.map((f) => ({ path: `${skill.folder}/${f.path}`, content: f.content }))];
}

/** Returns the YAML between the first two `---` lines of a SKILL.md (LF line ends), or undefined. */
export function extractFrontmatter(text: string): string | undefined {
  if (!text.startsWith('---\n')) return undefined;
  const end = text.indexOf('\n---\n', 3);
  return end < 0 ? undefined : text.slice(4, end + 1);
}

class Gen {
  constructor(readonly random: () => number) {}
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.random() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.random() < p;
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)] as T;
  }
  some<T>(list: readonly T[], lo: number, hi: number): T[] {
    const pool = [...list];
    const out: T[] = [];
    for (let n = this.int(lo, Math.min(hi, pool.length)); n > 0; n--) out.push(pool.splice(Math.floor(this.random() * pool.length), 1)[0] as T);
    return out;
  }
  /** A sentence of roughly `lo`–`hi` words, capitalized, with a final period. */
  sentence(lo = 6, hi = 16): string {
    const words: string[] = [];
    for (let n = this.int(lo, hi); n > 0; n--) words.push(this.pick(WORDS));
    if (this.chance(0.3)) words.splice(this.int(1, words.length - 1), 0, this.pick(TOPICS));
    const s = words.join(' ');
    return `${s[0]?.toUpperCase() ?? ''}${s.slice(1)}.`;
  }
  /** Text of exactly `length` characters (ASCII, no colons or quotes), from sentences. */
  textOf(length: number): string {
    let s = '';
    while (s.length < length) s += (s ? ' ' : '') + this.sentence();
    s = s.slice(0, length).trimEnd();
    while (s.length < length) s += '.';
    return s;
  }
}

function generateOne(g: Gen, index: number, minBytes: number, maxBytes: number, refOptions: ReferenceOptions | undefined): GeneratedSkill {
  const target = g.int(minBytes, maxBytes);
  const folder = `${g.pick(VERBS)}-${g.pick(NOUNS)}-${index.toString(36)}`;
  const files = refOptions ? resourceFiles(g, refOptions) : [];
  // The front matter may use at most ~60 % of the file, so every body has some substance.
  const budget = Math.floor(target * 0.6);
  let frontmatter = '';
  for (let attempt = 0; attempt < 8; attempt++) {
    frontmatter = frontmatterOf(g, folder, budget, attempt);
    if (byteLength(frontmatter) <= budget) break;
  }
  const head = `---\n${frontmatter}---\n\n`;
  const body = bodyOf(g, folder, target - byteLength(head), files);
  const text = head + body;
  return { folder, text, bytes: byteLength(text), frontmatter, files };
}

function frontmatterOf(g: Gen, name: string, budget: number, attempt: number): string {
  const lines: string[] = [`name: ${name}`];
  // Shrink the description on retries so a small target still fits.
  const descMax = Math.max(100, Math.min(600, budget - 120) >> attempt);
  const length = g.int(100, descMax);
  const description = `${g.pick(['Processes', 'Reviews', 'Generates', 'Analyzes', 'Converts', 'Validates'])} ${g.pick(TOPICS)}. Use when ${g.textOf(length)}`
    .slice(0, length)
    .trimEnd();
  const style = g.random();
  if (style < 0.5) lines.push(`description: ${description}`);
  else if (style < 0.75) lines.push(`description: "${description}"`);
  else lines.push('description: >-', ...wrap(description, 78).map((l) => `  ${l}`));
  const optional = attempt < 3;
  if (g.chance(0.4)) lines.push(`license: ${g.pick(LICENSES)}`);
  if (optional && g.chance(0.15)) lines.push(`compatibility: Requires ${g.pick(['Python 3.10+', 'Node.js 20+', 'git and gh', 'network access'])}`);
  if (g.chance(0.85)) {
    lines.push('metadata:', `  author: ${g.pick(AUTHORS)}`, `  version: "${g.int(0, 3)}.${g.int(0, 12)}${g.chance(0.5) ? `.${g.int(0, 9)}` : ''}"`);
    if (optional && g.chance(0.3)) {
      // Tags as a flow list (common, though the spec wants text values: a warning) or as one text value.
      const tags = g.some(NOUNS, 1, 4);
      lines.push(g.chance(0.5) ? `  tags: [${tags.join(', ')}]` : `  tags: ${tags.join(', ')}`);
    }
    if (optional && g.chance(0.2)) lines.push(`  category: ${g.pick(['documents', 'engineering', 'data', 'ops'])}`);
  }
  if (g.chance(0.7)) {
    const tools = g.some(TOOLS, 1, 5);
    if (g.chance(0.75)) lines.push(`allowed-tools: ${tools.join(' ')}`);
    else lines.push('allowed-tools:', ...tools.map((t) => `  - ${t}`));
  }
  if (optional && g.chance(0.25)) lines.push(`version: ${g.int(0, 3)}.${g.int(0, 12)}.${g.int(0, 9)}`);
  if (optional && g.chance(0.25)) lines.push('intents:', ...g.some(INTENTS, 1, 3).map((t) => `  - ${t}`));
  if (optional && g.chance(0.2)) lines.push('examples:', ...g.some(EXAMPLES, 1, 3).map((t) => `  - "${t}"`));
  return `${lines.join('\n')}\n`;
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function resourceFiles(g: Gen, o: ReferenceOptions): GeneratedFile[] {
  if (!g.chance(o.rate ?? 0.3)) return [];
  const files: GeneratedFile[] = [];
  const names = g.some(['api', 'guide', 'forms', 'examples', 'schema', 'troubleshooting', 'style', 'glossary'], o.min ?? 1, o.max ?? 4);
  for (const name of names) {
    const size = g.int(o.minBytes ?? 512, o.maxBytes ?? 8192);
    files.push({ path: `references/${name}.md`, content: markdown(g, `# ${name[0]?.toUpperCase()}${name.slice(1)}\n\n`, size, []) });
  }
  if (g.chance(0.3)) {
    const lines = [...(CODE['python'] ?? [])];
    files.push({ path: 'scripts/run.py', content: `#!/usr/bin/env python3\n${lines.join('\n')}\n` });
  }
  return files;
}

function bodyOf(g: Gen, name: string, bytes: number, files: readonly GeneratedFile[]): string {
  const title = name
    .split('-')
    .slice(0, -1)
    .map((w) => `${w[0]?.toUpperCase()}${w.slice(1)}`)
    .join(' ');
  return markdown(g, `# ${title}\n\n`, bytes, files);
}

/** Markdown of exactly `bytes` UTF-8 bytes, starting with `start`, ending with a newline. */
function markdown(g: Gen, start: string, bytes: number, links: readonly GeneratedFile[]): string {
  const blocks: string[] = [start.trimEnd()];
  let size = byteLength(start);
  const add = (block: string): boolean => {
    const extra = byteLength(block) + 2; // blank line before it
    if (size + extra > bytes - 40) return false;
    blocks.push(block);
    size += extra;
    return true;
  };
  add(g.textOf(g.int(80, 240)));
  for (const f of links) add(`See [${f.path}](${f.path}) for ${g.sentence(3, 8).toLowerCase()}`);
  for (let tries = 0; tries < 60; tries++) {
    const kind = g.random();
    let block: string;
    if (kind < 0.2) block = `## ${g.pick(HEADINGS)}`;
    else if (kind < 0.45) block = g.textOf(g.int(60, 400)) + (g.chance(0.15) ? ' Résumé — “naïve” café ✓.' : '');
    else if (kind < 0.62)
      block = Array.from({ length: g.int(2, 6) }, () => `- ${g.chance(0.3) ? `**${g.pick(WORDS)}**: ` : ''}${g.sentence(4, 12)}`).join('\n');
    else if (kind < 0.75)
      block = Array.from(
        { length: g.int(2, 5) },
        (_, i) => `${i + 1}. ${g.sentence(4, 12)}${g.chance(0.2) ? ` Run \`${g.pick(CODE['bash'] ?? [])}\`.` : ''}`,
      ).join('\n');
    else if (kind < 0.92) {
      const lang = g.pick(LANGS);
      const code = CODE[lang] ?? [];
      const from = g.int(0, Math.max(0, code.length - 2));
      block = `\`\`\`${lang}\n${code.slice(from, from + g.int(2, code.length)).join('\n')}\n\`\`\``;
    } else
      block = `| Option | Meaning |\n| --- | --- |\n${Array.from({ length: g.int(2, 4) }, () => `| \`${g.pick(WORDS)}\` | ${g.sentence(3, 8)} |`).join('\n')}`;
    if (!add(block) && size > bytes - 400) break;
  }
  let text = `${blocks.join('\n\n')}\n`;
  // Pad with one final ASCII paragraph so the size is exact.
  const rest = bytes - byteLength(text) - 2; // "\n" before, "\n" after
  if (rest > 0) text += `\n${g.textOf(rest)}\n`;
  return text;
}
