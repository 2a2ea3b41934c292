import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../../components/ui/ErrorState';
import { Skeleton } from '../../../../components/ui/Skeleton';
import { toast } from '../../../../components/ui/toast';
import { fieldErrorsOf, toastFailure } from '../../../../lib/mutation';
import { catalogueQueries } from '../../api/catalogue';
import type { ServiceOption } from '../../api/types';
import { serviceQuestionQueries, useSaveServiceQuestionsMutation, type Question } from '../api/serviceQuestions';
import { QuestionEditor } from './QuestionEditor';
import { MAX_QUESTIONS, draftsOf, move, newQuestion, sameQuestions, toSave, type DraftQuestion } from './questionDrafts';

/** One service's questions: the list being edited, added to, reordered, and saved at once. */
function QuestionsEditor({ service, stored }: { service: ServiceOption; stored: Question[] }) {
  const { t } = useTranslation('console');
  const idPrefix = useId();
  const [drafts, setDrafts] = useState<DraftQuestion[]>(() => draftsOf(stored));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The button to focus once the list is drawn again (a question moved keeps the focus).
  const [focus, setFocus] = useState('');
  const save = useSaveServiceQuestionsMutation();
  const changed = !sameQuestions(drafts, stored);

  useEffect(() => {
    if (!focus) return;
    const el = document.getElementById(focus);
    if (el instanceof HTMLButtonElement && el.disabled) {
      // At an end: the other direction's button.
      document.getElementById(focus.endsWith('-up') ? focus.replace(/-up$/, '-down') : focus.replace(/-down$/, '-up'))?.focus();
    } else {
      el?.focus();
    }
    setFocus('');
  }, [focus]);

  // A change of the list's shape moves the questions the server's errors name: they go.
  const reshape = (next: DraftQuestion[]) => {
    setDrafts(next);
    setErrors({});
  };
  const change = (i: number) => (q: DraftQuestion, field?: string) => {
    setDrafts((list) => list.map((x, k) => (k === i ? q : x)));
    if (field === 'structure') setErrors({});
    else if (field) setErrors(({ [`questions.${i}.${field}`]: _, ...rest }) => rest);
  };

  const submit = () =>
    save.mutate(
      { slug: service.slug ?? '', questions: toSave(drafts) },
      {
        onSuccess: (saved) => {
          setDrafts(draftsOf(saved));
          setErrors({});
          toast.success(t('serviceQuestions.saved', { service: service.name }));
        },
        onError: (err) => {
          setErrors(fieldErrorsOf(err));
          toastFailure(() => t('serviceQuestions.failed'))(err);
        },
      },
    );

  return (
    <div className="service-questions__editor">
      {drafts.length === 0 ? (
        <p className="muted">{t('serviceQuestions.empty')}</p>
      ) : (
        <ol className="service-questions__list">
          {drafts.map((q, i) => (
            <QuestionEditor
              key={q.key}
              question={q}
              index={i}
              count={drafts.length}
              idPrefix={idPrefix}
              errors={errors}
              onChange={change(i)}
              onMove={(step) => {
                reshape(move(drafts, i, step));
                setFocus(`${idPrefix}-${q.key}-${step < 0 ? 'up' : 'down'}`);
              }}
              onRemove={() => reshape(drafts.filter((_, k) => k !== i))}
            />
          ))}
        </ol>
      )}
      {errors.questions && <p className="field__error">{errors.questions}</p>}
      <div className="service-questions__actions">
        <button
          type="button"
          className="btn"
          disabled={drafts.length >= MAX_QUESTIONS}
          onClick={() => reshape([...drafts, newQuestion()])}
        >
          {t('serviceQuestions.add')}
        </button>
        {drafts.length >= MAX_QUESTIONS && <span className="field__hint">{t('serviceQuestions.max')}</span>}
        <button
          type="button"
          className="btn btn--primary"
          disabled={!changed || save.isPending}
          onClick={submit}
          aria-label={t('serviceQuestions.saveFor', { service: service.name })}
        >
          {save.isPending ? t('settings.saving') : t('serviceQuestions.save')}
        </button>
      </div>
    </div>
  );
}

/** The chosen service's stored questions, then their editor. */
function ServiceQuestionsOf({ service }: { service: ServiceOption }) {
  const { t } = useTranslation('console');
  const stored = useQuery(serviceQuestionQueries.of(service.slug ?? ''));
  if (stored.error) {
    return <ErrorState error={stored.error} title={t('serviceQuestions.fetchFailed')} onRetry={() => void stored.refetch()} />;
  }
  if (!stored.data) return <Skeleton rows={3} />;
  // A new editor for each service.
  return <QuestionsEditor key={service.slug} service={service} stored={stored.data} />;
}

/**
 * The Settings page's card of each service's own questions: up to five, asked after the
 * service by the form and by Dota, each with its text in French, English and Arabic.
 */
export function ServiceQuestionsCard() {
  const { t } = useTranslation('console');
  const services = useQuery(catalogueQueries.services());
  const [slug, setSlug] = useState('');
  const list = services.data ?? [];
  const chosen = list.find((s) => s.slug === slug) ?? list[0];
  return (
    <section className="card service-questions" aria-labelledby="service-questions-title">
      <h2 id="service-questions-title">{t('serviceQuestions.title')}</h2>
      <p className="field__hint">{t('serviceQuestions.hint')}</p>
      {services.error ? (
        <ErrorState error={services.error} title={t('serviceModes.fetchFailed')} onRetry={() => void services.refetch()} />
      ) : !services.data ? (
        <Skeleton rows={4} />
      ) : !chosen ? (
        <p className="muted">{t('serviceModes.none')}</p>
      ) : (
        <>
          <div className="field service-questions__service">
            <label htmlFor="service-questions-service">
              <span>{t('serviceQuestions.service')}</span>
            </label>
            <select id="service-questions-service" value={chosen.slug ?? ''} onChange={(e) => setSlug(e.target.value)}>
              {list.map((s) => (
                <option key={s.slug ?? s.id} value={s.slug ?? ''}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
          <ServiceQuestionsOf key={chosen.slug} service={chosen} />
        </>
      )}
    </section>
  );
}
