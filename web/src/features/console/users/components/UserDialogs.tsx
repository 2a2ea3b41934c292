import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, FormFooter } from '../../../../components/ui/Dialog';
import { toast } from '../../../../components/ui/toast';
import { ROLES, type AdminUser, type Permission, type Role } from '../../api/types';
import { fieldErrorsOf, toastFailure } from '../../../../lib/mutation';
import { useCreateUserMutation, useUpdateUserMutation } from '../api/users';

/** Creates a staff account: e-mail, password, role, active. */
export function CreateUserDialog({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('console');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>('editor');
  const [active, setActive] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateUserMutation();
  const reset = () => {
    setEmail('');
    setPassword('');
    setRole('editor');
    setActive(true);
    setErrors({});
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!email.trim()) local.email = t('form.required');
    if (!password) local.password = t('users.passwordRequired');
    else if ([...password].length < 8) local.password = t('users.passwordShort');
    setErrors(local);
    if (Object.keys(local).length) return;
    create.mutate(
      { email: email.trim(), password, role, is_active: active },
      {
        onSuccess: () => {
          toast.success(t('users.created'));
          reset();
          onSaved();
        },
        onError: (err) => {
          setErrors(fieldErrorsOf(err));
          toastFailure((message) => t('users.createFailed', { message }))(err);
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      title={t('users.createTitle')}
      onClose={() => {
        reset();
        onClose();
      }}
      footer={<FormFooter form="user-create" label={t('action.create')} busy={create.isPending} onCancel={onClose} />}
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

function RoleSelect({ value, onChange }: { value: Role; onChange: (v: Role) => void }) {
  const { t } = useTranslation('console');
  return (
    <label className="field">
      <span>{t('users.col.role')}</span>
      <select value={value} onChange={(e) => onChange(e.target.value as Role)}>
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
  const [role, setRole] = useState<Role>(user.role);
  const [active, setActive] = useState(user.is_active);
  const [permissions, setPermissions] = useState(user.permissions.join(', '));
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const update = useUpdateUserMutation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password && [...password].length < 8) {
      setError(t('users.passwordShort'));
      return;
    }
    setError('');
    update.mutate(
      {
        id: user.id,
        edit: {
          role,
          is_active: active,
          // As typed: the server refuses a permission it does not know (400 validation).
          permissions: permissions.split(',').map((p) => p.trim()).filter(Boolean) as Permission[],
          ...(password ? { password } : {}),
        },
      },
      {
        onSuccess: () => {
          toast.success(t('users.updated'));
          onSaved();
        },
        onError: toastFailure((message) => t('users.updateFailed', { message })),
      },
    );
  };
  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      footer={<FormFooter form="user-edit" label={t('action.save')} busy={update.isPending} onCancel={onClose} />}
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
