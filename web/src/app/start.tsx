import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { initI18n } from '../lib/i18n';
import { App } from './App';
import { queryClient } from './cache';

/** Starts the app in root once the active language's texts are in (no untranslated flash). */
export async function start(root: HTMLElement): Promise<void> {
  const i18n = await initI18n();
  const app = (
    <StrictMode>
      <App client={queryClient} />
    </StrictMode>
  );
  // The server sends public pages prerendered (scripts/prerender.mjs) in the language
  // it believes is the visitor's: the app takes that markup over. Anything else (the
  // console's empty shell, or a page in another language than the one chosen here)
  // is drawn afresh. Hydration runs as a transition: it yields to the browser between
  // slices of work.
  if (root.firstElementChild && root.dataset.lang === i18n.resolvedLanguage) {
    startTransition(() => void hydrateRoot(root, app));
  } else {
    createRoot(root).render(app);
  }
}
