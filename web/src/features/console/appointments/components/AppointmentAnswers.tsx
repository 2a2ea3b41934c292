import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '../../api/types';
import type { Schemas } from '../../../../lib/schemas';
import { formatDateTime } from '../../lib/time';

type Localized = Record<string, string>;
type Touch = Schemas['Touch'];

/** A text in lang, else in French, else in any language it has. */
export function inLanguage(texts: Localized | undefined, lang: string): string {
  if (!texts) return '';
  return texts[lang]?.trim() || texts.fr?.trim() || Object.values(texts).find((t) => t.trim()) || '';
}

/** The touch's fields staff read, in the order shown; `at` is shown as a date. */
const TOUCH_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'gclid', 'fbclid', 'referrer', 'landing'] as const;

function sameTouch(a: Touch | undefined, b: Touch | undefined): boolean {
  return TOUCH_FIELDS.every((f) => (a?.[f] ?? '') === (b?.[f] ?? ''));
}

/**
 * The visitor's answers to the service's questions — each question in the console's
 * language (French when it has none), a choice by its label, a web address as a link —
 * and where the visit that booked came from: its source and campaign, its first and last
 * touch. Each part, and each value, only when there is one.
 */
export function AppointmentAnswers({ appointment: a }: { appointment: Appointment }) {
  const { t, i18n } = useTranslation('console');
  const lang = i18n.language;
  const answers = a.answers ?? [];
  const first = a.attribution?.first;
  const last = a.attribution?.last;
  const whereFrom = !!a.attribution || !!a.campaign;

  const touch = (title: string, tc: Touch | undefined, id: string) => {
    if (!tc) return null;
    const fields = TOUCH_FIELDS.filter((f) => tc[f]);
    if (fields.length === 0 && !tc.at) return null;
    return (
      <div className="details__touch">
        <h4 id={id}>{title}</h4>
        <dl className="dl" aria-labelledby={id}>
          {fields.map((f) => (
            <Fragment key={f}>
              <dt>{t(`whereFrom.field.${f}`)}</dt>
              <dd dir="ltr">{tc[f]}</dd>
            </Fragment>
          ))}
          {tc.at && (
            <>
              <dt>{t('whereFrom.field.at')}</dt>
              <dd>{formatDateTime(lang, tc.at)}</dd>
            </>
          )}
        </dl>
      </div>
    );
  };

  return (
    <>
      {answers.length > 0 && (
        <section aria-labelledby="details-answers">
          <h3 id="details-answers">{t('details.answers')}</h3>
          <dl className="dl">
            {answers.map((ans) => {
              const text = ans.type === 'choice' ? inLanguage(ans.label, lang) || ans.value : ans.value;
              return (
                <Fragment key={ans.id}>
                  <dt>{inLanguage(ans.question, lang)}</dt>
                  <dd>
                    {ans.type === 'url' && /^https?:\/\//i.test(ans.value) ? (
                      <a href={ans.value} target="_blank" rel="noopener noreferrer nofollow" dir="ltr">
                        {ans.value}
                      </a>
                    ) : ans.type === 'url' || ans.type === 'number' ? (
                      <span dir="ltr">{text}</span>
                    ) : (
                      text
                    )}
                  </dd>
                </Fragment>
              );
            })}
          </dl>
        </section>
      )}
      {whereFrom && (
        <section aria-labelledby="details-where-from">
          <h3 id="details-where-from">{t('whereFrom.title')}</h3>
          <dl className="dl">
            {a.traffic_source && (
              <>
                <dt>{t('whereFrom.source')}</dt>
                {a.traffic_source === 'direct' ? <dd>{t('whereFrom.direct')}</dd> : <dd dir="ltr">{a.traffic_source}</dd>}
              </>
            )}
            {a.campaign && (
              <>
                <dt>{t('whereFrom.campaign')}</dt>
                <dd dir="ltr">{a.campaign}</dd>
              </>
            )}
          </dl>
          {touch(t('whereFrom.first'), first, 'details-first-touch')}
          {!sameTouch(first, last) && touch(t('whereFrom.last'), last, 'details-last-touch')}
        </section>
      )}
    </>
  );
}
