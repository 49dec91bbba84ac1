/**
 * Satchel demo: the few page-wide events the panels share — the skills changed (a save, import, rollback, or
 * another tab), and a person asked to open a skill in the editor.
 */
const bus = new EventTarget();

/** Tells every panel the skill set changed, so each one reads what it shows again. */
export function announceChange(): void {
  bus.dispatchEvent(new Event('skills-changed'));
}

/** Runs `listener` after every {@link announceChange}. */
export function onChange(listener: () => void): void {
  bus.addEventListener('skills-changed', listener);
}

/** Asks the editor to open the user skill `name`. */
export function requestEdit(name: string): void {
  bus.dispatchEvent(new CustomEvent<string>('edit', { detail: name }));
}

/** Runs `listener` with the name of each skill a panel asks the editor to open. */
export function onEditRequest(listener: (name: string) => void): void {
  bus.addEventListener('edit', (event) => listener((event as CustomEvent<string>).detail));
}

/** Asks the tool panel to show what `skills.load` returns for `name`. */
export function requestLoad(name: string): void {
  bus.dispatchEvent(new CustomEvent<string>('load', { detail: name }));
}

/** Runs `listener` with the name of each skill a panel asks to load. */
export function onLoadRequest(listener: (name: string) => void): void {
  bus.addEventListener('load', (event) => listener((event as CustomEvent<string>).detail));
}
