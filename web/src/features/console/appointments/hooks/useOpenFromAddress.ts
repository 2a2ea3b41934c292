import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from '../../../../components/ui/toast';
import type { Appointment } from '../../api/types';
import { appointmentQueries } from '../api/appointments';

/**
 * Opens the appointment the address names (?open=<id>, as a staff alert's link does) and
 * then takes it out of the address, so that closing it and reloading stay on the list.
 */
export function useOpenFromAddress(open: (appointment: Appointment) => void) {
  const { t } = useTranslation('console');
  const [params, setParams] = useSearchParams();
  const id = params.get('open');
  const detail = useQuery({ ...appointmentQueries.detail(id ?? ''), enabled: id !== null });
  const appointment = detail.data;
  const failed = detail.isError;

  useEffect(() => {
    if (id === null || (!appointment && !failed)) return;
    if (appointment) open(appointment);
    else toast.error(t('appointments.openFailed'));
    setParams(
      (p) => {
        p.delete('open');
        return p;
      },
      { replace: true },
    );
    // open is the page's dispatch, the same on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, appointment, failed]);
}
