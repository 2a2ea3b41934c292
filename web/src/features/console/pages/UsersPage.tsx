import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createUser, deleteUser, listUsers, updateUser } from '../api/users';
import type { AdminUser } from '../api/types';
import { ConfirmDialog, Dialog } from '../components/Dialog';
import { EmptyState, ErrorState, fieldErrorsOf, messageOf, Skeleton, StatCard } from '../components/Feedback';
import { useQuery } from '../hooks/useQuery';
import { useSession } from '../hooks/useSession';
import { toast } from '../hooks/useToasts';
import { shortId } from '../lib/format';
import { formatDate } from '../lib/time';

const ROLES = ['admin', 'moderator', 'editor'] as const;

/** /admin/users: stat cards, the table, create, edit and delete. */
export default function UsersPage() {
  const { t, i18n } = useTranslation('console');
  const me = useSession((s) => s.user);
  const list = useQuery((signal) => listUsers(signal), []);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [toDelete, setToDelete] = useState<AdminUser | null>(null);
  const items = list.data?.items ?? [];
  const stats = list.data?.stats;

  const remove = async () => {
    if (!toDelete) return;
    try {
      await deleteUser(toDelete.id);
      toast.success(t('users.deleted'));
      setToDelete(null);
      await list.reload();
    } catch (err) {
      toast.error(t('users.deleteFailed'), messageOf(err, ''));
    }
  };

  return (
    <section className="page" aria-labelledby="users-title">
      <header className="page__header">
        <h1 id="users-title">{t('users.title')}</h1>
        <div className="page__actions">
          <button type="button" className="btn btn--primary" onClick={() => setCreating(true)}>
            {t('users.createTitle')}
          </button>
        </div>
      </header>
      <div className="stats-grid">
        <StatCard label={t('users.stats.total')} value={stats?.total ?? 0} />
        <StatCard label={t('users.stats.active')} value={stats?.active ?? 0} tone="confirmed" />
        <StatCard label={t('users.stats.admins')} value={stats?.admins ?? 0} />
      </div>
      {list.error && !list.data ? (
        <ErrorState error={list.error} title={t('users.fetchFailed', { message: messageOf(list.error, '') })} onRetry={() => void list.reload()} />
      ) : list.loading ? (
        <Skeleton rows={4} />
      ) : items.length === 0 ? (
        <EmptyState>{t('users.empty')}</EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t('users.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('users.col.user')}</th>
                <th scope="col">{t('users.col.role')}</th>
                <th scope="col">{t('users.col.status')}</th>
                <th scope="col">{t('users.col.created')}</th>
                <th scope="col">{t('users.col.updated')}</th>
                <th scope="col">{t('table.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((u) => (
                <tr key={u.id}>
                  <td>
                    <div>{u.email}</div>
                    <code className="muted">{shortId(u.id)}</code>
                  </td>
                  <td>
                    <span className={`badge badge--role-${u.role === 'admin' ? 'admin' : 'user'}`}>
                      {u.role === 'admin' ? t('users.badgeAdmin') : t('users.badgeUser')}
                    </span>{' '}
                    <span className="muted">{t(`role.${u.role}`, { defaultValue: u.role })}</span>
                  </td>
                  <td>
                    <span className={`badge ${u.is_active ? 'badge--status-confirmed' : 'badge--status-cancelled'}`}>
                      {u.is_active ? t('users.active') : t('users.inactive')}
                    </span>
                  </td>
                  <td>{formatDate(i18n.language, u.created_at)}</td>
                  <td>{formatDate(i18n.language, u.updated_at)}</td>
                  <td className="table__actions">
                    <button type="button" className="btn btn--small" onClick={() => setEditing(u)} aria-label={t('action.editNamed', { name: u.email })}>
                      {t('action.edit')}
                    </button>
                    <button
                      type="button"
                      className="btn btn--small btn--danger"
                      disabled={u.id === me?.id}
                      onClick={() => setToDelete(u)}
                      aria-label={t('action.deleteNamed', { name: u.email })}
                    >
                      {t('action.delete')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CreateUserDialog open={creating} onClose={() => setCreating(false)} onSaved={() => { setCreating(false); void list.reload(); }} />
      <EditUserDialog user={editing} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); void list.reload(); }} />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('users.deleteTitle')}
        message={t('users.confirmDelete', { email: toDelete?.email ?? '' })}
        onConfirm={() => void remove()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}

function CreateUserDialog({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: () => void }) {
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
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            {t('action.cancel')}
          </button>
          <button type="submit" form="user-create" className="btn btn--primary" disabled={busy}>
            {t('action.create')}
          </button>
        </>
      }
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

function EditUserDialog({ user, onClose, onSaved }: { user: AdminUser | null; onClose: () => void; onSaved: () => void }) {
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
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            {t('action.cancel')}
          </button>
          <button type="submit" form="user-edit" className="btn btn--primary" disabled={busy}>
            {t('action.save')}
          </button>
        </>
      }
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
