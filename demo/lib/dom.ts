/**
 * Satchel demo: DOM helpers shared by the panels.
 */

/** The element matching `selector`; throws when the page has none. */
export function must<T extends Element>(selector: string): T {
  const element = document.querySelector<T>(selector);
  if (!element) throw new Error(`demo: missing element ${selector}`);
  return element;
}

/** Attributes an {@link el} call may set: `testid` becomes `data-testid`, the rest are set as they are. */
type Attributes = Record<string, string | undefined>;

/** A new element with text and attributes; a compact way to build small pieces of UI. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined) continue;
    element.setAttribute(key === 'testid' ? 'data-testid' : key, value);
  }
  element.append(...children);
  return element;
}

/** Calls `run` at most once per `ms`, after the last call: typing does not flood the worker. */
export function debounce(run: () => void, ms: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(run, ms);
  };
}

/** Saves `data` as a file download named `name`. */
export function download(name: string, data: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const link = el('a', { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started once click() returns; free the object URL a little later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `sha256:` + the first 12 hex digits: enough to tell revisions apart at a glance. */
export function shortDigest(digest: string): string {
  return digest.replace(/^(sha256:[0-9a-f]{12})[0-9a-f]*$/, '$1…');
}
