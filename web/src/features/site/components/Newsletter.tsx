import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Honeypot } from '../../../components/ui/Honeypot';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useSubscribeMutation } from '../api/newsletter';
import './Newsletter.css';

/** The footer's newsletter form, with the spec's messages for each outcome. */
export function Newsletter() {
  const { t } = useTranslation('site');
  const [email, setEmail] = useState('');
  const [verifying, setVerifying] = useState(false);
  const subscribe = useSubscribeMutation(setVerifying);
  const sending = subscribe.isPending;
  // The honeypot: hidden from people, so only a robot fills it.
  const [website, setWebsite] = useState('');
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);

  const report = (text: string, ok: boolean) => {
    setMessage({ text, ok });
    if (ok) toast.success(text);
    else toast.error(text);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      report(t('newsletter.empty'), false);
      return;
    }
    subscribe.mutate(
      { email: email.trim(), website },
      {
        onSuccess: () => {
          setEmail('');
          report(t('newsletter.success'), true);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'already_subscribed') report(t('newsletter.duplicate'), false);
          else if (err instanceof ApiError && err.code === 'validation') report(err.fields.email ?? err.message, false);
          else if (err instanceof ApiError && err.code === 'rate_limited') report(err.message || t('newsletter.failed'), false);
          else if (err instanceof ApiError && err.status !== 0) report(t('newsletter.failed'), false);
          else report(t('newsletter.error'), false);
        },
      },
    );
  };

  return (
    <form className="newsletter" onSubmit={onSubmit} noValidate>
      <label htmlFor="newsletter-email" className="newsletter__label">
        {t('newsletter.label')}
      </label>
      <div className="newsletter__row">
        <input
          id="newsletter-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('newsletter.placeholder')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-describedby={message ? 'newsletter-message' : undefined}
        />
        <button type="submit" className="button button--primary" disabled={sending}>
          {verifying ? t('newsletter.verifying') : sending ? t('newsletter.sending') : t('newsletter.submit')}
        </button>
      </div>
      <Honeypot id="newsletter-website" label={t('newsletter.honeypot')} value={website} onChange={setWebsite} />
      {message && (
        <p id="newsletter-message" className={`newsletter__message ${message.ok ? 'is-ok' : 'is-error'}`}>
          {message.text}
        </p>
      )}
    </form>
  );
}
