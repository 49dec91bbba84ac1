/**
 * `link-mismatch`: a Markdown link (inline, or by reference: `[text][label]`) whose text is an address (`https://docs.example.com/…`, or a bare
 * `docs.example.com`) but whose target is on another host. Rendered, the reader sees one site and goes to another;
 * a model told to follow the documentation at the address it reads is sent elsewhere. Hosts are compared without
 * `www.` and a port, and a sub-domain matches its domain (`docs.github.com` text, `github.com` target).
 *
 * Near misses left alone: text that is a description (`[the docs](https://…)`); a file name
 * (`[SKILL.md](https://github.com/…/SKILL.md)`, `[config.json](…)`: an extension, not a top-level domain); a relative
 * or `mailto:` target; the same site.
 * @module
 */
import type { Diagnostic } from '../format/diagnostics/diagnostic.js';
import { finding, type ScanContext } from './context.js';
import { hostOf, normalHost, sameSite } from './hosts.js';
import type { ScannedFile } from './scanned-file.js';

const LINK = /(?<!!)\[([^\]\n]{1,300})\]\(\s*<?([^)\s>]+)>?(?:\s+["'][^"'\n]*["'])?\s*\)/gu;
const REFERENCE = /(?<![!\]])\[([^\]\n]{1,300})\]\[([^\]\n]{0,100})\]/gu;
const DEFINITION = /^[ \t]{0,3}\[([^\]\n]{1,100})\]:[ \t]*<?(\S+?)>?(?:[ \t]+["'(].*)?$/gmu;
const ANCHOR = /<a\s[^>]*?href\s*=\s*["']([^"']+)["'][^>]*>([^<\n]{1,300})<\/a>/giu;
const BARE_HOST = /^((?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,62}[\p{L}\p{N}])?\.)+(\p{L}{2,24}))(?::\d+)?(?:[/?#]\S*)?$/iu;
/** Endings of file names that are also, or look like, top-level domains. */
const FILE_ENDINGS = new Set(
  'md mdx markdown json jsonl yaml yml js mjs cjs ts tsx jsx py ipynb txt html htm css sh bash zsh ps ps1 bat cmd exe dll msi csv tsv xml toml ini cfg conf lock png jpg jpeg gif svg pdf go rs java kt rb php swift sol zip gz tar tgz env log sql r lua pl dart vue'.split(
    ' ',
  ),
);

/** Top-level domains common enough that `name.tld` is read as a host. */
const COMMON_TOPS = new Set(
  'com org net io dev ai app co gov edu mil int info biz me xyz cloud tech site page run sh so ly gg tv fm us uk de fr es it nl se no fi dk pl cz ch at be jp cn kr in ru br ca au nz eu ms'.split(
    ' ',
  ),
);

/** The host a link's text shows, when the text is an address; undefined for words, file names and the like. */
function shownHost(text: string): string | undefined {
  const plain = text.replace(/[`*_]/g, '').trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(plain)) return hostOf(plain);
  const m = BARE_HOST.exec(plain);
  const top = (m?.[2] ?? '').toLowerCase();
  if (m?.[1] === undefined || FILE_ENDINGS.has(top)) return undefined;
  const host = normalHost(m[1]);
  // One dot (`colortool.exe`, `github.com`): a host only under a common top-level domain, else a file name.
  return host.split('.').length > 2 || COMMON_TOPS.has(top) ? host : undefined;
}

function fileFindings(context: ScanContext, file: ScannedFile): Diagnostic[] {
  const found: Diagnostic[] = [];
  const check = (text: string, target: string, offset: number): void => {
    const shown = shownHost(text);
    const actual = hostOf(target);
    if (shown === undefined || actual === undefined || sameSite(shown, actual)) return;
    const message = `A link shows ${shown} but goes to ${actual} (${target.slice(0, 120)}).`;
    found.push(finding(context, 'link-mismatch', file, offset, message));
  };
  for (const m of file.text.matchAll(LINK)) check(m[1] ?? '', m[2] ?? '', m.index ?? 0);
  for (const m of file.text.matchAll(ANCHOR)) check(m[2] ?? '', m[1] ?? '', m.index ?? 0);
  // Reference links: `[text][label]` (or `[text][]`, the text its own label) and `[label]: target` elsewhere.
  const targets = new Map([...file.text.matchAll(DEFINITION)].map((m) => [(m[1] ?? '').toLowerCase(), m[2] ?? '']));
  if (targets.size === 0) return found;
  for (const m of file.text.matchAll(REFERENCE)) {
    const target = targets.get((m[2] || m[1] || '').toLowerCase());
    if (target !== undefined) check(m[1] ?? '', target, m.index ?? 0);
  }
  return found;
}

/** Every link in the skill's Markdown whose text names one host and whose target is another. */
export function linkFindings(context: ScanContext): Diagnostic[] {
  return context.files.filter((file) => file.kind !== 'other').flatMap((file) => fileFindings(context, file));
}
