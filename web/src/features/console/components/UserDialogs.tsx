import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, FormFooter } from '../../../components/ui/Dialog';
import { toast } from '../../../components/ui/toast';
import type { AdminUser } from '../api/types';
import { createUser, updateUser } from '../api/users';
import { fieldErrorsOf, messageOf } from './Feedback';

const ROLES = ['admin', 'moderator', 'editor'] as const;

/** Creates a staff account: e-mail, password, role, active. */
export function CreateUserDialog({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('console');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState('editor');
  const [active, setActive] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const reset = () => {
    setEmail('');
    setPassword('');
    setRole('editor');
    setActive(true);
    setErrors({});
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!email.trim()) local.email = t('form.required');
    if (!password) local.password = t('users.passwordRequired');
    else if ([...password].length < 8) local.password = t('users.passwordShort');
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      await createUser({ email: email.trim(), password, role, is_active: active });
      toast.success(t('users.created'));
      reset();
      onSaved();
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      toast.error(t('users.createFailed', { message: messageOf(err, '') }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      title={t('users.createTitle')}
      onClose={() => {
        reset();
        onClose();
      }}
      footer={<FormFooter form="user-create" label={t('action.create')} busy={busy} onCancel={onClose} />}
    >
      <form id="user-create" className="form-grid" onSubmit={submit} noValidate>
        <label className="field">
          <span>{t('field.email')}</span>
          <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={!!errors.email} />
          {errors.email && <span className="field__error">{errors.email}</span>}
        </label>
        <label className="field">
          <span>{t('users.password')}</span>
          <input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} aria-invalid={!!errors.password} />
          {errors.password && <span className="field__error">{errors.password}</span>}
        </label>
        <RoleSelect value={role} onChange={setRole} />
        <label className="checkbox">
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
          {t('users.active')}
        </label>
      </form>
    </Dialog>
  );
}

function RoleSelect({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation('console');
  return (
    <label className="field">
      <span>{t('users.col.role')}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {t(`role.${r}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Edits a staff account's role, permissions, password and activity (its e-mail stays). */
export function EditUserDialog({ user, onClose, onSaved }: { user: AdminUser | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('console');
  if (!user) return null;
  return <EditUserForm key={user.id} user={user} onClose={onClose} onSaved={onSaved} title={t('users.editTitle')} />;
}

function EditUserForm({ user, onClose, onSaved, title }: { user: AdminUser; onClose: () => void; onSaved: () => void; title: string }) {
  const { t } = useTranslation('console');
  const [role, setRole] = useState<string>(user.role);
  const [active, setActive] = useState(user.is_active);
  const [permissions, setPermissions] = useState(user.permissions.join(', '));
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password && [...password].length < 8) {
      setError(t('users.passwordShort'));
      return;
    }
    setError('');
    setBusy(true);
    try {
      await updateUser(user.id, {
        role,
        is_active: active,
        permissions: permissions.split(',').map((p) => p.trim()).filter(Boolean),
        ...(password ? { password } : {}),
      });
      toast.success(t('users.updated'));
      onSaved();
    } catch (err) {
      toast.error(t('users.updateFailed', { message: messageOf(err, '') }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      footer={<FormFooter form="user-edit" label={t('action.save')} busy={busy} onCancel={onClose} />}
    >
      <form id="user-edit" className="form-grid" onSubmit={submit}>
        <label className="field">
          <span>{t('field.email')}</span>
          <input type="email" value={user.email} disabled readOnly />
        </label>
        <RoleSelect value={role} onChange={setRole} />
        <label className="field field--wide">
          <span>{t('users.permissions')}</span>
          <input value={permissions} onChange={(e) => setPermissions(e.target.value)} />
        </label>
        <label className="field">
          <span>{t('users.newPassword')}</span>
          <input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} aria-invalid={!!error} />
          {error && <span className="field__error">{error}</span>}
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
          {t('users.active')}
        </label>
      </form>
    </Dialog>
  );
}
