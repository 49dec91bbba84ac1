/**
 * The rules of the skill scanner (`scanSkill`, `loader.scan`, `satchel scan`): what a skill asks of the model and of
 * the machine it runs on. A finding never changes the skill; it is reported for a person (or a gate, `safety/gate.ts`) to judge: an error where no skill has a reason to do it (text hidden from the reader), a warning where a skill may (a command that installs, reads a key, posts data).
 * Each rule's rationale and its numbers on the shared corpus are in docs/threat-model.md ("The skill scanner").
 * @module
 */
import { rule } from './rule.js';

/** Rules about what a skill's text asks for, found by the scanner. */
export const SAFETY_RULES = {
  'hidden-instruction': rule(
    'error',
    'error',
    'Text the model reads but a person browsing the skill rarely does (the front matter, an HTML comment) addresses the model: it tells it to ignore its instructions, to keep something from the user, or to call a tool or run a command.',
    'Describe what the skill does and when to use it; put instructions in the body, where a reviewer reads them, and never ask the model to hide anything from the user.',
  ),
  'invisible-character': rule(
    'error',
    'error',
    'A text file holds characters that show nothing (zero-width spaces and joiners, tag characters, other default-ignorable code points): text a model reads but a reviewer does not see.',
    'Delete the invisible characters (the message gives each code point), or write them as visible escapes if they are meant.',
  ),
  'bidi-control': rule(
    'error',
    'error',
    'A text file holds bidirectional controls (overrides, embeddings, isolates, marks) that reorder how text shows, so what a reviewer sees is not what the model or a shell reads.',
    'Delete the bidirectional controls; text in a right-to-left script needs none of them.',
  ),
  'look-alike-text': rule(
    'error',
    'error',
    'A word mixes Latin letters with letters of another script that look like Latin ones (a Cyrillic `е` in `rеfunds`): a name or command that passes for another.',
    'Spell the word in one script (the message names the letters that imitate Latin ones).',
  ),
  'pipe-to-shell': rule(
    'warning',
    'warning',
    'A command downloads code and runs it at once (`curl … | sh`, `wget -O- … | bash`, `iwr … | iex`, `bash <(curl …)`): nothing a reviewer saw is what runs.',
    'Download to a file, check it (a pinned digest or signature), then run it; or name a package the user installs with their package manager.',
  ),
  'credential-read': rule(
    'warning',
    'warning',
    'A command reads a credential file (`~/.ssh/id_rsa`, `~/.aws/credentials`, `.env`, `~/.netrc`, a keychain): what a skill needs is rarely the key itself.',
    'Let the tool that needs the credential read it (ssh, the AWS CLI), or ask the user for the one value needed; never print or copy a key file.',
  ),
  'secret-read': rule(
    'warning',
    'warning',
    'A command dumps the environment (`printenv`, `env |`, `process.env` or `os.environ` printed or serialised) or prints a secret variable (`echo $AWS_SECRET_ACCESS_KEY`).',
    'Read the one variable the command needs where it needs it, and never print it.',
  ),
  'unexplained-upload': rule(
    'warning',
    'warning',
    "A command sends data (`curl -d`/`--data`/`-F`/`-T`/`-X POST`, `wget --post-data`, `Invoke-RestMethod -Method Post`, `requests.post`) to a host the skill's prose never names, so a reader cannot tell where the data goes or why.",
    'Say in the instructions which service the command talks to and what it sends, or remove the command.',
  ),
  'link-mismatch': rule(
    'warning',
    'warning',
    'A Markdown link shows one address (`[docs.example.com](https://other.example/…)`) but points at another host: a reader, or a model that trusts the text, goes somewhere else.',
    'Make the link text the address it points at, or a plain description.',
  ),
  'encoded-blob': rule(
    'warning',
    'warning',
    'The instructions hold a long base64 run or a minified line of code: content no reviewer can read, which a model may decode or run.',
    'Move the data into a resource file with a name that says what it is, or write the code out readably.',
  ),
} as const;
