/**
 * Inputs of the hostile bench: one per class of attack on bounded time and
 * memory, each within the default 256 KiB file limit.
 * @module
 */

/** A hostile case: what it is, and the work to time (inputs are built before timing). */
export interface HostileCase {
  readonly name: string;
  /** What the input is, for the table. */
  readonly input: string;
  /** Builds the input and returns its size in bytes (a file, an argument plus a body, or a whole listing) and the work to time. */
  readonly prepare: () => { readonly bytes: number; readonly work: () => unknown };
}

const head = (name: string) => `---\nname: ${name}\ndescription: A hostile case for the bench.\n`;
const bytesOf = (text: string) => new TextEncoder().encode(text).byteLength;

/** 80 anchored strings of 1,900 characters in `examples`, each aliased 99 times: 15 million characters once expanded. */
export function aliasExpansion(): string {
  let yaml = 'examples:\n';
  for (let a = 0; a < 80; a++) {
    yaml += `  - &a${a} "${'x'.repeat(1900)}"\n`;
    for (let i = 0; i < 99; i++) yaml += `  - *a${a}\n`;
  }
  return `${head('alias-expansion')}${yaml}---\nBody.\n`;
}

/** 10 anchored strings of 1,900 characters in `examples`, each aliased 99 times: within the 32 KiB front matter default. */
export function aliasExpansionSmall(): string {
  let yaml = 'examples:\n';
  for (let a = 0; a < 10; a++) {
    yaml += `  - &a${a} "${'x'.repeat(1900)}"\n`;
    for (let i = 0; i < 99; i++) yaml += `  - *a${a}\n`;
  }
  return `${head('alias-expansion')}${yaml}---\nBody.\n`;
}

/** A 2,500-key map (about 26 KiB) aliased 20 times. */
export function aliasedMapSmall(): string {
  let yaml = 'x-map: &m\n';
  for (let i = 0; i < 2500; i++) yaml += `  k${i}: 1\n`;
  for (let i = 0; i < 20; i++) yaml += `x-copy${i}: *m\n`;
  return `${head('aliased-map')}${yaml}---\nBody.\n`;
}

/** One compact sequence `- - - … x` of about 234 KiB. */
export function compactSequences(): string {
  return `${head('compact')}a:\n  ${'- '.repeat(120_000)}x\n---\nBody.\n`;
}

/** Block maps nested 690 levels deep (the indentation fills the file). */
export function deepBlockMaps(): string {
  let yaml = 'a:\n';
  for (let i = 1; i <= 690; i++) yaml += `${' '.repeat(i)}k:\n`;
  return `${head('deep-maps')}${yaml}${' '.repeat(691)}v\n---\nBody.\n`;
}

/** 20,000 top-level values each holding an unquoted `: `, all needing colon recovery. */
export function colonRecovery(): string {
  let yaml = '';
  for (let i = 0; i < 20_000; i++) yaml += `k${i.toString(36)}: a: b\n`;
  return `${head('colons')}${yaml}---\nBody.\n`;
}

/** As many `kN: a: b` lines needing colon recovery as 32 KiB of front matter holds (2,600): parsed twice. */
export function colonRecoverySmall(): string {
  let yaml = '';
  for (let i = 0; i < 2600; i++) yaml += `k${i}: a: b\n`;
  return `${head('colons')}${yaml}---\nBody.\n`;
}

/** `metadata` with as many keys as 32 KiB of front matter holds (3,000). */
export function metadataKeysSmall(): string {
  let yaml = 'metadata:\n';
  for (let i = 0; i < 3000; i++) yaml += `  k${i}: v\n`;
  return `${head('metadata-keys')}${yaml}---\nBody.\n`;
}

/** `metadata` with 20,000 keys. */
export function metadataKeys(): string {
  let yaml = 'metadata:\n';
  for (let i = 0; i < 20_000; i++) yaml += `  k${i.toString(36)}: v\n`;
  return `${head('metadata-keys')}${yaml}---\nBody.\n`;
}

/** One anchored map of 20,000 keys (about 205 KiB), aliased once more. */
export function aliasedMap(): string {
  let yaml = 'x-map: &m\n';
  for (let i = 0; i < 20_000; i++) yaml += `  k${i.toString(36)}: 1\n`;
  return `${head('aliased-map')}${yaml}x-copy: *m\n---\nBody.\n`;
}

/** A body of `$0` repeated to 240,000 characters and a 4,000-character argument: 480 million characters substituted. */
export function hugeArguments(): { body: string; args: string } {
  return { body: '$0'.repeat(120_000), args: 'a'.repeat(4000) };
}

/** A listing of 50,000 `name/SKILL.md` entries, as `memorySource` takes it. */
export function bigListing(count = 50_000): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i++) files[`s${i}/SKILL.md`] = `---\nname: s${i}\ndescription: Skill number ${i} of a big listing.\n---\nBody ${i}.\n`;
  return files;
}

/** Total bytes of a listing's texts. */
export function listingBytes(files: Record<string, string>): number {
  let n = 0;
  for (const text of Object.values(files)) n += bytesOf(text);
  return n;
}

export { bytesOf };
