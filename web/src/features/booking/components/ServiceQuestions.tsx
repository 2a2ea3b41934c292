import { useTranslation } from 'react-i18next';
import type { QuestionView } from '../api/appointments';

/** Props of ServiceQuestions. */
export interface ServiceQuestionsProps {
  /** The chosen service's questions, in the visitor's language, in order. */
  questions: QuestionView[];
  /** The answers so far, by question id. */
  answers: Record<string, string>;
  onChange: (id: string, value: string) => void;
  /** The form's errors: a question's is under `answers.<id>`. */
  errors: Record<string, string>;
  /** Starts the fields' ids, unique in the page. */
  idPrefix: string;
}

/** A choice of more options than this is a list to open rather than radios. */
const MAX_RADIOS = 5;

/**
 * The chosen service's own questions, each drawn as a field of its type: a choice as
 * radios (a list when it offers many), a short text, a web address, a number. A required
 * one is marked, and the server's refusal of an answer shows beside it.
 */
export function ServiceQuestions({ questions, answers, onChange, errors, idPrefix }: ServiceQuestionsProps) {
  const { t } = useTranslation('booking');
  if (questions.length === 0) return null;
  return (
    <div className="appt-form__field appt-form__field--wide appt-form__questions" role="group" aria-labelledby={`${idPrefix}-questions`}>
      <p id={`${idPrefix}-questions`} className="appt-form__questions-title">
        {t('form.questions')}
      </p>
      {questions.map((q) => {
        const id = `${idPrefix}-q-${q.id}`;
        const error = errors[`answers.${q.id}`];
        const errorId = `${id}-error`;
        const label = q.required ? `${q.text} *` : q.text;
        const value = answers[q.id] ?? '';
        const invalid = error ? true : undefined;
        const describedBy = error ? errorId : undefined;
        const message = error ? (
          <p id={errorId} className="appt-form__error">
            {error}
          </p>
        ) : null;
        if (q.type === 'choice' && q.options.length <= MAX_RADIOS) {
          return (
            <fieldset key={q.id} className="appt-form__field appt-form__modes" aria-describedby={describedBy} aria-invalid={invalid}>
              <legend>{label}</legend>
              <div className="appt-form__mode-list">
                {q.options.map((o) => (
                  <label key={o.value} className="appt-form__mode">
                    <input
                      type="radio"
                      name={id}
                      value={o.value}
                      checked={value === o.value}
                      required={q.required}
                      onChange={() => onChange(q.id, o.value)}
                    />
                    <span>{o.label}</span>
                  </label>
                ))}
              </div>
              {message}
            </fieldset>
          );
        }
        const common = {
          id,
          name: id,
          value,
          'aria-required': q.required ? true : undefined,
          'aria-invalid': invalid,
          'aria-describedby': describedBy,
        } as const;
        return (
          <div key={q.id} className="appt-form__field">
            <label htmlFor={id}>{label}</label>
            {q.type === 'choice' ? (
              <select {...common} onChange={(e) => onChange(q.id, e.target.value)}>
                <option value="">{t('form.answerPlaceholder')}</option>
                {q.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : q.type === 'url' ? (
              <input
                {...common}
                type="url"
                inputMode="url"
                autoComplete="url"
                dir="ltr"
                placeholder="https://"
                maxLength={300}
                onChange={(e) => onChange(q.id, e.target.value)}
              />
            ) : q.type === 'number' ? (
              <input {...common} type="text" inputMode="decimal" dir="ltr" maxLength={30} onChange={(e) => onChange(q.id, e.target.value)} />
            ) : (
              <input {...common} type="text" maxLength={500} onChange={(e) => onChange(q.id, e.target.value)} />
            )}
            {message}
          </div>
        );
      })}
    </div>
  );
}
