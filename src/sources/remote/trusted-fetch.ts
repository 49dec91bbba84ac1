/**
 * Fetching from trusted origins only. Every URL is checked before it is
 * requested, redirects are followed by hand so each hop is checked again,
 * and bodies are read with a byte ceiling.
 * @module
 */
import { SkillError, throwIfAborted } from '../../format/errors.js';
import { concatBytes } from '../../shared/bytes.js';

/** The slice of the Fetch API a remote source uses: the global `fetch` fits. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** How one source fetches. */
export interface FetchPolicy {
  /** The Fetch API in use. */
  readonly fetch: FetchLike;
  /** Origins (`scheme://host:port`) that may be fetched from. */
  readonly origins: ReadonlySet<string>;
  /** Cancels every request. */
  readonly signal?: AbortSignal | undefined;
}

/** Most redirects followed for one request. */
const MAX_REDIRECTS = 5;

/** The origins of `list`, normalised; `INVALID_INPUT` for one that is no http(s) URL. */
export function trustedOriginsOf(list: unknown): Set<string> {
  if (!Array.isArray(list) || list.length === 0)
    throw new SkillError('INVALID_INPUT', "remoteSource needs `trustedOrigins`: the origins it may fetch from, the index's own included.");
  return new Set(
    list.map((item: unknown) => {
      const url = typeof item === 'string' && URL.canParse(item) ? new URL(item) : undefined;
      if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
        throw new SkillError('INVALID_INPUT', `Trusted origin ${JSON.stringify(item)} is not an http(s) origin such as https://skills.example.com.`);
      return url.origin;
    }),
  );
}

/** Throws `UNTRUSTED_ORIGIN` unless `url` is http(s) on a trusted origin. */
export function assertTrusted(url: URL, origins: ReadonlySet<string>, via?: string): void {
  if ((url.protocol === 'https:' || url.protocol === 'http:') && origins.has(url.origin)) return;
  const how = via === undefined ? '' : ` (redirected from ${via})`;
  throw new SkillError('UNTRUSTED_ORIGIN', `${url.href}${how} is not on a trusted origin; it was not fetched.`, { path: url.href });
}

/**
 * The body of `url`, at most `maxBytes` long. Rejects with `UNTRUSTED_ORIGIN`
 * (the URL or a redirect leaves the trusted origins), `NOT_FOUND` (404 or
 * 410), `SOURCE_FAILED` (network, other HTTP errors, too many redirects),
 * `LIMIT_EXCEEDED` or `ABORTED`.
 */
export async function fetchTrusted(url: URL, policy: FetchPolicy, maxBytes: number): Promise<Uint8Array> {
  return (await fetchFinal(url, policy, maxBytes)).bytes;
}

/** {@link fetchTrusted}, with the URL the body finally came from (after redirects): relative links resolve against it. */
export async function fetchFinal(url: URL, policy: FetchPolicy, maxBytes: number): Promise<{ bytes: Uint8Array; url: URL }> {
  let current = url;
  for (let hop = 0; ; hop++) {
    assertTrusted(current, policy.origins, hop === 0 ? undefined : url.href);
    const response = await request(current, policy, 'manual');
    const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
    if (location !== null) {
      await response.body?.cancel();
      if (hop >= MAX_REDIRECTS) throw new SkillError('SOURCE_FAILED', `${url.href} redirects more than ${MAX_REDIRECTS} times.`, { path: url.href });
      current = new URL(location, current);
      continue;
    }
    // A page's fetch hides manual redirects (an opaque response): follow them, then check where they ended.
    const final = response.type === 'opaqueredirect' ? await request(current, policy, 'follow') : response;
    const landed = final.url !== '' && URL.canParse(final.url) ? new URL(final.url) : current;
    assertTrusted(landed, policy.origins, url.href);
    if (!final.ok) {
      await final.body?.cancel();
      const code = final.status === 404 || final.status === 410 ? 'NOT_FOUND' : 'SOURCE_FAILED';
      throw new SkillError(code, `${current.href} answered HTTP ${final.status}.`, { path: url.href });
    }
    return { bytes: await readBody(final, maxBytes, url.href, policy.signal), url: landed };
  }
}

async function request(url: URL, policy: FetchPolicy, redirect: RequestRedirect): Promise<Response> {
  throwIfAborted(policy.signal);
  try {
    // No cookies or credentials: published skills are public artifacts.
    return await policy.fetch(url.href, { redirect, credentials: 'omit', ...(policy.signal ? { signal: policy.signal } : {}) });
  } catch (e) {
    throwIfAborted(policy.signal);
    throw new SkillError('SOURCE_FAILED', `${url.href} could not be fetched: ${e instanceof Error ? e.message : String(e)}.`, { path: url.href, cause: e });
  }
}

/** The body, refused as soon as it (or its declared length) passes `maxBytes`. */
async function readBody(response: Response, maxBytes: number, href: string, signal: AbortSignal | undefined): Promise<Uint8Array> {
  const tooLarge = (): SkillError => new SkillError('LIMIT_EXCEEDED', `${href} is larger than ${maxBytes} bytes; it was not read.`, { path: href });
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (e) {
    if (e instanceof SkillError) throw e;
    throwIfAborted(signal);
    throw new SkillError('SOURCE_FAILED', `${href} broke off while being read: ${e instanceof Error ? e.message : String(e)}.`, { path: href, cause: e });
  }
  return concatBytes(chunks, total);
}
