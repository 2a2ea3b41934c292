import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
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

const manageKey = (token: string | undefined, lang: string) => ['manage', token, lang];

/**
 * Loads the appointment a manage link's token opens, again when the language changes
 * (the service's name and the server's messages are in it). A reload keeps the
 * appointment on screen until the answer comes.
 */
export function useManagedAppointment(token: string | undefined): ManagedAppointmentResource {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const client = useQueryClient();
  const valid = isManageToken(token);
  const query = useQuery({
    queryKey: manageKey(token, lang),
    queryFn: ({ signal }) => getManagedAppointment(token ?? '', signal),
    enabled: valid,
  });

  let state: ManageState;
  if (!valid) state = { kind: 'invalid' };
  else if (query.isError && !query.isFetching) {
    const gone = query.error instanceof ApiError && query.error.status === 404;
    state = gone ? { kind: 'invalid' } : { kind: 'failed', error: query.error };
  } else if (query.data) state = { kind: 'ready', appointment: query.data };
  else state = { kind: 'loading' };

  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  const replace = useCallback(
    (appointment: ManagedAppointment) => client.setQueryData(manageKey(token, lang), appointment),
    [client, token, lang],
  );
  return { state, reload, replace };
}
