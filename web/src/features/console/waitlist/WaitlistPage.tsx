import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/Dialog';
import { Skeleton } from '../../../components/ui/Skeleton';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { keys } from '../api/keys';
import { waitlistQueries } from './api/waitlist';
import { toastFailure } from '../../../lib/mutation';
import { useRemoveFromWaitlistMutation, type WaitlistEntry } from './api/waitlist';
import { LiveBadge } from '../components/Badges';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ErrorState } from '../../../components/ui/ErrorState';
import { WaitlistSlotCard } from './components/WaitlistSlotCard';
import { useFallbackPoll, useLiveInvalidate } from '../hooks/useLive';
import { useCan } from '../hooks/useSession';
import { formatDate } from '../lib/time';

/** An entry staff asked to remove, with its slot in words. */
interface Removal {
  entry: WaitlistEntry;
  slotText: string;
}

/**
 * /admin/waitlist: the lines of full slots, slot by slot (one date, or every slot from
 * today on), refreshed as they change; staff with waitlist.remove take people out of line.
 */
export default function WaitlistPage() {
  const { t, i18n } = useTranslation('console');
  const canRemove = useCan('waitlist.remove');
  const [date, setDate] = useState('');
  const [removal, setRemoval] = useState<Removal | null>(null);
  const removing = useRemoveFromWaitlistMutation();
  const client = useQueryClient();
  const list = useQuery(waitlistQueries.slots(date));
  const refresh = () => void client.invalidateQueries({ queryKey: keys.waitlist });
  useLiveInvalidate(['waitlist.'], [keys.waitlist]);
  useFallbackPoll(refresh, 60_000);
  const slots = list.data ?? [];

  const remove = ({ entry }: Removal) =>
    removing.mutate(entry.id, {
      onSuccess: () => {
        toast.success(t('waitlist.removed', { name: entry.name }));
        setRemoval(null);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 404) {
          toast.error(t('waitlist.alreadyGone', { name: entry.name }));
          setRemoval(null);
        } else {
          toastFailure((message) => [t('waitlist.removeFailed', { name: entry.name }), message])(err);
        }
      },
    });

  const offered = removal?.entry.state === 'offered';
  return (
    <section className="page" aria-labelledby="waitlist-title">
      <header className="page__header">
        <div>
          <h1 id="waitlist-title">{t('waitlist.title')}</h1>
          <p className="page__meta">{t('waitlist.intro')}</p>
        </div>
        <div className="page__actions">
          <LiveBadge />
          <button type="button" className="btn" onClick={refresh}>
            {t('action.refresh')}
          </button>
        </div>
      </header>
      <div className="filters" role="search">
        <label className="field field--inline">
          <span>{t('waitlist.dateFilter')}</span>
          <input type="date" value={date} onChange={(e) => setDate(e.target.value)} aria-describedby="waitlist-date-hint" />
        </label>
        {date && (
          <button type="button" className="btn" onClick={() => setDate('')}>
            {t('waitlist.allUpcoming')}
          </button>
        )}
        <p id="waitlist-date-hint" className="field__hint">
          {date ? t('waitlist.showingDate', { date: formatDate(i18n.language, date) }) : t('waitlist.showingUpcoming')}
        </p>
      </div>
      {list.error && !list.data ? (
        <ErrorState error={list.error} title={t('waitlist.fetchFailed')} onRetry={refresh} />
      ) : list.isPending ? (
        <Skeleton rows={6} />
      ) : slots.length === 0 ? (
        <EmptyState>{date ? t('waitlist.emptyDate', { date: formatDate(i18n.language, date) }) : t('waitlist.empty')}</EmptyState>
      ) : (
        slots.map((slot) => (
          <WaitlistSlotCard
            key={slot.date + slot.time}
            slot={slot}
            canRemove={canRemove}
            onRemove={(entry, slotText) => setRemoval({ entry, slotText })}
          />
        ))
      )}
      <ConfirmDialog
        open={removal !== null}
        title={t('waitlist.removeTitle')}
        message={
          removal
            ? t(offered ? 'waitlist.confirmRemoveOffered' : 'waitlist.confirmRemove', { name: removal.entry.name, slot: removal.slotText })
            : ''
        }
        confirmLabel={t('waitlist.remove')}
        busy={removing.isPending}
        onConfirm={() => removal && remove(removal)}
        onCancel={() => setRemoval(null)}
      />
    </section>
  );
}
