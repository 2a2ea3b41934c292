import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../../components/ui/ErrorState';
import { Skeleton } from '../../../../components/ui/Skeleton';
import { myAlertQueries } from '../api/alerts';
import { AlertChoices } from './AlertChoices';
import { BrowserAlerts } from './BrowserAlerts';

/** The profile's alerts: this browser's push alerts, and what reaches the user and how. */
export function AlertsCard() {
  const { t } = useTranslation('console');
  const preferences = useQuery(myAlertQueries.preferences());

  return (
    <section className="card alerts-card" aria-labelledby="profile-alerts-title">
      <h2 id="profile-alerts-title">{t('alerts.title')}</h2>
      <p className="muted">{t('alerts.intro')}</p>
      {preferences.error && !preferences.data ? (
        <ErrorState error={preferences.error} title={t('alerts.fetchFailed')} onRetry={() => void preferences.refetch()} />
      ) : !preferences.data ? (
        <Skeleton rows={4} />
      ) : (
        <>
          <BrowserAlerts preferences={preferences.data} />
          <AlertChoices preferences={preferences.data} />
        </>
      )}
    </section>
  );
}
