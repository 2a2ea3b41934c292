import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** The console's web app manifest: installing it opens the console (public/admin/). */
export const CONSOLE_MANIFEST = '/admin/manifest.webmanifest';

/** A message of the console's service worker asking the tab to show a page. */
interface OpenMessage {
  type: 'dota:open';
  url: string;
}

function isOpenMessage(data: unknown): data is OpenMessage {
  return (
    typeof data === 'object' && data !== null && (data as OpenMessage).type === 'dota:open' &&
    typeof (data as OpenMessage).url === 'string' && (data as OpenMessage).url.startsWith('/admin')
  );
}

/**
 * Makes the console an app: names its manifest while the console is shown (the public
 * site names none, so it is never offered for install), and follows the service worker
 * when a click on an alert asks this tab to show the alert's page.
 */
export function useInstallableConsole() {
  const navigate = useNavigate();

  useEffect(() => {
    if (document.querySelector(`link[rel="manifest"][href="${CONSOLE_MANIFEST}"]`)) return;
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = CONSOLE_MANIFEST;
    document.head.appendChild(link);
    return () => link.remove();
  }, []);

  useEffect(() => {
    const container = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
    if (!container) return;
    const follow = (event: MessageEvent) => {
      if (isOpenMessage(event.data)) navigate(event.data.url);
    };
    container.addEventListener('message', follow);
    // Messages wait until the page says it listens (they would otherwise wait for the load).
    container.startMessages();
    return () => container.removeEventListener('message', follow);
  }, [navigate]);
}
