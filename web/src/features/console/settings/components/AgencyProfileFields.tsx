import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { emptyAgency as blankAgency } from '../../../../lib/agency';
import type { Schemas } from '../../../../lib/schemas';
import { catalogueQueries } from '../../api/catalogue';

/** The agency's profile, as the settings hold it. */
export type AgencyProfile = Schemas['AgencyProfile'];

const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
const NETWORKS = ['facebook', 'instagram', 'linkedin', 'youtube', 'tiktok', 'x'] as const;
const LANGS = ['fr', 'en', 'ar'] as const;

/** An empty profile, for settings stored before the agency had one; office hours 9 to 5. */
export const emptyAgency: AgencyProfile = { ...blankAgency, hours: { days: [], opens: '09:00', closes: '17:00' } };

/** Props of AgencyProfileFields. */
export interface AgencyProfileFieldsProps {
  value: AgencyProfile | undefined;
  onChange: (next: AgencyProfile) => void;
  /** Field errors of the last save, keyed agency.<field>. */
  errors: Record<string, string>;
}

/**
 * The agency's profile in the settings form: what the site, Dota, the e-mails and the
 * calendar invitations say of the agency (its name and e-mail are the General fields).
 */
export function AgencyProfileFields({ value, onChange, errors }: AgencyProfileFieldsProps) {
  const { t } = useTranslation('profile');
  const services = useQuery(catalogueQueries.services());
  const a: AgencyProfile = { ...emptyAgency, ...value };
  const set = <K extends keyof AgencyProfile>(key: K, v: AgencyProfile[K]) => onChange({ ...a, [key]: v });
  const error = (key: string) => errors[`agency.${key}`] && <span className="field__error">{errors[`agency.${key}`]}</span>;
  const text = (label: string, key: string, v: string, change: (s: string) => void, props: { type?: string; dir?: string } = {}) => (
    <label className="field">
      <span>{label}</span>
      <input
        type={props.type ?? 'text'}
        dir={props.dir}
        value={v}
        onChange={(e) => change(e.target.value)}
        aria-invalid={!!errors[`agency.${key}`]}
      />
      {error(key)}
    </label>
  );
  const social = (network: string) => a.social.find((s) => s.network === network)?.url ?? '';
  const setSocial = (network: (typeof NETWORKS)[number], url: string) =>
    set(
      'social',
      NETWORKS.flatMap((n) => {
        const u = n === network ? url.trim() : social(n);
        return u ? [{ network: n, url: u }] : [];
      }),
    );
  const price = (slug: string) => a.prices.find((p) => p.service === slug);
  const setPrice = (slug: string, part: 'min' | 'max', amount: string) => {
    const current = price(slug) ?? { service: slug, min: 0, max: 0 };
    const next = { ...current, [part]: Number(amount) || 0 };
    const others = a.prices.filter((p) => p.service !== slug);
    set('prices', next.min === 0 && next.max === 0 ? others : [...others, next]);
  };

  return (
    <fieldset className="card agency-profile">
      <legend>{t('title')}</legend>
      <p className="field__hint">{t('hint')}</p>
      {LANGS.map((l) =>
        text(t('tagline', { lang: t(`lang.${l}`) }), `tagline.${l}`, a.tagline[l] ?? '', (s) => set('tagline', { ...a.tagline, [l]: s }), {
          dir: l === 'ar' ? 'rtl' : 'ltr',
        }),
      )}
      {text(t('street'), 'address.street', a.address.street, (s) => set('address', { ...a.address, street: s }))}
      {text(t('postalCode'), 'address.postal_code', a.address.postal_code, (s) => set('address', { ...a.address, postal_code: s }))}
      {text(t('city'), 'address.city', a.address.city, (s) => set('address', { ...a.address, city: s }))}
      {text(t('countryName'), 'address.country_name', a.address.country_name, (s) => set('address', { ...a.address, country_name: s }))}
      {text(t('country'), 'address.country', a.address.country, (s) => set('address', { ...a.address, country: s.toUpperCase() }))}
      {text(t('mapUrl'), 'map_url', a.map_url, (s) => set('map_url', s.trim()), { type: 'url', dir: 'ltr' })}
      <label className="field">
        <span>{t('phones')}</span>
        <textarea
          dir="ltr"
          rows={2}
          value={a.phones.join('\n')}
          onChange={(e) => set('phones', e.target.value.split('\n').map((p) => p.trimStart()))}
          onBlur={() => set('phones', a.phones.map((p) => p.trim()).filter(Boolean))}
          aria-invalid={Object.keys(errors).some((k) => k.startsWith('agency.phones'))}
        />
        <span className="field__hint">{t('phonesHint')}</span>
        {Object.entries(errors)
          .filter(([k]) => k.startsWith('agency.phones'))
          .map(([k, m]) => (
            <span key={k} className="field__error">
              {m}
            </span>
          ))}
      </label>
      {text(t('whatsapp'), 'whatsapp', a.whatsapp, (s) => set('whatsapp', s), { type: 'tel', dir: 'ltr' })}
      {NETWORKS.map((n, i) => (
        <label key={n} className="field">
          <span>{t(`network.${n}`)}</span>
          <input type="url" dir="ltr" value={social(n)} onChange={(e) => setSocial(n, e.target.value)} />
          {error(`social.${i}.url`)}
        </label>
      ))}
      {text(t('foundedYear'), 'founded_year', a.founded_year ? String(a.founded_year) : '', (s) => set('founded_year', Number(s) || 0), {
        type: 'number',
      })}
      {text(t('projectsDelivered'), 'projects_delivered', a.projects_delivered ? String(a.projects_delivered) : '', (s) => set('projects_delivered', Number(s) || 0), {
        type: 'number',
      })}
      {text(t('clientsServed'), 'clients_served', a.clients_served ? String(a.clients_served) : '', (s) => set('clients_served', Number(s) || 0), {
        type: 'number',
      })}
      {text(t('currency'), 'currency', a.currency, (s) => set('currency', s.toUpperCase()))}
      <div className="field" role="group" aria-labelledby="agency-days">
        <span id="agency-days">{t('days')}</span>
        <div className="agency-profile__days">
          {DAYS.map((d) => (
            <label key={d} className="checkbox">
              <input
                type="checkbox"
                checked={a.hours.days.includes(d)}
                onChange={(e) =>
                  set('hours', {
                    ...a.hours,
                    days: DAYS.filter((x) => (x === d ? e.target.checked : a.hours.days.includes(x))),
                  })
                }
              />
              {t(`day.${d}`)}
            </label>
          ))}
        </div>
        <span className="field__hint">{t('daysHint')}</span>
      </div>
      {text(t('opens'), 'hours', a.hours.opens, (s) => set('hours', { ...a.hours, opens: s }), { type: 'time' })}
      {text(t('closes'), 'hours.closes', a.hours.closes, (s) => set('hours', { ...a.hours, closes: s }), { type: 'time' })}
      <div className="field agency-profile__wide" role="group" aria-labelledby="agency-prices">
        <span id="agency-prices">{t('prices', { currency: a.currency })}</span>
        {(services.data ?? []).map((s) => {
          const slug = s.slug ?? '';
          const p = price(slug);
          const index = a.prices.findIndex((x) => x.service === slug);
          return (
            <div key={slug} className="agency-profile__price">
              <span>{s.name}</span>
              <input
                type="number"
                min={0}
                aria-label={t('priceMin', { service: s.name })}
                value={p?.min ?? ''}
                onChange={(e) => setPrice(slug, 'min', e.target.value)}
              />
              <input
                type="number"
                min={0}
                aria-label={t('priceMax', { service: s.name })}
                value={p?.max ?? ''}
                onChange={(e) => setPrice(slug, 'max', e.target.value)}
              />
              {index >= 0 && error(`prices.${index}`)}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
