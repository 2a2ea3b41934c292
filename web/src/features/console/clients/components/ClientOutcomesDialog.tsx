import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../../components/ui/Dialog';
import { EmptyState } from '../../../../components/ui/EmptyState';
import { ErrorState } from '../../../../components/ui/ErrorState';
import { Skeleton } from '../../../../components/ui/Skeleton';
import type { Client } from '../../api/types';
import { StatCard } from '../../components/Feedback';
import { useServiceTitle } from '../../hooks/useServices';
import { fullName } from '../../lib/format';
import { formatDate } from '../../lib/time';
import { clientOutcomeQueries } from '../api/outcomes';

const COUNTED = ['attended', 'no_show', 'agency_cancelled', 'missing'] as const;

/** The client's record of past meetings: each outcome counted, then meeting by meeting. */
export function ClientOutcomesDialog({ client, onClose }: { client: Client | null; onClose: () => void }) {
  const { t } = useTranslation('console');
  if (!client) return null;
  return (
    <Dialog open title={t('clients.outcomes.title', { name: fullName(client) })} onClose={onClose} size="large">
      <ClientOutcomesBody id={client.id} />
    </Dialog>
  );
}

function ClientOutcomesBody({ id }: { id: string }) {
  const { t, i18n } = useTranslation('console');
  const serviceTitle = useServiceTitle();
  const q = useQuery(clientOutcomeQueries.of(id));
  if (q.error && !q.data) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Skeleton rows={3} />;
  const d = q.data;
  return (
    <div className="details" data-testid="client-outcomes">
      {d.no_show_badge && <p className="badge badge--no-show">{t('outcomes.noShowBadge', { count: d.counts.no_show })}</p>}
      <div className="stats-grid">
        {COUNTED.map((k) => (
          <StatCard key={k} label={t(`outcomes.value.${k}`)} value={d.counts[k]} />
        ))}
      </div>
      {d.appointments.length === 0 ? (
        <EmptyState>{t('clients.outcomes.none')}</EmptyState>
      ) : (
        <ul className="history">
          {d.appointments.map((a) => (
            <li key={a.id}>
              <p>
                {formatDate(i18n.language, a.date)} {a.time} · {serviceTitle(a.service) || t('appointments.general')}
              </p>
              <p className="muted">
                {a.outcome ? t(`outcomes.value.${a.outcome}`) : a.status === 'cancelled' ? t('status.cancelled') : t('outcomes.value.missing')}
                {a.outcome_by ? ` · ${a.outcome_by}` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
