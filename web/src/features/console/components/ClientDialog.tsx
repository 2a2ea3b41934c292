import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, FormFooter } from '../../../components/ui/Dialog';
import { toast } from '../../../components/ui/toast';
import { useSaveClientMutation, type ClientInput } from '../clients/api/clients';
import type { Client } from '../api/types';
import { fieldErrorsOf, toastFailure } from '../../../lib/mutation';

const EMPTY: Required<ClientInput> = {
  nom: '',
  prenom: '',
  email: '',
  numero_1: '',
  numero_2: '',
  nom_entreprise: '',
  siteweb: '',
};

/** Props of ClientDialog. */
export interface ClientDialogProps {
  open: boolean;
  /** The client to edit; null creates one. */
  client: Client | null;
  /** Title of a creation (the new-appointment page uses "Créer Nouveau Client"). */
  createTitle?: string;
  /** Toast of a successful creation. */
  createdMessage?: { title: string; description?: string };
  onClose: () => void;
  onSaved: (client: Client) => void;
  /** When given, a creation is not saved but handed back, for the caller to send with its own request. */
  onInput?: (input: Required<ClientInput>) => void;
}

/** Creates or edits a client; nom and prenom are required. */
export function ClientDialog({ open, client, createTitle, createdMessage, onClose, onSaved, onInput }: ClientDialogProps) {
  const { t } = useTranslation('console');
  const [form, setForm] = useState<Required<ClientInput>>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const save = useSaveClientMutation();

  useEffect(() => {
    if (!open) return;
    setErrors({});
    setFormError('');
    setForm(
      client
        ? Object.fromEntries(Object.keys(EMPTY).map((k) => [k, (client as unknown as Record<string, string | null>)[k] ?? ''])) as Required<ClientInput>
        : EMPTY,
    );
  }, [open, client]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.nom.trim() || !form.prenom.trim()) {
      setFormError(t('clients.nameRequired'));
      setErrors({
        ...(form.nom.trim() ? {} : { nom: t('form.required') }),
        ...(form.prenom.trim() ? {} : { prenom: t('form.required') }),
      });
      return;
    }
    if (!client && onInput) {
      onInput(form);
      return;
    }
    setFormError('');
    const fail = toastFailure((message) => (client ? t('clients.updateFailed', { message }) : t('clients.createFailed', { message })));
    save.mutate(
      { id: client?.id, input: form },
      {
        onSuccess: (saved) => {
          if (client) toast.success(t('clients.updated'));
          else if (createdMessage) toast.success(createdMessage.title, createdMessage.description);
          else toast.success(t('clients.created'));
          onSaved(saved);
        },
        onError: (err) => {
          setErrors(fieldErrorsOf(err));
          setFormError(fail(err));
        },
      },
    );
  };

  const input = (key: keyof ClientInput, type = 'text', required = false) => (
    <label className="field">
      <span>
        {t(`clients.field.${key}`)}
        {required && <span aria-hidden="true"> *</span>}
      </span>
      <input
        type={type}
        name={key}
        value={form[key] ?? ''}
        aria-invalid={!!errors[key]}
        aria-required={required}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
      />
      {errors[key] && <span className="field__error">{errors[key]}</span>}
    </label>
  );

  return (
    <Dialog
      open={open}
      title={client ? t('clients.editTitle') : (createTitle ?? t('clients.createTitle'))}
      onClose={onClose}
      footer={<FormFooter form="client-form" label={client ? t('action.save') : t('action.create')} busy={save.isPending} onCancel={onClose} />}
    >
      <form id="client-form" className="form-grid" onSubmit={submit} noValidate>
        {input('prenom', 'text', true)}
        {input('nom', 'text', true)}
        {input('email', 'email')}
        {input('numero_1', 'tel')}
        {input('numero_2', 'tel')}
        {input('nom_entreprise')}
        {input('siteweb', 'url')}
        {formError && (
          <p className="form-error field--wide" role="alert">
            {formError}
          </p>
        )}
      </form>
    </Dialog>
  );
}
