import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { Skeleton } from '../../../components/ui/Skeleton';
import { consultantQueries } from '../api/consultants';
import { useSession } from '../hooks/useSession';

/** Where a consultant lands: their own appointments, as a filter they can clear. */
export const MY_APPOINTMENTS = '/admin/appointments?consultant=me';

/**
 * Where the console opens after sign-in: a consultant who may see the appointments lands
 * on their own; everyone else on fallback. Waits for the consultants' list (a failed read
 * lands on fallback).
 */
export function Landing({ fallback }: { fallback: string }) {
  const user = useSession((s) => s.user);
  const pages = useSession((s) => s.pages);
  const mayList = pages.includes('appointments');
  const consultants = useQuery({ ...consultantQueries.list(), enabled: mayList });
  if (mayList && consultants.isPending) return <Skeleton rows={3} />;
  const consultant = (consultants.data ?? []).some((c) => c.user_id === user?.id);
  return <Navigate to={mayList && consultant ? MY_APPOINTMENTS : fallback} replace />;
}
