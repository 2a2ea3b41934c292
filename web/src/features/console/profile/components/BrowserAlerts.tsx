import { useTranslation } from 'react-i18next';
import { toast } from '../../../../components/ui/toast';
import type { AlertPreferences } from '../api/alerts';
import { useBrowserPush } from '../hooks/useBrowserPush';

/**
 * The "alerts in this browser" control: where push stands here (off on the server,
 * blocked by the browser, not supported, on or off) and the button that turns it on or off.
 */
export function BrowserAlerts({ preferences }: { preferences: AlertPreferences }) {
  const { t } = useTranslation('console');
  const push = useBrowserPush(preferences);
  const others = preferences.subscriptions.filter((s) => s.endpoint !== push.endpoint).length;

  const turnOn = async () => {
    if (await push.turnOn()) toast.success(t('alerts.browser.turnedOn'));
  };
  const turnOff = async () => {
    if (await push.turnOff()) toast.success(t('alerts.browser.turnedOff'));
  };

  return (
    <div className="browser-alerts" aria-busy={push.state === 'checking' || !!push.busy}>
      <h3 className="browser-alerts__title">{t('alerts.browser.title')}</h3>
      <p className={`browser-alerts__state browser-alerts__state--${push.state}`} role="status">
        {t(`alerts.browser.state.${push.state}`)}
      </p>
      {push.state === 'off' && (
        <button type="button" className="btn btn--primary" onClick={() => void turnOn()} disabled={!!push.busy}>
          {push.busy === 'on' ? t('alerts.browser.turningOn') : t('alerts.browser.turnOn')}
        </button>
      )}
      {push.state === 'on' && (
        <button type="button" className="btn" onClick={() => void turnOff()} disabled={!!push.busy}>
          {push.busy === 'off' ? t('alerts.browser.turningOff') : t('alerts.browser.turnOff')}
        </button>
      )}
      {push.failure && (
        <p className="field__error" role="alert">
          {push.failure.kind === 'dismissed'
            ? t('alerts.browser.dismissed')
            : t(push.failure.turning === 'on' ? 'alerts.browser.failedOn' : 'alerts.browser.failedOff', { message: push.failure.message })}
        </p>
      )}
      {others > 0 && <p className="muted">{t('alerts.browser.others', { count: others })}</p>}
    </div>
  );
}
