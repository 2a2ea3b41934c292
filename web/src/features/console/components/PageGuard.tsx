import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Skeleton } from '../../../components/ui/Skeleton';
import { toast } from '../../../components/ui/toast';
import type { PageKey } from '../api/types';
import { forbiddenTarget, useSession } from '../hooks/useSession';

/** Opens a page only for users whose /me lists it; else says so and redirects. */
export function PageGuard({ page, children }: { page: PageKey; children: ReactNode }) {
  const { t } = useTranslation('console');
  const pages = useSession((s) => s.pages);
  const allowed = pages.includes(page);
  const warned = useRef(false);
  useEffect(() => {
    if (!allowed && !warned.current) {
      warned.current = true;
      toast.error(t(`forbidden.${page}`));
    }
  }, [allowed, page, t]);
  if (!allowed) return <Navigate to={forbiddenTarget(page, pages)} replace />;
  return <Suspense fallback={<Skeleton rows={6} />}>{children}</Suspense>;
}
