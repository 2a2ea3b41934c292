import { useTranslation } from 'react-i18next';
import { QUESTION_TYPES, type QuestionType } from '../api/serviceQuestions';
import { MAX_OPTIONS, QUESTION_LANGUAGES, emptyOption, withType, type DraftQuestion } from './questionDrafts';

type Texts = Record<string, string>;

/** Props of QuestionEditor. */
export interface QuestionEditorProps {
  question: DraftQuestion;
  /** Its place in the list, from 0. */
  index: number;
  count: number;
  /** Starts the ids of its fields, unique in the page. */
  idPrefix: string;
  /** The server's refusals, by field (`questions.<i>.text.ar`, …). */
  errors: Record<string, string>;
  onChange: (q: DraftQuestion, field?: string) => void;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
}

/**
 * One question of a service: its text in French, English and Arabic, its type, whether it
 * must be answered, and for a choice its options with their labels in the three
 * languages; moved up or down, or removed, by its buttons.
 */
export function QuestionEditor({ question: q, index, count, idPrefix, errors, onChange, onMove, onRemove }: QuestionEditorProps) {
  const { t } = useTranslation('console');
  const n = index + 1;
  const at = `questions.${index}.`;
  const base = `${idPrefix}-${q.key}`;

  const error = (field: string) =>
    errors[at + field] ? (
      <span id={`${base}-${field}-error`} className="field__error">
        {errors[at + field]}
      </span>
    ) : null;
  const described = (field: string) => (errors[at + field] ? `${base}-${field}-error` : undefined);

  // The refusal sits beside the field, outside its label: the field's name stays the label's.
  const textField = (field: string, label: string, lang: string, value: string, set: (v: string) => void) => (
    <div key={field} className="field">
      <label htmlFor={`${base}-${field}`}>
        <span>{label}</span>
      </label>
      <input
        id={`${base}-${field}`}
        type="text"
        lang={lang}
        dir={lang === 'ar' ? 'rtl' : 'ltr'}
        maxLength={200}
        value={value}
        onChange={(e) => set(e.target.value)}
        aria-invalid={errors[at + field] ? true : undefined}
        aria-describedby={described(field)}
      />
      {error(field)}
    </div>
  );

  const setText = (lang: string, value: string) =>
    onChange({ ...q, text: { ...(q.text as Texts), [lang]: value } }, `text.${lang}`);
  const options = q.options ?? [];
  const setOptions = (next: typeof options, field?: string) => onChange({ ...q, options: next }, field);

  return (
    <li className="service-questions__item">
      <fieldset>
        <legend>{t('serviceQuestions.question', { n })}</legend>
        {QUESTION_LANGUAGES.map((lang) =>
          textField(`text.${lang}`, t(`serviceQuestions.textIn.${lang}`), lang, (q.text as Texts)[lang] ?? '', (v) => setText(lang, v)),
        )}
        <div className="service-questions__row">
          <div className="field">
            <label htmlFor={`${base}-type`}>
              <span>{t('serviceQuestions.type')}</span>
            </label>
            <select
              id={`${base}-type`}
              value={q.type}
              onChange={(e) => onChange(withType(q, e.target.value as QuestionType), 'type')}
              aria-invalid={errors[at + 'type'] ? true : undefined}
              aria-describedby={described('type')}
            >
              {QUESTION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`serviceQuestions.types.${type}`)}
                </option>
              ))}
            </select>
            {error('type')}
          </div>
          <label className="checkbox">
            <input type="checkbox" checked={q.required} onChange={(e) => onChange({ ...q, required: e.target.checked })} />
            {t('serviceQuestions.required')}
          </label>
        </div>
        {q.type === 'choice' && (
          <fieldset className="service-questions__options" aria-describedby={described('options')}>
            <legend>{t('serviceQuestions.options')}</legend>
            <ol>
              {options.map((o, j) => (
                <li key={j}>
                  <span className="service-questions__option-title">{t('serviceQuestions.option', { n: j + 1 })}</span>
                  {QUESTION_LANGUAGES.map((lang) =>
                    textField(`options.${j}.label.${lang}`, t(`serviceQuestions.labelIn.${lang}`), lang, (o.label as Texts)[lang] ?? '', (v) =>
                      setOptions(
                        options.map((x, k) => (k === j ? { ...x, label: { ...(x.label as Texts), [lang]: v } } : x)),
                        `options.${j}.label.${lang}`,
                      ),
                    ),
                  )}
                  <button
                    type="button"
                    className="btn btn--small btn--danger"
                    onClick={() => setOptions(options.filter((_, k) => k !== j), 'structure')}
                  >
                    {t('serviceQuestions.removeOption', { n: j + 1 })}
                  </button>
                </li>
              ))}
            </ol>
            {error('options')}
            <button
              type="button"
              className="btn btn--small"
              disabled={options.length >= MAX_OPTIONS}
              onClick={() => setOptions([...options, emptyOption()], 'options')}
            >
              {t('serviceQuestions.addOption')}
            </button>
          </fieldset>
        )}
        <div className="service-questions__actions">
          <button
            type="button"
            id={`${base}-up`}
            className="btn btn--small"
            disabled={index === 0}
            onClick={() => onMove(-1)}
            aria-label={t('serviceQuestions.moveUp', { n })}
          >
            ↑
          </button>
          <button
            type="button"
            id={`${base}-down`}
            className="btn btn--small"
            disabled={index === count - 1}
            onClick={() => onMove(1)}
            aria-label={t('serviceQuestions.moveDown', { n })}
          >
            ↓
          </button>
          <button type="button" className="btn btn--small btn--danger" onClick={onRemove}>
            {t('serviceQuestions.remove', { n })}
          </button>
        </div>
      </fieldset>
    </li>
  );
}
