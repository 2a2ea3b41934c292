import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Table } from '../../../../components/ui/Table';
import { toast } from '../../../../components/ui/toast';
import { toastFailure } from '../../../../lib/mutation';
import { keys } from '../../api/keys';
import { useLiveInvalidate } from '../../hooks/useLive';
import { formatDateTime } from '../../lib/time';
import { backupQueries, useBackUpNowMutation } from '../api/backups';

/** A size in bytes as the reader's language writes it: kB under a megabyte, else MB. */
export function formatSize(lang: string, bytes: number): string {
  const [unit, n] = bytes < 1_000_000 ? (['kilobyte', bytes / 1000] as const) : (['megabyte', bytes / 1_000_000] as const);
  return new Intl.NumberFormat(lang, { style: 'unit', unit, maximumFractionDigits: 1 }).format(n);
}

/**
 * The backups on the Settings page: why none can be made on this server, if so; the runs,
 * newest first, with their state; and "back up now". A run under way is followed live
 * (backup.updated), and polled while it runs in case the stream is down.
 */
export function BackupsCard() {
  const { t, i18n } = useTranslation('console');
  const backups = useQuery({
    ...backupQueries.list(),
    refetchInterval: (q) => (q.state.data?.runs.some((r) => r.state === 'running') ? 5000 : false),
  });
  useLiveInvalidate(['backup.'], [keys.backups]);
  const now = useBackUpNowMutation();
  const data = backups.data;
  const running = data?.runs.some((r) => r.state === 'running') ?? false;

  const start = () =>
    now.mutate(undefined, {
      onSuccess: () => toast.success(t('settings.backups.started')),
      onError: (err) => void toastFailure((message) => [t('settings.backups.failedToStart'), message])(err),
    });

  return (
    <section className="card settings-backups" aria-labelledby="settings-backups-title">
      <h2 id="settings-backups-title">{t('settings.backups.title')}</h2>
      {data && !data.available && (
        <p className="field__error" role="note">
          {data.reason}
        </p>
      )}
      {data?.available && <p className="field__hint">{t('settings.backups.keep', { count: data.keep })}</p>}
      <div className="page__actions">
        <button type="button" className="btn" onClick={start} disabled={!data?.available || running || now.isPending}>
          {running || now.isPending ? t('settings.backups.running') : t('settings.backups.now')}
        </button>
      </div>
      {data && data.runs.length === 0 && <p className="muted">{t('settings.backups.none')}</p>}
      {data && data.runs.length > 0 && (
        <Table
          caption={t('settings.backups.title')}
          columns={[t('settings.backups.column.started'), t('settings.backups.column.state'), t('settings.backups.column.size')]}
        >
          {data.runs.map((r) => (
            <tr key={r.id}>
              <td>
                {formatDateTime(i18n.language, r.started_at)}
                <div className="muted">{t(`settings.backups.trigger.${r.trigger}`)}</div>
              </td>
              <td>
                <span className={`badge badge--backup-${r.state}`}>{t(`settings.backups.state.${r.state}`)}</span>
                {r.error && <div className="muted settings-backups__detail">{r.error}</div>}
              </td>
              <td>
                {r.state === 'succeeded' ? formatSize(i18n.language, r.size_bytes) : '—'}
                {r.file && <div className="muted settings-backups__detail">{r.file}</div>}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}
