import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, FormFooter } from '../../../../components/ui/Dialog';
import { toast } from '../../../../components/ui/toast';
import { directionOf, SUPPORTED_LANGUAGES, type Language } from '../../../../lib/language';
import { fieldErrorsOf, toastFailure } from '../../../../lib/mutation';
import {
  CANNED_TEXT_MAX,
  CANNED_TITLE_MAX,
  useSaveCannedReplyMutation,
  type CannedReply,
} from '../../api/cannedReplies';

interface CannedForm {
  title: string;
  texts: Record<Language, string>;
}

function formOf(reply: CannedReply | null): CannedForm {
  const texts = (reply?.texts ?? {}) as Record<string, string | undefined>;
  return { title: reply?.title ?? '', texts: Object.fromEntries(SUPPORTED_LANGUAGES.map((l) => [l, texts[l] ?? ''])) };
}

/** Props of CannedReplyDialog. */
export interface CannedReplyDialogProps {
  open: boolean;
  /** The reply to edit; null writes a new one. */
  reply: CannedReply | null;
  onClose: () => void;
}

/** Writes a canned reply or changes one: its title and its text in each language (one at least). */
export function CannedReplyDialog({ open, reply, onClose }: CannedReplyDialogProps) {
  const { t } = useTranslation('console');
  const [form, setForm] = useState<CannedForm>(() => formOf(reply));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveCannedReplyMutation();
  useEffect(() => {
    if (!open) return;
    setForm(formOf(reply));
    setErrors({});
  }, [open, reply]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!form.title.trim()) local.title = t('form.required');
    if (SUPPORTED_LANGUAGES.every((l) => !form.texts[l].trim())) local.texts = t('canned.textRequired');
    setErrors(local);
    if (Object.keys(local).length) return;
    // Every language is sent: an emptied text removes that language.
    const input = { title: form.title.trim(), texts: Object.fromEntries(SUPPORTED_LANGUAGES.map((l) => [l, form.texts[l].trim()])) };
    save.mutate(
      { id: reply?.id, input },
      {
        onSuccess: () => {
          toast.success(reply ? t('canned.updated') : t('canned.created'));
          onClose();
        },
        onError: (err) => {
          setErrors(fieldErrorsOf(err));
          toastFailure(() => (reply ? t('canned.updateFailed') : t('canned.createFailed')))(err);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      title={reply ? t('canned.editTitle') : t('canned.createTitle')}
      onClose={onClose}
      size="large"
      footer={<FormFooter form="canned-form" label={reply ? t('action.save') : t('action.create')} busy={save.isPending} onCancel={onClose} />}
    >
      <form id="canned-form" className="form-grid" onSubmit={submit} noValidate>
        <label className="field field--wide">
          <span>
            {t('canned.field.title')}
            <span aria-hidden="true"> *</span>
          </span>
          <input
            type="text"
            required
            maxLength={CANNED_TITLE_MAX}
            value={form.title}
            dir="auto"
            aria-invalid={!!errors.title}
            aria-describedby="canned-title-hint"
            onChange={(e) => setForm({ ...form, title: e.target.value })}
          />
          {errors.title && <span className="field__error">{errors.title}</span>}
        </label>
        <p id="canned-title-hint" className="field__hint field--wide">
          {t('canned.field.titleHint')}
        </p>
        <p className="field__hint field--wide" id="canned-variables">
          {t('canned.variablesHint')}
        </p>
        {SUPPORTED_LANGUAGES.map((lang) => {
          const name = `texts.${lang}`;
          return (
            <label key={lang} className="field field--wide">
              <span>{t('canned.field.text', { language: t(`language.${lang}`, { ns: 'common' }) })}</span>
              <textarea
                rows={3}
                lang={lang}
                dir={directionOf(lang)}
                maxLength={CANNED_TEXT_MAX}
                value={form.texts[lang]}
                aria-invalid={!!errors[name]}
                aria-describedby="canned-variables"
                onChange={(e) => setForm({ ...form, texts: { ...form.texts, [lang]: e.target.value } })}
              />
              {errors[name] && <span className="field__error">{errors[name]}</span>}
            </label>
          );
        })}
        {errors.texts && (
          <p className="field__error field--wide" role="alert">
            {errors.texts}
          </p>
        )}
      </form>
    </Dialog>
  );
}
