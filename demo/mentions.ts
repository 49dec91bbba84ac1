/**
 * Satchel demo: `/name` and `$name` completion in the message box, as a WAI-ARIA combobox over a listbox.
 */
import { el } from './dom.js';

/** The mention being typed just before the caret: its sigil, the partial name, and where it starts. */
export function mentionAtCaret(text: string, caret: number): { prefix: string; start: number } | undefined {
  const match = /(?:^|[\s([{"'`])([/$])([\p{L}\p{N}_.:-]*)$/u.exec(text.slice(0, caret));
  if (!match) return undefined;
  const partial = match[2] ?? '';
  return { prefix: partial, start: caret - partial.length };
}

/** Completes mentions in `input` from `names()`, showing the choices in `list`. */
export function wireMentions(input: HTMLTextAreaElement, list: HTMLUListElement, names: () => readonly string[], onPick: () => void): void {
  let choices: string[] = [];
  let active = 0;

  const close = (): void => {
    choices = [];
    list.replaceChildren();
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
  };

  const render = (): void => {
    list.replaceChildren(
      ...choices.map((name, i) => {
        const option = el('li', { id: `mention-${i}`, role: 'option', testid: 'mention-option', 'aria-selected': String(i === active) }, `/${name}`);
        option.addEventListener('mousedown', (event) => {
          event.preventDefault(); // keep the focus in the message box
          pick(i);
        });
        return option;
      }),
    );
    list.hidden = choices.length === 0;
    input.setAttribute('aria-expanded', String(choices.length > 0));
    if (choices.length > 0) input.setAttribute('aria-activedescendant', `mention-${active}`);
  };

  const pick = (index: number): void => {
    const name = choices[index];
    const at = mentionAtCaret(input.value, input.selectionStart);
    if (name === undefined || !at) return close();
    const caret = input.selectionStart;
    input.value = `${input.value.slice(0, at.start)}${name} ${input.value.slice(caret)}`;
    const end = at.start + name.length + 1;
    input.setSelectionRange(end, end);
    close();
    onPick();
  };

  const update = (): void => {
    const at = mentionAtCaret(input.value, input.selectionStart);
    if (!at) return close();
    const prefix = at.prefix.toLowerCase();
    choices = names().filter((name) => name.startsWith(prefix) && name !== prefix).slice(0, 8);
    active = 0;
    render();
  };

  input.addEventListener('input', update);
  input.addEventListener('blur', close);
  input.addEventListener('keydown', (event) => {
    if (choices.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      active = (active + (event.key === 'ArrowDown' ? 1 : choices.length - 1)) % choices.length;
      render();
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      pick(active);
    } else if (event.key === 'Escape') {
      close();
    } else {
      return;
    }
    event.preventDefault();
  });
  close();
}
