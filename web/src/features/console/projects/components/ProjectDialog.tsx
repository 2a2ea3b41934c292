import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, FormFooter } from '../../../../components/ui/Dialog';
import { toast } from '../../../../components/ui/toast';
import { directionOf, SUPPORTED_LANGUAGES, type Language } from '../../../../lib/language';
import { useSaveProjectMutation, type ProjectInput } from '../api/projects';
import { PROJECT_STATUSES, type Project } from '../../api/types';
import { parseAmount, youtubeId } from '../../lib/format';
import { fieldErrorsOf, toastFailure } from '../../../../lib/mutation';

/** A text in each language of the site. */
type Texts = Record<Language, string>;

/** The project's texts written per language. */
type TextField = 'title' | 'description' | 'category';

interface ProjectForm {
  title: Texts;
  description: Texts;
  primary_image: string;
  secondary_image: string;
  youtube_video: string;
  category: Texts;
  technologies: string;
  service: string;
  type: string;
  department: string;
  fournisseur: string;
  published: boolean;
  devis: string;
  versement: string;
  paiement: string;
  status: string;
  attachment_drive_link: string;
  facture_drive_link: string;
}

const NO_TEXT: Texts = { fr: '', en: '', ar: '' };

const EMPTY: ProjectForm = {
  title: NO_TEXT,
  description: NO_TEXT,
  primary_image: '',
  secondary_image: '',
  youtube_video: '',
  category: NO_TEXT,
  technologies: '',
  service: '',
  type: 'internal',
  department: '',
  fournisseur: '',
  published: false,
  devis: '0',
  versement: '0',
  paiement: '0',
  status: 'En cours',
  attachment_drive_link: '',
  facture_drive_link: '',
};

/** A stored text per language; a text given once for all languages fills each. */
function textsOf(l: Record<string, string> | null | undefined): Texts {
  const all = l?.[''] ?? '';
  return { fr: l?.fr || all, en: l?.en || all, ar: l?.ar || all };
}

/** The texts to send: trimmed, the empty ones left out; null when none is left. */
function textsInput(texts: Texts): Record<string, string> | null {
  const out = Object.fromEntries(SUPPORTED_LANGUAGES.map((l) => [l, texts[l].trim()]).filter(([, v]) => v));
  return Object.keys(out).length ? out : null;
}

function formOf(p: Project): ProjectForm {
  return {
    title: textsOf(p.title),
    description: textsOf(p.description),
    primary_image: p.primary_image ?? '',
    secondary_image: p.secondary_image ?? '',
    youtube_video: p.youtube_video ?? '',
    category: textsOf(p.category),
    technologies: (p.technologies ?? []).join(', '),
    service: p.service ?? '',
    type: p.type || 'internal',
    department: p.department ?? '',
    fournisseur: p.fournisseur ?? '',
    published: p.published,
    devis: String(p.devis ?? 0),
    versement: String(p.versement ?? 0),
    paiement: String(p.paiement ?? 0),
    status: p.status || 'En cours',
    attachment_drive_link: p.attachment_drive_link ?? '',
    facture_drive_link: p.facture_drive_link ?? '',
  };
}

const orNull = (s: string) => (s.trim() ? s.trim() : null);

/** The body sent to the server: numbers parsed (0 when invalid), empty texts as null. */
export function projectInput(f: ProjectForm): ProjectInput {
  const internal = f.type !== 'external';
  return {
    title: textsInput(f.title) ?? {},
    description: textsInput(f.description),
    primary_image: orNull(f.primary_image),
    secondary_image: orNull(f.secondary_image),
    youtube_video: orNull(f.youtube_video),
    category: textsInput(f.category),
    technologies: f.technologies.split(',').map((s) => s.trim()).filter(Boolean),
    service: orNull(f.service),
    type: internal ? 'internal' : 'external',
    department: internal ? orNull(f.department) : null,
    fournisseur: internal ? null : orNull(f.fournisseur),
    published: f.published,
    devis: parseAmount(f.devis),
    versement: parseAmount(f.versement),
    paiement: parseAmount(f.paiement),
    status: f.status as Project['status'],
    attachment_drive_link: orNull(f.attachment_drive_link),
    facture_drive_link: orNull(f.facture_drive_link),
  };
}

/** Props of ProjectDialog. */
export interface ProjectDialogProps {
  open: boolean;
  project: Project | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Creates or edits a project; internal projects name a department, external ones a supplier. */
export function ProjectDialog({ open, project, onClose, onSaved }: ProjectDialogProps) {
  const { t } = useTranslation('console');
  const [form, setForm] = useState<ProjectForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveProjectMutation();
  useEffect(() => {
    if (!open) return;
    setForm(project ? formOf(project) : EMPTY);
    setErrors({});
  }, [open, project]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    for (const lang of SUPPORTED_LANGUAGES) if (!form.title[lang].trim()) local[`title.${lang}`] = t('form.required');
    if (form.youtube_video.trim() && !youtubeId(form.youtube_video.trim())) local.youtube_video = t('projects.badYoutube');
    setErrors(local);
    if (Object.keys(local).length) return;
    save.mutate(
      { id: project?.id, input: projectInput(form) },
      {
        onSuccess: () => {
          toast.success(project ? t('projects.updated') : t('projects.created'));
          onSaved();
        },
        onError: (err) => {
          const fields = fieldErrorsOf(err);
          // The server names the title as a whole: each language's box shows it.
          if (fields.title) for (const lang of SUPPORTED_LANGUAGES) fields[`title.${lang}`] = fields.title;
          setErrors(fields);
          toastFailure(() => (project ? t('projects.updateFailed') : t('projects.createFailed')))(err);
        },
      },
    );
  };

  /** One text in each language: Arabic is written right to left. */
  const texts = (key: TextField, required = false, multiline = false) => (
    <fieldset className="field field--wide">
      <legend>
        {t(`projects.field.${key}`)}
        {required && <span aria-hidden="true"> *</span>}
      </legend>
      {SUPPORTED_LANGUAGES.map((lang) => {
        const name = `${key}.${lang}`;
        const props = {
          value: form[key][lang],
          dir: directionOf(lang),
          lang,
          'aria-invalid': !!errors[name],
          onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
            setForm({ ...form, [key]: { ...form[key], [lang]: e.target.value } }),
        };
        return (
          <label key={lang} className="field">
            <span>{t('projects.inLanguage', { field: t(`projects.field.${key}`), language: t(`language.${lang}`, { ns: 'common' }) })}</span>
            {multiline ? <textarea rows={3} {...props} /> : <input type="text" required={required} {...props} />}
            {errors[name] && <span className="field__error">{errors[name]}</span>}
          </label>
        );
      })}
      {errors[key] && <span className="field__error">{errors[key]}</span>}
    </fieldset>
  );

  const text = (key: Exclude<keyof ProjectForm, TextField>, type = 'text', required = false) => (
    <label className="field">
      <span>
        {t(`projects.field.${key}`)}
        {required && <span aria-hidden="true"> *</span>}
      </span>
      <input
        type={type}
        value={form[key] as string}
        aria-invalid={!!errors[key]}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
        {...(type === 'number' ? { min: 0, step: '0.01', inputMode: 'decimal' as const } : {})}
      />
      {errors[key] && <span className="field__error">{errors[key]}</span>}
    </label>
  );

  return (
    <Dialog
      open={open}
      title={project ? t('projects.editTitle') : t('projects.createTitle')}
      onClose={onClose}
      size="large"
      footer={<FormFooter form="project-form" label={project ? t('action.save') : t('action.create')} busy={save.isPending} onCancel={onClose} />}
    >
      <form id="project-form" className="form-grid" onSubmit={submit} noValidate>
        {texts('title', true)}
        <label className="field">
          <span>{t('projects.field.status')}</span>
          <select value={form.status} onChange={(e) => setForm({ ...form, status: e.target.value })}>
            {PROJECT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`projects.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        {texts('description', false, true)}
        <fieldset className="field field--wide switch-group">
          <legend>{t('projects.field.type')}</legend>
          {(['internal', 'external'] as const).map((type) => (
            <label key={type} className="radio">
              <input type="radio" name="project-type" checked={form.type === type} onChange={() => setForm({ ...form, type })} />
              {t(`projects.type.${type}`)}
            </label>
          ))}
        </fieldset>
        {form.type === 'external' ? text('fournisseur') : text('department')}
        {texts('category')}
        {text('service')}
        {text('technologies')}
        {text('devis', 'number')}
        {text('versement', 'number')}
        {text('paiement', 'number')}
        {text('primary_image', 'url')}
        {text('secondary_image', 'url')}
        {text('youtube_video', 'url')}
        {text('attachment_drive_link', 'url')}
        {text('facture_drive_link', 'url')}
        <label className="checkbox field--wide">
          <input type="checkbox" checked={form.published} onChange={(e) => setForm({ ...form, published: e.target.checked })} />
          {t('projects.field.published')}
        </label>
      </form>
    </Dialog>
  );
}
