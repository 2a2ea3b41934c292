import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { isManageToken } from '../api/manage';
import { reconfirm, type Reconfirmation } from '../api/reconfirm';

/** Where the reconfirmation page stands. */
export type ReconfirmState =
  | { kind: 'loading' }
  /** The link is unknown or malformed. */
  | { kind: 'invalid' }
  /** The appointment is cancelled or has begun: the server's words say which. */
  | { kind: 'gone'; message: string }
  /** The server could not answer (network, rate limit, failure): trying again may help. */
  | { kind: 'failed'; error: unknown }
  | { kind: 'ready'; reconfirmation: Reconfirmation };

/**
 * Records the reconfirmation a link's token names (the server keeps the first one) and
 * shows it, again when the language changes (the service's name is in it).
 */
export function useReconfirmation(token: string | undefined): { state: ReconfirmState; reload: () => void } {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const valid = isManageToken(token);
  const query = useQuery({
    queryKey: ['reconfirm', token, lang],
    queryFn: ({ signal }) => reconfirm(token ?? '', signal),
    enabled: valid,
    staleTime: Infinity,
  });

  let state: ReconfirmState;
  if (!valid) state = { kind: 'invalid' };
  else if (query.isError && !query.isFetching) {
    const err = query.error;
    if (err instanceof ApiError && err.status === 404) state = { kind: 'invalid' };
    else if (err instanceof ApiError && err.status === 410) state = { kind: 'gone', message: err.message };
    else state = { kind: 'failed', error: err };
  } else if (query.data) state = { kind: 'ready', reconfirmation: query.data };
  else state = { kind: 'loading' };

  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  return { state, reload };
}
