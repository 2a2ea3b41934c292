import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { keys } from '../api/keys';
import { useFallbackPoll } from '../hooks/useLive';
import { AlertLedger } from './components/AlertLedger';
import { CustomerLedger } from './components/CustomerLedger';

/**
 * /admin/messages: the ledgers of what Dota sends. Every message to a customer, sent or
 * due, filtered by kind and state; and (?view=alerts) every alert to staff, by push or
 * e-mail, with its state. The view lives in the address, so an alert can link to it.
 */
export default function MessagesPage() {
  const { t } = useTranslation('console');
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'alerts' ? 'alerts' : 'customers';
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: view === 'alerts' ? keys.alerts : keys.messages });
  useFallbackPoll(refresh, 30_000);
  const show = (next: typeof view) => setParams(next === 'alerts' ? { view: 'alerts' } : {});

  return (
    <section className="page" aria-labelledby="messages-title">
      <header className="page__header">
        <h1 id="messages-title">{t('messages.title')}</h1>
        <div className="page__actions">
          <div className="page__actions" role="group" aria-label={t('messages.views')}>
            <button type="button" className="btn" aria-pressed={view === 'customers'} onClick={() => show('customers')}>
              {t('messages.view.customers')}
            </button>
            <button type="button" className="btn" aria-pressed={view === 'alerts'} onClick={() => show('alerts')}>
              {t('messages.view.alerts')}
            </button>
          </div>
          <button type="button" className="btn" onClick={refresh}>
            {t('action.refresh')}
          </button>
        </div>
      </header>
      <p className="muted">{view === 'alerts' ? t('messages.alerts.intro') : t('messages.intro')}</p>
      {view === 'alerts' ? <AlertLedger /> : <CustomerLedger />}
    </section>
  );
}
