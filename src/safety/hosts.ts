/**
 * Hosts as the link and upload rules compare them: read from a URL or a bare address, lower-cased, without `www.`
 * and a port; and which hosts a skill's prose names (its front matter and its Markdown outside code blocks).
 * @module
 */
import type { ScannedFile } from './scanned-file.js';

/** A URL with a scheme and a host: `https://host/…`. */
export const URL_PATTERN = /\b(?:https?|ftp|wss?):\/\/[^\s"'`<>()[\]{}|\\^]+/giu;

/** A host name written bare: labels of letters, digits and `-`, at least one dot, a top-level label of letters. */
const HOST_PATTERN = /(?<![\w@.-])(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,62}[\p{L}\p{N}])?\.)+\p{L}{2,24}(?![\w-])/giu;

/** The host of `url` as compared (lower case, no `www.`, no port, no trailing dot), or undefined when it has none. */
export function hostOf(url: string): string | undefined {
  const m = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#\s]*@)?(\[[^\]]*\]|[^/:?#\s]+)/iu.exec(url.trim());
  return m?.[1] === undefined ? undefined : normalHost(m[1]);
}

/** A host written bare or taken from a URL, made comparable. */
export function normalHost(host: string): string {
  return host
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
}

/** Whether a host is this machine or a name reserved for examples, where data sent goes nowhere outside. */
export function isLocalOrExample(host: string): boolean {
  return (
    /^(?:localhost|127(?:\.\d+){3}|0\.0\.0\.0|\[::1?\]|10(?:\.\d+){3}|192\.168(?:\.\d+){2}|host\.docker\.internal)$/.test(host) ||
    /(?:^|\.)(?:localhost|local|internal|test|example|invalid)$/.test(host) ||
    /(?:^|\.)example\.(?:com|org|net)$/.test(host) ||
    // A placeholder, not an address: `$HOST`, `{host}`, `<your-host>`, `yourorg.atlassian.net`, `my-app.com`, and the
    // companies documentation invents (Contoso, Fabrikam, Acme).
    /[${}<>]/.test(host) ||
    /(?:^|\.)(?:your[\w-]*|my-?(?:app|org|company|domain|server|host|site|project|service|api)|contoso|fabrikam|acme)\./.test(host)
  );
}

/** Whether `a` and `b` name the same site: equal, or one a sub-domain of the other. */
export function sameSite(a: string, b: string): boolean {
  return a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);
}

/** Every host the prose of `files` names, in a URL or bare, each with where it is (so a mention can exclude itself). */
export function proseHosts(files: readonly ScannedFile[]): Map<string, { file: ScannedFile; offset: number }[]> {
  const hosts = new Map<string, { file: ScannedFile; offset: number }[]>();
  for (const file of files) {
    if (file.kind === 'other') continue;
    for (const m of file.text.matchAll(HOST_PATTERN)) {
      const offset = m.index ?? 0;
      if (!file.inProse(offset)) continue;
      const host = normalHost(m[0]);
      hosts.set(host, [...(hosts.get(host) ?? []), { file, offset }]);
    }
  }
  return hosts;
}

/**
 * The name a host's site goes by: the label before its public suffix (`telegram` for `api.telegram.org`, `bbc` for
 * `www.bbc.co.uk`), when it is at least three letters long; the prose "explains" a host that it names this way.
 */
export function siteName(host: string): string | undefined {
  const labels = host.split('.');
  if (labels.length < 2 || /^\d+$/.test(labels.at(-1) ?? '')) return undefined;
  // A two-part suffix: a short second-level label under a country code (`co.uk`, `com.au`).
  const twoPart = labels.length > 2 && (labels.at(-1) ?? '').length === 2 && (labels.at(-2) ?? '').length <= 3;
  const name = labels.at(twoPart ? -3 : -2) ?? '';
  return name.length >= 3 ? name : undefined;
}
