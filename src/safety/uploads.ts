/**
 * `unexplained-upload`: a command that sends data to a host the skill's prose never names. A skill that talks to a
 * service says so ("post the summary to the Slack webhook", `api.github.com` in the instructions); a command that
 * posts to an address mentioned nowhere but in itself is how a skill ships files and secrets away unnoticed. The
 * host counts as explained when the front matter or the Markdown outside code blocks names it, or a domain it is
 * under or that is under it, anywhere but on the command's own line, or names its site (`Telegram` for
 * `api.telegram.org`) as a word outside any URL.
 *
 * Sending commands: `curl` with `-d`/`--data…`/`--json`/`-F`/`--form`/`-T`/`--upload-file` or `-X`/`--request`
 * `POST`/`PUT`/`PATCH`; `wget --post-data`/`--post-file`/`--body-…`; `Invoke-RestMethod`/`Invoke-WebRequest`
 * `-Method Post`; `requests`/`httpx`/`axios` `.post`/`.put`/`.patch(`; `fetch(…, { method: 'POST' })` on one line.
 *
 * Near misses left alone: a `GET`; a URL held in a variable (`"$API_URL"`, no host to judge); this machine, a
 * private address or a name reserved for examples (`localhost`, `192.168.…`, `example.com`, `*.test`).
 * @module
 */
import type { Diagnostic } from '../format/diagnostics/diagnostic.js';
import { finding, quoted, type ScanContext } from './context.js';
import { hostOf, isLocalOrExample, proseHosts, sameSite, siteName, URL_PATTERN } from './hosts.js';
import { lineAround, type Line, type ScannedFile } from './scanned-file.js';

const SENDERS: readonly RegExp[] = [
  // Case matters to curl: `-f` fails on errors and `-D` dumps headers; neither sends anything.
  /\bcurl\b[^;\n]*?(?:\s(?:-d|--data(?:-[a-z]+)?|--json|-F|--form(?:-string)?|-T|--upload-file)(?=[\s=@'"])|\s(?:-X\s*|--request[\s=]+)['"]?(?:POST|PUT|PATCH)\b)/g,
  /\bwget\b[^;\n]*?\s--(?:post-data|post-file|body-data|body-file|method[\s=]+['"]?(?:POST|PUT|PATCH))\b/gi,
  /\b(?:Invoke-RestMethod|Invoke-WebRequest|irm|iwr)\b[^;\n]*?\s-Method\s+['"]?(?:Post|Put|Patch)\b/gi,
  /\b(?:requests|httpx|axios|session|client)\.(?:post|put|patch)\s*\(/gi,
  /\bfetch\s*\([^\n]*?method\s*:\s*['"](?:POST|PUT|PATCH)['"]/gi,
];

/** What the skill's prose names: hosts (with where), and words (site names such as `telegram`), URLs left out. */
interface Prose {
  readonly hosts: ReturnType<typeof proseHosts>;
  readonly words: ReadonlySet<string>;
}

function proseOf(files: readonly ScannedFile[]): Prose {
  const words = new Set<string>();
  for (const file of files) {
    if (file.kind === 'other') continue;
    const text = file.text.replace(URL_PATTERN, (url) => ' '.repeat(url.length));
    for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) if (file.inProse(m.index ?? 0)) words.add(m[0].toLowerCase());
  }
  return { hosts: proseHosts(files), words };
}

/** Whether a word of the prose is the site's name, or begins or ends it (`Binance` for `binanceapi`, `Camino` for `getcamino`). */
function namedIn(words: ReadonlySet<string>, name: string): boolean {
  if (words.has(name)) return true;
  for (const word of words) if (word.length >= 5 && (name.startsWith(word) || name.endsWith(word))) return true;
  return false;
}

/** Whether the prose names `host`, a domain related to it, or its site's name, somewhere other than on `line` of `file`. */
function explained(prose: Prose, host: string, file: ScannedFile, line: Line): boolean {
  const name = siteName(host);
  if (name !== undefined && namedIn(prose.words, name)) return true;
  for (const [named, places] of prose.hosts) {
    if (!sameSite(named, host)) continue;
    if (places.some((p) => p.file !== file || p.offset < line.start || p.offset > line.start + line.text.length)) return true;
  }
  return false;
}

/** Every sending command of `file` with the host it sends to, when it names one that is not local: one a line. */
function sendingCommands(file: ScannedFile): { line: Line; from: number; host: string }[] {
  const sends = new Map<number, { line: Line; from: number; host: string }>();
  for (const sender of SENDERS) {
    for (const m of file.joined.matchAll(sender)) {
      const line = lineAround(file, m.index ?? 0);
      const from = (m.index ?? 0) - line.start;
      if (sends.has(line.start)) continue;
      // The address the command sends to: the first URL of the command, from the command's start on.
      const url = [...line.text.slice(from).matchAll(URL_PATTERN)][0];
      const host = url === undefined ? undefined : hostOf(url[0]);
      if (host !== undefined && !isLocalOrExample(host)) sends.set(line.start, { line, from, host });
    }
  }
  return [...sends.values()];
}

/** Every command that sends data to a host the skill does not explain. */
export function uploadFindings(context: ScanContext): Diagnostic[] {
  const sends = context.files.flatMap((file) => sendingCommands(file).map((send) => ({ file, ...send })));
  if (sends.length === 0) return [];
  // The prose is read only for a skill that sends something.
  const prose = proseOf(context.files);
  return sends
    .filter(({ file, line, host }) => !explained(prose, host, file, line))
    .map(({ file, line, from, host }) => {
      const message = `A command sends data to ${host}, which the skill's instructions never name: ${quoted(line.text.slice(from))}.`;
      return finding(context, 'unexplained-upload', file, line.start + from, message);
    });
}
