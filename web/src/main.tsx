import { whenNeeded } from './app/wake';
import { holdInput } from './lib/heldInput';
import './styles/global.css';

/** Requests started in one task: each costs the page a few milliseconds to start. */
const REQUESTS_PER_TASK = 4;

/** Runs jobs a few per task, so that starting many requests does not hold the page. */
function spread(jobs: (() => void)[]) {
  for (const job of jobs.splice(0, REQUESTS_PER_TASK)) job();
  if (jobs.length > 0) setTimeout(() => spread(jobs), 0);
}

/**
 * Starts the page's route loader (app/load.ts: its requests, into the cache the app will
 * read), then fetches the app with the scripts the prerendered page named (in their
 * order: React first).
 */
function fetchApp(root: HTMLElement) {
  const jobs = (root.dataset.preload?.split(' ') ?? []).filter(Boolean).map((href) => () => {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    link.crossOrigin = '';
    document.head.appendChild(link);
  });
  const { route, lang } = root.dataset;
  if (route && lang) {
    // In the language the server chose for the page, which is the visitor's (?lang=, cookie).
    jobs.unshift(() => void import('./app/load').then((m) => m.loadPage(route, window.location.pathname, lang)));
  }
  spread(jobs);
}

/**
 * Starts the app: the libraries are evaluated first and the app in a later task, so that
 * neither holds the page for long.
 */
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
