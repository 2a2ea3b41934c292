import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { getManagedAppointment, isManageToken, type ManagedAppointment } from '../api/manage';

/** Where the manage page stands with its appointment. */
export type ManageState =
  | { kind: 'loading' }
  /** The link is unknown, expired or malformed: the appointment cannot be reached with it. */
  | { kind: 'invalid' }
  /** The server could not answer (network, rate limit, failure): trying again may help. */
  | { kind: 'failed'; error: unknown }
  | { kind: 'ready'; appointment: ManagedAppointment };

/** What useManagedAppointment gives the page. */
export interface ManagedAppointmentResource {
  state: ManageState;
  /** Asks the server again (after a refusal that says the appointment changed). */
  reload: () => void;
  /** Shows the appointment a change returned. */
  replace: (appointment: ManagedAppointment) => void;
}

/**
 * Loads the appointment a manage link's token opens, again when the language changes
 * (the service's name and the server's messages are in it). A reload keeps the
 * appointment on screen until the answer comes.
 */
export function useManagedAppointment(token: string | undefined): ManagedAppointmentResource {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const [state, setState] = useState<ManageState>({ kind: 'loading' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!isManageToken(token)) {
      setState({ kind: 'invalid' });
      return;
    }
    const controller = new AbortController();
    setState((s) => (s.kind === 'ready' ? s : { kind: 'loading' }));
    getManagedAppointment(token, controller.signal).then(
      (appointment) => {
        if (!controller.signal.aborted) setState({ kind: 'ready', appointment });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const gone = error instanceof ApiError && error.status === 404;
        setState(gone ? { kind: 'invalid' } : { kind: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [token, lang, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const replace = useCallback((appointment: ManagedAppointment) => setState({ kind: 'ready', appointment }), []);
  return { state, reload, replace };
}
