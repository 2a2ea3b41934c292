import { useTranslation } from 'react-i18next';
import type { Settings } from '../../api/types';

type FollowUp = Pick<Settings, 'follow_up_email' | 'follow_up_url'>;

/** Props of FollowUpFields. */
export interface FollowUpFieldsProps {
  value: FollowUp;
  onChange: (patch: Partial<FollowUp>) => void;
  /** The server's faults by field. */
  errors: Record<string, string>;
}

/**
 * The follow-up after an attended meeting: switched on, the customer is thanked in their
 * language with a link to the next step (an http(s) address, required then).
 */
export function FollowUpFields({ value, onChange, errors }: FollowUpFieldsProps) {
  const { t } = useTranslation('console');
  return (
    <fieldset className="card">
      <legend>{t('settings.followUp')}</legend>
      <label className="checkbox switch-row">
        <input
          type="checkbox"
          role="switch"
          checked={value.follow_up_email}
          onChange={(e) => onChange({ follow_up_email: e.target.checked })}
        />
        {t('settings.field.follow_up_email')}
      </label>
      <label className="field">
        <span>{t('settings.field.follow_up_url')}</span>
        <input
          type="url"
          dir="ltr"
          placeholder="https://"
          value={value.follow_up_url}
          required={value.follow_up_email}
          onChange={(e) => onChange({ follow_up_url: e.target.value })}
          aria-invalid={!!errors.follow_up_url}
          aria-describedby="settings-follow_up_url-hint"
        />
        <span id="settings-follow_up_url-hint" className="field__hint">
          {t('settings.followUpHint')}
        </span>
        {errors.follow_up_url && <span className="field__error">{errors.follow_up_url}</span>}
      </label>
    </fieldset>
  );
}
