import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/Dialog';
import { toast } from '../../../components/ui/toast';
import { Table } from '../../../components/ui/Table';
import { messageOf, toastFailure } from '../../../lib/mutation';
import { userQueries } from './api/users';
import type { AdminUser } from '../api/types';
import { useDeleteUserMutation } from './api/users';
import { StatCard } from '../components/Feedback';
import { ListPage } from '../components/ListPage';
import { CreateUserDialog, EditUserDialog } from './components/UserDialogs';
import { ConsultantDialog } from './components/ConsultantDialog';
import { consultantQueries } from '../api/consultants';
import { useSession } from '../hooks/useSession';
import { shortId } from '../lib/format';
import { formatDate } from '../lib/time';

/** /admin/users: stat cards, the table, create, edit and delete. */
export default function UsersPage() {
  const { t, i18n } = useTranslation('console');
  const me = useSession((s) => s.user);
  const list = useQuery(userQueries.list());
  const consultants = useQuery(consultantQueries.list());
  const consultantOf = new Map((consultants.data ?? []).map((c) => [c.user_id, c]));
  const [profiling, setProfiling] = useState<AdminUser | null>(null);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [toDelete, setToDelete] = useState<AdminUser | null>(null);
  const items = list.data?.items ?? [];
  const stats = list.data?.stats;
  const del = useDeleteUserMutation();

  const remove = () => {
    if (!toDelete) return;
    del.mutate(toDelete.id, {
      onSuccess: () => {
        toast.success(t('users.deleted'));
        setToDelete(null);
      },
      onError: toastFailure((message) => [t('users.deleteFailed'), message]),
    });
  };

  return (
    <ListPage
      name="users"
      title={t('users.title')}
      actions={
        <button type="button" className="btn btn--primary" onClick={() => setCreating(true)}>
          {t('users.createTitle')}
        </button>
      }
      summary={
        <>
          <StatCard label={t('users.stats.total')} value={stats?.total ?? 0} />
          <StatCard label={t('users.stats.active')} value={stats?.active ?? 0} tone="confirmed" />
          <StatCard label={t('users.stats.admins')} value={stats?.admins ?? 0} />
        </>
      }
      read={list}
      errorTitle={t('users.fetchFailed', { message: messageOf(list.error, '') })}
      count={items.length}
      emptyText={t('users.empty')}
      skeletonRows={4}
      list={
        <Table
          caption={t('users.title')}
          columns={[
            t('users.col.user'),
            t('users.col.role'),
            t('users.col.status'),
            t('consultants.column'),
            t('users.col.created'),
            t('users.col.updated'),
            t('table.actions'),
          ]}
        >
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
              <td>
                <ConsultantCell
                  name={consultantOf.get(u.id)?.name}
                  active={consultantOf.get(u.id)?.active}
                  loading={consultants.isPending}
                  failed={consultants.isError}
                />
              </td>
              <td>{formatDate(i18n.language, u.created_at)}</td>
              <td>{formatDate(i18n.language, u.updated_at)}</td>
              <td className="table__actions">
                <button type="button" className="btn btn--small" onClick={() => setEditing(u)} aria-label={t('action.editNamed', { name: u.email })}>
                  {t('action.edit')}
                </button>
                <button
                  type="button"
                  className="btn btn--small"
                  onClick={() => setProfiling(u)}
                  // Without the profiles as saved, a save could overwrite one.
                  disabled={!consultants.data}
                  aria-label={t('consultants.openNamed', { email: u.email })}
                >
                  {t('consultants.open')}
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
        </Table>
      }
    >
      <CreateUserDialog
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={() => setCreating(false)}
      />
      <EditUserDialog
        user={editing}
        onClose={() => setEditing(null)}
        onSaved={() => setEditing(null)}
      />
      <ConsultantDialog user={profiling} consultant={profiling ? consultantOf.get(profiling.id) : undefined} onClose={() => setProfiling(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('users.deleteTitle')}
        message={t('users.confirmDelete', { email: toDelete?.email ?? '' })}
        onConfirm={remove}
        onCancel={() => setToDelete(null)}
      />
    </ListPage>
  );
}

/** Whether a user meets prospects: the name visitors see (muted when inactive), or a dash. */
function ConsultantCell({ name, active, loading, failed }: { name?: string; active?: boolean; loading: boolean; failed: boolean }) {
  const { t } = useTranslation('console');
  if (loading) return <span className="muted">{t('state.loading')}</span>;
  if (failed) return <span className="muted">{t('consultants.fetchFailed')}</span>;
  if (name === undefined) return <span className="muted">—</span>;
  return (
    <span className={`badge ${active ? 'badge--consultant' : 'badge--expired'}`}>
      {name}
      {!active && ` · ${t('consultants.inactive')}`}
    </span>
  );
}
