/**
 * The page's side of long answers: reads the pages one message at a time
 * (each a short task, so the page stays responsive) and joins them.
 * @module
 */
import type { Remote } from 'comlink';
import type { AnswerPage } from '../worker/paging.js';
import type { RuntimeSession } from '../worker/session.js';

/** Every item of an answer that starts with `first`, in order. */
export async function collect<T>(remote: Remote<RuntimeSession>, first: AnswerPage<T>): Promise<T[]> {
  const items = [...first.items];
  let next = first.next;
  while (next !== undefined) {
    const page = (await remote.nextPage(next)) as AnswerPage<T>;
    for (const item of page.items) items.push(item);
    next = page.next;
  }
  return items;
}
