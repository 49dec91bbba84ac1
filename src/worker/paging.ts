/**
 * Long answers in pages. Structured clone reads a message in one task on
 * the receiving side: 2,000 skills (about 6 MB) held the page's main
 * thread for 30–120 ms in one piece. Sent as pages of
 * {@link ANSWER_PAGE_SIZE} items, each page is a short task of its own and
 * the page stays responsive; the client joins them into the same array.
 * @module
 */
import { SkillError } from '../format/errors.js';

/** Items per message of a long answer (about 300 KB of skills: a few milliseconds to read on the page). */
export const ANSWER_PAGE_SIZE = 100;

/** One page of an answer; `next` is there while more pages wait in the worker. */
export interface AnswerPage<T> {
  readonly items: T[];
  /** Pass to `nextPage` for the following page; absent on the last one. */
  readonly next?: number;
}

interface Held {
  readonly items: readonly unknown[];
  offset: number;
}

/** The answers a session is still sending, by handle. */
export class AnswerPages {
  readonly #held = new Map<number, Held>();
  #nextHandle = 1;

  /** The first page of `items`; the rest is kept until asked for. */
  first<T>(items: T[]): AnswerPage<T> {
    if (items.length <= ANSWER_PAGE_SIZE) return { items };
    const handle = this.#nextHandle++;
    this.#held.set(handle, { items, offset: ANSWER_PAGE_SIZE });
    return { items: items.slice(0, ANSWER_PAGE_SIZE), next: handle };
  }

  /** The page after the last one sent; the answer is dropped with its last page. */
  next(handle: number): AnswerPage<unknown> {
    const held = this.#held.get(handle);
    if (!held) throw new SkillError('NOT_FOUND', `No answer is waiting under handle ${handle}: it was read to the end or its page disconnected.`);
    const items = held.items.slice(held.offset, held.offset + ANSWER_PAGE_SIZE);
    held.offset += ANSWER_PAGE_SIZE;
    if (held.offset < held.items.length) return { items, next: handle };
    this.#held.delete(handle);
    return { items };
  }

  /** Drops every waiting answer. */
  clear(): void {
    this.#held.clear();
  }
}
