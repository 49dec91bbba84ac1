/**
 * Satchel demo: DOM helpers shared by the panels.
 */

/** The element matching `selector`; throws when the page has none. */
export function must<T extends Element>(selector: string): T {
  const element = document.querySelector<T>(selector);
  if (!element) throw new Error(`demo: missing element ${selector}`);
  return element;
}
