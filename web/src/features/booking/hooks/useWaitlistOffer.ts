import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { getOffer, isOfferToken, type WaitlistOffer } from '../api/offer';

/** Where the offer page stands with its offer. */
export type OfferState =
  | { kind: 'loading' }
  /** The link is unknown or malformed. */
  | { kind: 'invalid' }
  /** The offer expired, was declined or withdrawn, or its slot passed. */
  | { kind: 'gone' }
  /** The server could not answer (network, rate limit, failure): trying again may help. */
  | { kind: 'failed'; error: unknown }
  | { kind: 'ready'; offer: WaitlistOffer };

/** What useWaitlistOffer gives the page. */
export interface WaitlistOfferResource {
  state: OfferState;
  /** Asks the server again (after a failure, or when the hold runs out on screen). */
  reload: () => void;
  /** Shows the offer as an action left it. */
  replace: (offer: WaitlistOffer) => void;
}

const offerKey = (token: string | undefined, lang: string) => ['waitlist-offer', token, lang];

/**
 * Loads the offer an offer link's token opens, again when the language changes (the
 * service's name is in it). A reload keeps the offer on screen until the answer comes.
 */
export function useWaitlistOffer(token: string | undefined): WaitlistOfferResource {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const client = useQueryClient();
  const valid = isOfferToken(token);
  const query = useQuery({
    queryKey: offerKey(token, lang),
    queryFn: ({ signal }) => getOffer(token ?? '', signal),
    enabled: valid,
  });

  let state: OfferState;
  if (!valid) state = { kind: 'invalid' };
  else if (query.isError && !query.isFetching) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    state = status === 404 ? { kind: 'invalid' } : status === 410 ? { kind: 'gone' } : { kind: 'failed', error: query.error };
  } else if (query.data) state = { kind: 'ready', offer: query.data };
  else state = { kind: 'loading' };

  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  const replace = useCallback((offer: WaitlistOffer) => client.setQueryData(offerKey(token, lang), offer), [client, token, lang]);
  return { state, reload, replace };
}
