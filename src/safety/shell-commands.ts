/**
 * Commands a skill asks to run that are risky whoever wrote them, in any text file (a script, or a command in the
 * instructions): `pipe-to-shell` (code downloaded and run at once), `credential-read` (a key file read out) and
 * `secret-read` (the environment dumped, or a secret variable printed). A command split over lines with `\` reads
 * as one line. Each finding stands at the command's first word (for a credential, at the file's name).
 *
 * Near misses left alone: `curl … | jq`, `curl … | python -m json.tool` (the download is data, not code); `ssh -i
 * ~/.ssh/id_rsa` and `ssh-keygen -f …` (the tool reads its own key); `cp .env.example .env`, `source .env`;
 * `printenv HOME`; `{ ...process.env, FOO: '1' }` (an environment handed on, not shown); `echo ${TOKEN:+set}`.
 * @module
 */
import type { Diagnostic } from '../format/diagnostics/diagnostic.js';
import { finding, quoted, type SafetyCode, type ScanContext } from './context.js';
import { lineAround, type ScannedFile } from './scanned-file.js';

const FETCHER = String.raw`(?:curl|wget|iwr|irm|Invoke-WebRequest|Invoke-RestMethod)`;
const SUDO = String.raw`(?:sudo[ \t]+(?:-\S+[ \t]+)*)?`;
const SHELL = String.raw`(?:(?:ba|z|da|k|fi|a)?sh|pwsh|powershell|iex|Invoke-Expression)`;
const INTERPRETER = String.raw`(?:python[\d.]*|perl|ruby|node|php)`;

/** Code downloaded and run in one step. */
const PIPE_TO_SHELL: readonly RegExp[] = [
  new RegExp(String.raw`\b${FETCHER}\b[^\n|]*\|[ \t]*${SUDO}${SHELL}\b`, 'gi'),
  // An interpreter reads a program from the pipe only with no script argument, or `-`.
  new RegExp(String.raw`\b${FETCHER}\b[^\n|]*\|[ \t]*${SUDO}${INTERPRETER}(?:[ \t]+-)?[ \t]*(?=$|[;&)#\r\n])`, 'gim'),
  new RegExp(String.raw`\b(?:(?:ba|z)?sh|source|\.)\s+<\(\s*${FETCHER}\b`, 'gi'),
  new RegExp(String.raw`\b(?:ba|z)?sh\s+-c\s+["']?\$\(\s*${FETCHER}\b`, 'gi'),
  /\b(?:iex|Invoke-Expression)\s*\(?\s*\(?\s*(?:iwr|irm|Invoke-WebRequest|Invoke-RestMethod|New-Object\s+(?:System\.)?Net\.WebClient|\[System\.Net\.WebClient\])/gi,
];

/** Files that hold keys and passwords. */
const HOME = String.raw`(?:(?:~|\$HOME|\$\{HOME\}|%USERPROFILE%)[\\/])`;
const CREDENTIAL_FILE = new RegExp(
  [
    // A private key: not a `.pub`, `known_hosts`, `authorized_keys` or the client's `config`.
    String.raw`${HOME}\.ssh[\\/](?!known_hosts|authorized_keys|config\b)[\w.-]+(?<!\.pub)(?![\w.-])`,
    String.raw`\bid_(?:rsa|dsa|ecdsa|ed25519)\b(?!\.pub)`,
    String.raw`${HOME}?\.aws[\\/]credentials\b`,
    String.raw`(?:${HOME}|(?<![\w.-]))\.(?:netrc|git-credentials|pgpass|pypirc|npmrc)\b`,
    String.raw`${HOME}?\.docker[\\/]config\.json\b`,
    String.raw`${HOME}?\.kube[\\/]config\b`,
    String.raw`${HOME}?\.config[\\/]gcloud[\\/][\w./-]*`,
    String.raw`${HOME}?\.gnupg[\\/][\w./-]*`,
    String.raw`/etc/shadow\b`,
    String.raw`\b[\w-]*\.keychain(?:-db)?\b`,
    String.raw`(?<![\w.\\-])\.env(?![\w.-])`,
  ].join('|'),
  'g',
);
/** Commands and calls that read a file out (to the screen, an archive, another host). */
const READER =
  /(?:^|[\s;&|(`$])(?:sudo\s+)?(?:cat|less|more|head|tail|bat|type|Get-Content|gc|cp|scp|rsync|base64|xxd|od|strings|tar|zip|7z|grep|awk|sed|curl|nc|ncat)\b|\b(?:open|readFile(?:Sync)?|read_text|read_bytes|fs\.read\w*|expanduser)\s*\(/i;
/** Readers that do not count for `.env`: copying a template to it is how a project is set up. */
const ENV_READER =
  /(?:^|[\s;&|(`$])(?:sudo\s+)?(?:cat|less|more|head|tail|bat|type|Get-Content|gc|base64|xxd|grep|curl|nc)\b|\b(?:open|readFile(?:Sync)?|read_text)\s*\(/i;
const KEYCHAIN_DUMP = /\bsecurity\s+(?:find-(?:generic|internet)-password|dump-keychain|export)\b|\bsecret-tool\s+lookup\b|\bcmdkey\s+\/list\b/g;

// A name that ends in what it holds (`GITHUB_TOKEN`, `AWS_SECRET_ACCESS_KEY`), or says SECRET anywhere; not `TOKEN_MINT`.
const SECRET_NAME = String.raw`(?:[A-Z0-9_]*SECRET[A-Z0-9_]*|[A-Z0-9_]*(?:TOKEN|PASSWORD|PASSWD|PWD|API_?KEY|PRIVATE_?KEY|ACCESS_?KEY|CREDENTIALS?|_PAT)(?![A-Z0-9_]))`;
/** The environment dumped, or a secret variable printed. */
const SECRET_READS: readonly RegExp[] = [
  // The whole environment: `printenv` or `env` alone, into a file or a pipe; `| grep NAME` only for a secret's name.
  /\bprintenv\b(?=[ \t]*(?:$|[>;&)\r]|\|(?![ \t]*grep\b)))/gim,
  new RegExp(String.raw`(?:^|(?<=[\s;&|(]))(?:printenv|env)[ \t]*\|[ \t]*grep\b[^\n|;]*?(?:SECRET|TOKEN|PASSW|API_?KEY|PRIVATE)`, 'gim'),
  new RegExp(String.raw`\bprintenv\s+${SECRET_NAME}\b`, 'g'),
  /(?:^|(?<=[\s;&|(]))env[ \t]*(?=\|(?![ \t]*grep\b)|>(?!&))/gm,
  /\b(?:Get-ChildItem|gci|dir|ls)[ \t]+env:(?=[ \t]*(?:$|\||\r))/gim,
  /\b(?:JSON\.stringify|console\.(?:log|dir)|Object\.(?:entries|values))\(\s*process\.env\s*[,)]/g,
  /\b(?:print|pprint|json\.dumps|str|repr|dict)\(\s*(?:dict\(\s*)?os\.environ\s*\)?\s*[,)]/g,
  // Printed, not handed on: a value piped into a command or written to a file (`| docker login --password-stdin`, `>> .env`) is not shown.
  new RegExp(
    String.raw`\b(?:echo|printf|print|puts|Write-(?:Output|Host)|console\.log)\b[^\n;|&>]*?\$\{?(?:env:)?${SECRET_NAME}\b(?!:[+0-9])(?![^\n;&]*[|>])`,
    'g',
  ),
];

const TABLE_ROW = /^\s*\|.*\|\s*$/;

/** How far before a file's name its reader may stand: one command, not a paragraph. */
const READER_REACH = 60;

/**
 * The simple command before `offset` of `line`: from the last `;`, `&&`, `||` or `|` before it (at most
 * {@link READER_REACH} characters back); undefined when the file is written, not read (`cat > .env`, `echo … >> .env`).
 */
function commandBefore(line: string, offset: number): string | undefined {
  const before = line.slice(Math.max(0, offset - READER_REACH), offset);
  const cut = Math.max(before.lastIndexOf(';'), before.lastIndexOf('&&'), before.lastIndexOf('|'));
  const command = before.slice(cut + 1);
  return /(?<![0-9&])>/.test(command) ? undefined : command;
}

function credentialFindings(context: ScanContext, file: ScannedFile): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const m of file.joined.matchAll(CREDENTIAL_FILE)) {
    const offset = m.index ?? 0;
    const line = lineAround(file, offset);
    const reader = m[0].toLowerCase() === '.env' ? ENV_READER : READER;
    const command = commandBefore(line.text, offset - line.start);
    if (command === undefined || !reader.test(command)) continue;
    const message = `A command reads the credential file ${quoted(m[0])}: ${quoted(line.text.trim())}.`;
    found.push(finding(context, 'credential-read', file, offset, message));
  }
  for (const m of file.joined.matchAll(KEYCHAIN_DUMP)) {
    const offset = m.index ?? 0;
    const message = `A command reads passwords from a keychain: ${quoted(lineAround(file, offset).text.trim())}.`;
    found.push(finding(context, 'credential-read', file, offset, message));
  }
  return found;
}

function matches(context: ScanContext, file: ScannedFile, code: SafetyCode, patterns: readonly RegExp[]): Diagnostic[] {
  const found: Diagnostic[] = [];
  const seen = new Set<number>();
  const what = code === 'pipe-to-shell' ? 'A command downloads code and runs it at once' : 'A command shows the environment or a secret in it';
  for (const pattern of patterns) {
    for (const m of file.joined.matchAll(pattern)) {
      const offset = m.index ?? 0;
      if (seen.has(offset)) continue;
      seen.add(offset);
      const line = lineAround(file, offset);
      // A Markdown table row (`| curl | … | sh |`) is cells, not a pipeline.
      if (code === 'pipe-to-shell' && TABLE_ROW.test(line.text)) continue;
      found.push(finding(context, code, file, offset, `${what}: ${quoted(line.text.slice(offset - line.start))}.`));
    }
  }
  return found;
}

/** Every download piped into a shell, credential file read out and secret shown, in the skill's text files. */
export function shellFindings(context: ScanContext): Diagnostic[] {
  return context.files.flatMap((file) => [
    ...matches(context, file, 'pipe-to-shell', PIPE_TO_SHELL),
    ...credentialFindings(context, file),
    ...matches(context, file, 'secret-read', SECRET_READS),
  ]);
}
