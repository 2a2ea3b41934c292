import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../components/ui/toast';
import { keys } from '../../api/keys';
import type { Appointment } from '../../api/types';
import { useFallbackPoll, useLiveEvents, useLiveInvalidate } from '../../hooks/useLive';

/** Appointments of several live events arriving together are announced as one batch. */
const BATCH_MS = 400;

/** What the live part of the appointments page gives it. */
export interface AppointmentsLive {
  /** Appointments that arrived since staff last cleared the count. */
  unread: number;
  clearUnread: () => void;
  /** Reads the list, the counts and the calendar again; resolves once they are in. */
  refresh: () => Promise<void>;
}

/**
 * The appointments page's live part: new appointments are announced (a burst as one
 * toast) and counted, deleted ones leave the selection (onGone), and every change reads
 * the page's data again; while the stream is down, a poll every 60 s does.
 */
export function useAppointmentsLive(onGone: (ids: string[]) => void): AppointmentsLive {
  const { t } = useTranslation('console');
  const client = useQueryClient();
  const [unread, setUnread] = useState(0);
  const pending = useRef<Appointment[]>([]);
  const batchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (batchTimer.current) clearTimeout(batchTimer.current);
    },
    [],
  );

  const refresh = useCallback(() => client.invalidateQueries({ queryKey: keys.appointments }), [client]);

  const announce = () => {
    const arrived = pending.current;
    pending.current = [];
    if (arrived.length === 1) {
      const a = arrived[0];
      toast.info(t('appointments.newToast'), {
        description: t('appointments.newToastBody', { name: a.name, email: a.email || '—', service: a.service || t('appointments.general') }),
        duration: 5000,
      });
    } else if (arrived.length > 1) {
      toast.info(t('appointments.batchToast', { count: arrived.length }), { duration: 4000 });
    }
  };

  useLiveEvents(['appointment.'], (event) => {
    if (event.kind === 'appointment.created' && event.appointment) {
      pending.current.push(event.appointment);
      setUnread((n) => n + 1);
      if (batchTimer.current) clearTimeout(batchTimer.current);
      batchTimer.current = setTimeout(announce, BATCH_MS);
    }
    if (event.kind === 'appointment.deleted' && event.ids) onGone(event.ids);
  });
  useLiveInvalidate(['appointment.'], [keys.appointments]);
  useFallbackPoll(() => void refresh(), 60_000);

  return { unread, clearUnread: useCallback(() => setUnread(0), []), refresh };
}
