// Presses made on a prerendered page before the app runs: a button's click or a form's
// submission would otherwise do nothing (or reload the page). They are held, and
// replayed once the app has taken the page over.

const held: Element[] = [];

function hold(event: Event): void {
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return;
  const pressed = event.type === 'submit' ? target : target.closest('button, input[type="submit"], [role="button"]');
  if (!pressed) return; // links navigate by themselves
  event.preventDefault();
  event.stopPropagation();
  if (!held.includes(pressed)) held.push(pressed);
}

/** Starts holding presses (the boot script calls it on a prerendered page). */
export function holdInput(): void {
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
}

/** Stops holding and replays what was pressed, in order, once the page is hydrated. */
export function replayInput(): void {
  document.removeEventListener('click', hold, true);
  document.removeEventListener('submit', hold, true);
  for (const element of held.splice(0)) {
    if (!element.isConnected) continue;
    if (element instanceof HTMLFormElement) element.requestSubmit();
    else if (element instanceof HTMLElement) element.click();
  }
}
