// When a prerendered page that shows everything it has without the app starts the app.
// Such a page reads and navigates as it is (its links are plain links), so the app's code
// is fetched and run only once the visitor needs it, and a phone that only reads the page
// never pays for it:
// - at the visitor's first gesture: a press, a touch, a key, the wheel, a scroll, focus,
//   the pointer moving over the page (what was pressed or typed meanwhile is held and
//   replayed, lib/heldInput.ts);
// - when a part that waits for the app's data comes into view (marked aria-busy);
// - at once when the page is not in the language the visitor chose, when the chat panel
//   was open before a reload or the address links to a conversation (an e-mailed staff
//   answer), or when the site is in maintenance (its notice, and the chat's closed state,
//   are the app's).
import { panelWasOpen, resumeToken } from '../features/chat/persistence';
import { storedLanguage } from '../lib/language';

/** Events that mean the visitor is using the page. */
const GESTURES = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'] as const;

/** Selector of the parts of a page waiting for the app's data. */
const AWAITING = '[aria-busy="true"]';

/** Calls start once, when the visitor needs the app on the page in root. */
export function whenNeeded(root: HTMLElement, start: () => void): void {
  let started = false;
  const options = { capture: true, passive: true } as const;
  const observer =
    'IntersectionObserver' in window
      ? new IntersectionObserver((entries) => {
          if (entries.some((entry) => entry.isIntersecting)) wake();
        })
      : null;
  function wake() {
    if (started) return;
    started = true;
    for (const type of GESTURES) document.removeEventListener(type, wake, options);
    observer?.disconnect();
    start();
  }

  const chosen = storedLanguage();
  if (!observer || panelWasOpen() || resumeToken() || (chosen && chosen !== root.dataset.lang)) {
    wake();
    return;
  }
  for (const type of GESTURES) document.addEventListener(type, wake, options);
  for (const part of root.querySelectorAll(AWAITING)) observer.observe(part);
  // Asked into the cache the app reads (app/load.ts): the app takes this answer.
  void import('./load')
    .then((m) => m.loadSiteInfo())
    .then(
      (info) => info?.maintenance_mode && wake(),
      () => {}, // unknown counts as not in maintenance, as in the app
    );
}
