import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, FormFooter } from '../../../components/ui/Dialog';
import { toast } from '../../../components/ui/toast';
import { createProject, updateProject, type ProjectInput } from '../api/projects';
import { PROJECT_STATUSES, type Project } from '../api/types';
import { parseAmount, youtubeId } from '../lib/format';
import { fieldErrorsOf } from './Feedback';

interface ProjectForm {
  title: string;
  description: string;
  primary_image: string;
  secondary_image: string;
  youtube_video: string;
  category: string;
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

const EMPTY: ProjectForm = {
  title: '',
  description: '',
  primary_image: '',
  secondary_image: '',
  youtube_video: '',
  category: '',
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

function formOf(p: Project): ProjectForm {
  return {
    title: p.title,
    description: p.description ?? '',
    primary_image: p.primary_image ?? '',
    secondary_image: p.secondary_image ?? '',
    youtube_video: p.youtube_video ?? '',
    category: p.category ?? '',
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
    title: f.title.trim(),
    description: orNull(f.description),
    primary_image: orNull(f.primary_image),
    secondary_image: orNull(f.secondary_image),
    youtube_video: orNull(f.youtube_video),
    category: orNull(f.category),
    technologies: f.technologies.split(',').map((s) => s.trim()).filter(Boolean),
    service: orNull(f.service),
    type: internal ? 'internal' : 'external',
    department: internal ? orNull(f.department) : null,
    fournisseur: internal ? null : orNull(f.fournisseur),
    published: f.published,
    devis: parseAmount(f.devis),
    versement: parseAmount(f.versement),
    paiement: parseAmount(f.paiement),
    status: f.status,
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
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setForm(project ? formOf(project) : EMPTY);
    setErrors({});
  }, [open, project]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!form.title.trim()) local.title = t('form.required');
    if (form.youtube_video.trim() && !youtubeId(form.youtube_video.trim())) local.youtube_video = t('projects.badYoutube');
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      if (project) await updateProject(project.id, projectInput(form));
      else await createProject(projectInput(form));
      toast.success(project ? t('projects.updated') : t('projects.created'));
      onSaved();
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      toast.error(project ? t('projects.updateFailed') : t('projects.createFailed'));
    } finally {
      setBusy(false);
    }
  };

  const text = (key: keyof ProjectForm, type = 'text', required = false) => (
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
      footer={<FormFooter form="project-form" label={project ? t('action.save') : t('action.create')} busy={busy} onCancel={onClose} />}
    >
      <form id="project-form" className="form-grid" onSubmit={submit} noValidate>
        {text('title', 'text', true)}
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
        <label className="field field--wide">
          <span>{t('projects.field.description')}</span>
          <textarea rows={3} value={form.description} onChange={(e) => setForm({ ...form, description: e.target.value })} />
        </label>
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
        {text('category')}
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
