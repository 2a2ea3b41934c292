import { useTranslation } from 'react-i18next';
import type { MeetingMode } from '../api/appointments';

/** Props of MeetingModeChoice. */
export interface MeetingModeChoiceProps {
  /** The radio group's name, unique in the page. */
  name: string;
  /** The modes the service offers, in order. */
  modes: MeetingMode[];
  /** The mode chosen (the service's default until the visitor picks one). */
  value: string;
  onChange: (mode: MeetingMode) => void;
  /** The server's refusal of the mode, if any. */
  error?: string;
  errorId: string;
}

/** How the visitor would like to meet: one radio per mode the service offers (arrow keys move between them). */
export function MeetingModeChoice({ name, modes, value, onChange, error, errorId }: MeetingModeChoiceProps) {
  const { t } = useTranslation('booking');
  return (
    <fieldset
      className="appt-form__field appt-form__modes"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>{t('form.mode')}</legend>
      <div className="appt-form__mode-list">
        {modes.map((mode) => (
          <label key={mode} className="appt-form__mode">
            <input
              type="radio"
              name={name}
              value={mode}
              checked={value === mode}
              onChange={() => onChange(mode)}
            />
            <span>{t(`form.modes.${mode}`)}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="appt-form__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
