import { useCallback, useEffect, useState } from 'react';
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

/**
 * Loads the offer an offer link's token opens, again when the language changes (the
 * service's name is in it). A reload keeps the offer on screen until the answer comes.
 */
export function useWaitlistOffer(token: string | undefined): WaitlistOfferResource {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const [state, setState] = useState<OfferState>({ kind: 'loading' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!isOfferToken(token)) {
      setState({ kind: 'invalid' });
      return;
    }
    const controller = new AbortController();
    setState((s) => (s.kind === 'ready' ? s : { kind: 'loading' }));
    getOffer(token, controller.signal).then(
      (offer) => {
        if (!controller.signal.aborted) setState({ kind: 'ready', offer });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setState({ kind: 'invalid' });
        else if (error instanceof ApiError && error.status === 410) setState({ kind: 'gone' });
        else setState({ kind: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [token, lang, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const replace = useCallback((offer: WaitlistOffer) => setState({ kind: 'ready', offer }), []);
  return { state, reload, replace };
}
