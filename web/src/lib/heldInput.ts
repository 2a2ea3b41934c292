// What the visitor does on a prerendered page before the app runs. A button's click or a
// form's submission would otherwise do nothing (or reload the page): they are held, and
// replayed once the app has taken the page over. Text typed and choices made in form
// fields stay in the fields; the app is told about them as if they were made afresh, and
// about the field that has the focus.

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const held: Element[] = [];
/** Fields the visitor changed, with what they made of them. */
const changed = new Map<Field, string | boolean>();

function isField(target: EventTarget | null): target is Field {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

function hold(event: Event): void {
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return;
  const pressed = event.type === 'submit' ? target : target.closest('button, input[type="submit"], [role="button"]');
  if (!pressed) return; // links navigate by themselves
  event.preventDefault();
  event.stopPropagation();
  if (!held.includes(pressed)) held.push(pressed);
}

function isChoice(field: Field): field is HTMLInputElement {
  return field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
}

function noteChange(event: Event): void {
  const field = event.target;
  if (isField(field)) changed.set(field, isChoice(field) ? field.checked : field.value);
}

/**
 * Tells React about a value the visitor set before it ran, as if it were set now. The
 * field may hold it still, or the app may have drawn its own value over it since; either
 * way React must see a change: the field is first set to something else through React's
 * own tracking of it, then to the visitor's value past that tracking.
 */
function replayChange(field: Field, value: string | boolean): void {
  if (typeof value === 'boolean') {
    if (!(field instanceof HTMLInputElement)) return;
    field.checked = !value;
    field.click(); // React listens to clicks on these; the click makes the visitor's choice again
    return;
  }
  if (field instanceof HTMLSelectElement) {
    field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  field.value = value === field.defaultValue ? `${value} ` : field.defaultValue;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Starts holding presses and noting changes (the boot script calls it on a prerendered page). */
export function holdInput(): void {
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
  document.addEventListener('input', noteChange, true);
  document.addEventListener('change', noteChange, true);
}

/** Stops holding and replays, in order, what was done, once the page is hydrated. */
export function replayInput(): void {
  document.removeEventListener('click', hold, true);
  document.removeEventListener('submit', hold, true);
  document.removeEventListener('input', noteChange, true);
  document.removeEventListener('change', noteChange, true);
  for (const [field, value] of changed) if (field.isConnected) replayChange(field, value);
  changed.clear();
  const focused = document.activeElement;
  if (isField(focused)) focused.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  // Presses come after the app has drawn the replayed values (in a later task), so that a
  // form submitted before the app ran sends what was typed.
  const presses = held.splice(0);
  if (presses.length === 0) return;
  setTimeout(() => {
    for (const element of presses) {
      if (!element.isConnected) continue;
      if (element instanceof HTMLFormElement) element.requestSubmit();
      else if (element instanceof HTMLElement) element.click();
    }
  }, 0);
}
