/**
 * Satchel demo: `/name` and `$name` completion in the message box, as a WAI-ARIA combobox over a listbox.
 */
import { el } from '../lib/dom.js';

/** The mention being typed just before the caret: the partial name and where it starts. */
export function mentionAtCaret(text: string, caret: number): { prefix: string; start: number } | undefined {
  const match = /(?:^|[\s([{"'`])([/$])([\p{L}\p{N}_.:-]*)$/u.exec(text.slice(0, caret));
  if (!match) return undefined;
  const partial = match[2] ?? '';
  return { prefix: partial, start: caret - partial.length };
}

/** Most choices shown at once. */
const MAX_CHOICES = 8;

/** The completion state of one message box: the choices for the mention at the caret and the active one. */
class MentionBox {
  #choices: string[] = [];
  #active = 0;

  constructor(
    private readonly input: HTMLTextAreaElement,
    private readonly list: HTMLUListElement,
    private readonly names: () => readonly string[],
    private readonly onPick: () => void,
  ) {}

  /** Recomputes the choices for the text before the caret. */
  update(): void {
    const at = mentionAtCaret(this.input.value, this.input.selectionStart);
    if (!at) return this.close();
    const prefix = at.prefix.toLowerCase();
    this.#choices = this.names()
      .filter((name) => name.startsWith(prefix) && name !== prefix)
      .slice(0, MAX_CHOICES);
    this.#active = 0;
    this.render();
  }

  close(): void {
    this.#choices = [];
    this.render();
  }

  /** Arrows move, Tab or Enter complete, Escape closes; other keys type as usual. */
  onKey(event: KeyboardEvent): void {
    const count = this.#choices.length;
    if (count === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      this.#active = (this.#active + (event.key === 'ArrowDown' ? 1 : count - 1)) % count;
      this.render();
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      this.pick(this.#active);
    } else if (event.key === 'Escape') {
      this.close();
    } else {
      return;
    }
    event.preventDefault();
  }

  /** Replaces the partial name with choice `index` and a space, keeping the caret after it. */
  pick(index: number): void {
    const name = this.#choices[index];
    const caret = this.input.selectionStart;
    const at = mentionAtCaret(this.input.value, caret);
    if (name === undefined || !at) return this.close();
    this.input.value = `${this.input.value.slice(0, at.start)}${name} ${this.input.value.slice(caret)}`;
    const end = at.start + name.length + 1;
    this.input.setSelectionRange(end, end);
    this.close();
    this.onPick();
  }

  render(): void {
    const open = this.#choices.length > 0;
    this.list.replaceChildren(...this.#choices.map((name, i) => this.option(name, i)));
    this.list.hidden = !open;
    this.input.setAttribute('aria-expanded', String(open));
    if (open) this.input.setAttribute('aria-activedescendant', `mention-${this.#active}`);
    else this.input.removeAttribute('aria-activedescendant');
  }

  option(name: string, index: number): HTMLLIElement {
    const option = el('li', { id: `mention-${index}`, role: 'option', testid: 'mention-option', 'aria-selected': String(index === this.#active) }, `/${name}`);
    option.addEventListener('mousedown', (event) => {
      event.preventDefault(); // keep the focus in the message box
      this.pick(index);
    });
    return option;
  }
}

/** Completes mentions in `input` from `names()`, showing the choices in `list`; `onPick` runs after a completion. */
export function wireMentions(input: HTMLTextAreaElement, list: HTMLUListElement, names: () => readonly string[], onPick: () => void): void {
  const box = new MentionBox(input, list, names, onPick);
  input.addEventListener('input', () => box.update());
  input.addEventListener('blur', () => box.close());
  input.addEventListener('keydown', (event) => box.onKey(event));
  box.close();
}
