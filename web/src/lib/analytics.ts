// First-party analytics: the six events of the public site go to POST /api/events,
// where they are counted. A third-party tag (Google Analytics, gtag.js) also gets them,
// with page views, only when the build sets VITE_ANALYTICS_ID; it is off by default.
import { api } from './api';
import type { Attribution } from './attribution';

/** The events the public site reports. */
export type AnalyticsEvent =
  | 'service_inquiry'
  | 'contact_form_submit'
  | 'appointment_booking_start'
  | 'project_view'
  | 'social_media_click'
  | 'file_download';

type Props = Record<string, string | number | boolean>;

const tagId: string = import.meta.env.VITE_ANALYTICS_ID ?? '';

interface TagWindow {
  dataLayer?: unknown[];
}

let tagLoaded = false;
// Set once this document has shown a private page (see tag).
let sawPrivatePage = typeof window !== 'undefined' && isPrivatePath(window.location.pathname);

/** Whether an address carries a secret: a manage link's token (/manage/{token}). */
export function isPrivatePath(pathname: string): boolean {
  return pathname === '/manage' || pathname.startsWith('/manage/');
}

function tag(...args: unknown[]): void {
  if (!tagId) return;
  // The tag reads the page's address on its own, and after a navigation inside the app
  // the previous one too: once a private page has been open, it hears nothing more from
  // this document. (The first-party events never carry an address.)
  if (isPrivatePath(window.location.pathname)) sawPrivatePage = true;
  if (sawPrivatePage) return;
  const w = window as unknown as TagWindow;
  if (!tagLoaded) {
    tagLoaded = true;
    w.dataLayer = w.dataLayer ?? [];
    const script = document.createElement('script');
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(tagId)}`;
    document.head.appendChild(script);
    w.dataLayer.push(['js', new Date()]);
    w.dataLayer.push(['config', tagId, { send_page_view: false }]);
  }
  w.dataLayer!.push(args);
}

/** Reports one event; failures are ignored, analytics never gets in the visitor's way. */
export function track(name: AnalyticsEvent, props: Props = {}): void {
  api.post('/api/events', { name, props }).catch(() => undefined);
  tag('event', name, props);
}

/**
 * Counts the visit's first page by where it came from (source and campaign, nothing of
 * the visitor), for the dashboard's conversion; the third-party tag hears nothing of it.
 */
export function trackVisit(attribution: Attribution): void {
  api.post('/api/events', { name: 'visit', props: {}, attribution }).catch(() => undefined);
}

/** Reports a page view to the third-party tag, when one is configured. */
export function trackPageView(path: string, title: string): void {
  tag('event', 'page_view', { page_path: path, page_title: title });
}

/** Whether a link points at a downloadable document (pdf, doc, docx). */
export function isDownload(href: string): boolean {
  return /\.(pdf|docx?)(?:[?#].*)?$/i.test(href);
}
