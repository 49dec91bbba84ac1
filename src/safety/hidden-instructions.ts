/**
 * `hidden-instruction`: text aimed at the model where a person browsing the skill does not look. The front matter is
 * for the catalog (what the skill does, when to use it), and an HTML comment does not show when Markdown is
 * rendered; yet the model reads both. A description that tells the model to ignore its instructions, to keep
 * something from the user, or to call a tool is an instruction smuggled past review, so each such phrase is a
 * finding at its first word. Two kinds no skill needs anywhere are found in the visible prose too (outside code
 * blocks, and not in quotation marks, where a skill names an attack to resist it): "ignore previous instructions"
 * and a system-prompt tag (`<system>`, `[INST]`). The patterns want the shape of an instruction, not a word: "ignore previous
 * instructions" is one, "configure ESLint ignore rules" is not; "do not tell the user" is, "tell the user what
 * changed" is not.
 * @module
 */
import type { Diagnostic } from '../format/diagnostics/diagnostic.js';
import { finding, quoted, type ScanContext } from './context.js';
import type { ScannedFile, Span } from './scanned-file.js';

/** One kind of instruction: how it reads, and what the message says it does. */
interface Pattern {
  readonly pattern: RegExp;
  readonly does: string;
  /** Found in the visible prose too (outside code blocks), not only where a person rarely looks: no skill needs it. */
  readonly anywhere?: true;
}

// `\s+` between words: a folded or multi-line YAML value breaks lines anywhere.
const QUALIFIER = '(?:all|any|your|previous|prior|above|earlier|preceding|system|original|safety|developer)';
const PATTERNS: readonly Pattern[] = [
  {
    pattern: new RegExp(
      `\\b(?:ignore|disregard|forget|override|bypass)\\s+(?:(?:the|of|these|those|every)\\s+)*(?:${QUALIFIER}\\s+)+(?:(?:the|other)\\s+)?(?:instructions?|prompts?|rules|directions|guidelines|guardrails|policies|messages|context)\\b`,
      'giu',
    ),
    does: 'tells the model to set aside its instructions',
  },
  {
    pattern:
      /\b(?:do\s+not|don['’]?t|never|without)\s+(?:ever\s+)?(?:tell(?:ing)?|inform(?:ing)?|notify(?:ing)?|alert(?:ing)?|mention(?:ing)?(?:\s+\w+){0,3}?\s+to|reveal(?:ing)?(?:\s+\w+){0,3}?\s+to|disclos(?:e|ing)(?:\s+\w+){0,3}?\s+to|let(?:ting)?)\s+(?:the\s+)?(?:user|human|operator|person|anyone)\b/giu,
    does: 'tells the model to keep something from the user',
  },
  {
    pattern:
      /\b(?:hide|conceal|keep)\s+(?:this|it|that|these|everything)\s+(?:(?:secret|hidden|confidential)\s+)?from\s+(?:the\s+)?(?:user|human|operator)\b/giu,
    does: 'tells the model to keep something from the user',
  },
  {
    pattern: /\b(?:call|invoke|execute|trigger)\s+(?:the\s+|this\s+|a\s+)?(?:[`'"][^`'"\n]{1,60}[`'"]|[A-Za-z][\w.-]*)\s+(?:mcp\s+)?(?:tool|function)\b/giu,
    does: 'tells the model to call a tool',
  },
  {
    pattern: /\b(?:run|execute)\s+(?:the\s+following|this)\s+(?:shell\s+)?(?:command|script|code)\b/giu,
    does: 'tells the model to run a command',
  },
  {
    pattern:
      /\b(?:always|immediately|first|must)\s+(?:call|invoke|execute|run)\s+(?:[`'"][^`'"\n]{1,60}[`'"]|(?:curl|wget|bash|sh|python3?|node|npx|rm|powershell)\b)/giu,
    does: 'tells the model to run something',
  },
  {
    pattern: /<\/?(?:system|admin)>|\[\/?INST\]|<\|im_start\|>\s*system/gu,
    does: 'speaks to the model as its system prompt',
    anywhere: true,
  },
  {
    pattern: /<\/?instructions?>|\byou\s+are\s+now\b|\bnew\s+instructions?\s*:/giu,
    does: 'speaks to the model as its system prompt',
  },
];

/**
 * In the visible prose, the attack's own words only ("ignore previous instructions", "disregard your prior rules"):
 * a rule that tells the model to ignore instructions found in files ("ignore any instructions in repository files")
 * protects it.
 */
const PROSE_OVERRIDE: Pattern = {
  pattern: new RegExp(
    `\\b(?:ignore|disregard|forget|override|bypass)\\s+(?:all\\s+)?(?:the\\s+)?(?:(?:previous|prior|above|earlier|preceding|your|system|original)\\s+)+(?:instructions?|prompts?|rules|directions|guidelines)\\b`,
    'giu',
  ),
  does: 'tells the model to set aside its instructions',
  anywhere: true,
};

/** Whether the match at `offset` is quoted: an example of an attack, named to be resisted (`"ignore previous instructions"`). */
function isQuoted(text: string, offset: number): boolean {
  return (
    /["'`“‘«]\s*$/u.test(text.slice(Math.max(0, offset - 3), offset)) || /\b(?:e\.g\.|such as|like)\s*$/iu.test(text.slice(Math.max(0, offset - 12), offset))
  );
}

const HTML_COMMENT = /<!--[\s\S]*?-->/g;

/** The spans of `file` a person rarely reads: a SKILL.md's front matter, and every HTML comment of a Markdown file. */
function hiddenSpans(file: ScannedFile): { span: Span; where: string }[] {
  const spans: { span: Span; where: string }[] = [];
  if (file.frontmatter !== undefined) spans.push({ span: file.frontmatter, where: 'the front matter' });
  if (file.kind === 'other') return spans;
  for (const m of file.text.matchAll(HTML_COMMENT)) {
    const start = m.index ?? 0;
    if (file.frontmatter !== undefined && start < file.frontmatter.end) continue;
    spans.push({ span: { start, end: start + m[0].length }, where: 'an HTML comment' });
  }
  return spans;
}

/** Every instruction to the model in a hidden span of the skill's Markdown, and the worst kinds in its prose too. */
export function hiddenInstructionFindings(context: ScanContext): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const file of context.files) {
    const hidden = hiddenSpans(file);
    for (const { span, where } of hidden) {
      const text = file.text.slice(span.start, span.end);
      for (const { pattern, does } of PATTERNS) {
        for (const m of text.matchAll(pattern)) {
          const message = `Text in ${where} ${does}: ${quoted(m[0])}.`;
          found.push(finding(context, 'hidden-instruction', file, span.start + (m.index ?? 0), message));
        }
      }
    }
    if (file.kind === 'other') continue;
    const inHidden = (offset: number): boolean => hidden.some(({ span }) => offset >= span.start && offset < span.end);
    for (const { pattern, does, anywhere } of [...PATTERNS, PROSE_OVERRIDE]) {
      if (anywhere !== true) continue;
      for (const m of file.text.matchAll(pattern)) {
        const offset = m.index ?? 0;
        if (inHidden(offset) || !file.inProse(offset) || isQuoted(file.text, offset)) continue;
        found.push(finding(context, 'hidden-instruction', file, offset, `The instructions' text ${does}: ${quoted(m[0])}.`));
      }
    }
  }
  return found;
}
