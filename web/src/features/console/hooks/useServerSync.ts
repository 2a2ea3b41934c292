import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { keys } from '../api/keys';
import { useSession } from './useSession';

/** A read of the console answered 401 (logout elsewhere, role change): back to the login form. */
export function useExpireOnUnauthenticated(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        const { error } = event.action;
        if (event.query.queryKey[0] === keys.all[0] && error instanceof ApiError && error.status === 401) {
          useSession.getState().expire();
        }
      }),
    [client],
  );
}

/**
 * After a change of language, asks the server again for what it words: the menu (in /me)
 * and every screen's data.
 */
export function useRefreshOnLanguage(enabled: boolean): void {
  const { i18n } = useTranslation();
  const client = useQueryClient();
  const lang = i18n.resolvedLanguage;
  const shown = useRef(lang);
  useEffect(() => {
    if (shown.current === lang) return;
    shown.current = lang;
    if (!enabled) return;
    void useSession.getState().load();
    void client.invalidateQueries({ queryKey: keys.all });
  }, [enabled, lang, client]);
}
