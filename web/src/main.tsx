import { prefetchPage } from './app/prefetch';
import { whenNeeded } from './app/wake';
import { setRequestLanguage } from './lib/api';
import { holdInput } from './lib/heldInput';
import './styles/global.css';

/**
 * Fetches the app with the scripts the prerendered page named, and starts the page's own
 * requests alongside.
 */
function fetchApp(root: HTMLElement) {
  for (const href of root.dataset.preload?.split(' ') ?? []) {
    if (!href) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    link.crossOrigin = '';
    document.head.appendChild(link);
  }
  if (root.dataset.route && root.dataset.lang) {
    // In the language the server chose for the page, which is the visitor's (?lang=, cookie).
    setRequestLanguage(root.dataset.lang);
    prefetchPage(root.dataset.route, window.location.pathname);
  }
}

/** Starts the app: the libraries are evaluated first and the app in a later task, so neither holds the page for long. */
function runApp(root: HTMLElement) {
  void import('./app/runtime')
    .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
    .then(() => import('./app/start'))
    .then((m) => m.start(root));
}

function main() {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  // The console's empty shell starts the app at once.
  if (!root.firstElementChild || !('PerformanceObserver' in window)) {
    fetchApp(root);
    runApp(root);
    return;
  }
  // A prerendered page is on screen before any script. One that shows all it has starts
  // the app when the visitor needs it (app/wake.ts); one whose content comes from the API
  // fetches the app and its data at once, and starts the app once the browser has painted
  // the page (or after a moment, when it cannot tell).
  holdInput(); // until the page is hydrated (SiteLayout replays what was pressed or typed)
  if (root.dataset.start === 'on-demand') {
    whenNeeded(root, () => {
      fetchApp(root);
      runApp(root);
    });
    return;
  }
  fetchApp(root);
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    runApp(root);
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) once();
  });
  observer.observe({ type: 'paint', buffered: true });
  setTimeout(once, 1000);
}

// The script may run before the page is parsed (it loads asynchronously).
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', main, { once: true });
else main();
