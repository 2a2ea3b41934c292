import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../components/ui/PageLoader';
import { Toaster } from '../../components/ui/Toaster';
import { isDownload, track, trackVisit } from '../../lib/analytics';
import { captureVisit } from '../../lib/attribution';
import { replayInput } from '../../lib/heldInput';
import { ChatWidget } from '../chat';
import { FloatingButtons } from './components/FloatingButtons';
import { MaintenanceBanner } from './components/MaintenanceBanner';
import { SiteFooter } from './components/SiteFooter';
import { SiteHeader } from './components/SiteHeader';
import { SiteInfoProvider, useMaintenance } from './SiteInfo';
import './site.css';

/** Replays what was pressed before the app ran, once the page around it is hydrated. */
function ReplayHeldInput() {
  useEffect(replayInput, []);
  return null;
}

function Chat() {
  return <ChatWidget disabled={useMaintenance()} />;
}

/** Frame of every public page: header, the page, footer, floating buttons and Dota. */
export default function SiteLayout() {
  const { t } = useTranslation(['common', 'site']);
  const { pathname, hash } = useLocation();

  // A new page starts at the top, unless the link names an anchor. The page the browser
  // loaded is where the browser put it (at the top, or where it was before a reload).
  const navigated = useRef(false);
  useEffect(() => {
    if (navigated.current && !hash) window.scrollTo(0, 0);
    navigated.current = true;
  }, [pathname, hash]);

  // Where the visit came from is kept for what it leads to; its first page counts it.
  useEffect(() => {
    const { attribution, first } = captureVisit();
    if (first) trackVisit(attribution);
  }, []);

  // Downloads of documents (pdf, doc, docx) anywhere on the site are counted.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const a = (event.target as Element | null)?.closest?.('a');
      if (a && isDownload(a.href)) track('file_download', { file: a.pathname });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  return (
    <SiteInfoProvider>
      <div className="site">
        <a className="skip-link" href="#main">
          {t('skipToContent')}
        </a>
        <MaintenanceBanner />
        <SiteHeader />
        <main id="main" className="site-main" tabIndex={-1}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
            <ReplayHeldInput />
          </Suspense>
        </main>
        <SiteFooter />
        <FloatingButtons />
        <Chat />
        <Toaster />
      </div>
    </SiteInfoProvider>
  );
}
