import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/Dialog';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { messageOf, toastFailure } from '../../../lib/mutation';
import { Table } from '../../../components/ui/Table';
import { useDeleteClientMutation } from './api/clients';
import { clientQueries } from './api/clients';
import type { Client } from '../api/types';
import { ClientDialog } from '../components/ClientDialog';
import { EraseClientDialog } from './components/EraseClientDialog';
import { ExportClientButton } from './components/ExportClientButton';
import { ClientOutcomesDialog } from './components/ClientOutcomesDialog';
import { StatCard } from '../components/Feedback';
import { ListPage } from '../components/ListPage';
import { useListControls } from '../hooks/useListControls';
import { useCan } from '../hooks/useSession';
import { fullName } from '../lib/format';
import { formatDate } from '../lib/time';

/** /admin/clients: search, stat cards, the table, create, edit, delete, and the personal data requests (export, erase). */
export default function ClientsPage() {
  const { t, i18n } = useTranslation('console');
  const canCreate = useCan('clients.create');
  const canUpdate = useCan('clients.update');
  const canDelete = useCan('clients.delete');
  const canExport = useCan('clients.export');
  const canErase = useCan('clients.erase');
  const [editing, setEditing] = useState<Client | null | undefined>(undefined);
  const [toDelete, setToDelete] = useState<Client | null>(null);
  const [toErase, setToErase] = useState<Client | null>(null);
  const [outcomesOf, setOutcomesOf] = useState<Client | null>(null);
  const controls = useListControls({ q: '' });
  const { filters, page, size } = controls;
  const list = useQuery(clientQueries.list(filters.q, page, size));
  const items = list.data?.items ?? [];
  const stats = list.data?.stats;
  const del = useDeleteClientMutation();

  const remove = () => {
    if (!toDelete) return;
    del.mutate(toDelete.id, {
      onSuccess: () => toast.success(t('clients.deleted')),
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'conflict') toast.error(t('clients.hasAppointments'));
        else toastFailure((message) => t('clients.deleteFailed', { message }))(err);
      },
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <ListPage
      name="clients"
      title={t('clients.title')}
      actions={
        canCreate && (
          <button type="button" className="btn btn--primary" onClick={() => setEditing(null)}>
            {t('clients.new')}
          </button>
        )
      }
      summary={
        <>
          <StatCard label={t('clients.stats.total')} value={stats?.total ?? 0} />
          <StatCard label={t('clients.stats.withEmail')} value={stats?.with_email ?? 0} />
          <StatCard label={t('clients.stats.companies')} value={stats?.with_company ?? 0} />
        </>
      }
      search={{ label: t('clients.search'), value: controls.search, onChange: controls.setSearch }}
      read={list}
      errorTitle={t('clients.fetchFailed', { message: messageOf(list.error, '') })}
      count={items.length}
      emptyText={t('clients.empty')}
      pagination={{ page, size, total: list.data?.total ?? 0, onPage: controls.setPage, onSize: controls.setSize }}
      list={
        <Table
          caption={t('clients.title')}
          columns={[
            t('clients.col.name'),
            t('clients.col.contact'),
            t('clients.col.company'),
            t('clients.col.created'),
            t('table.actions'),
          ]}
        >
          {items.map((c) => (
            <tr key={c.id}>
              <td>
                {c.prenom} {c.nom}
              </td>
              <td>
                <div>{c.email ?? '—'}</div>
                <div className="muted">{[c.numero_1, c.numero_2].filter(Boolean).join(' · ')}</div>
              </td>
              <td>
                {c.nom_entreprise ?? '—'}
                {c.siteweb && (
                  <div>
                    <a href={c.siteweb} target="_blank" rel="noreferrer noopener">
                      {t('clients.website')}
                    </a>
                  </div>
                )}
              </td>
              <td>{formatDate(i18n.language, c.created_at)}</td>
              <td className="table__actions">
                <div className="table__action-list">
                  <button
                    type="button"
                    className="btn btn--small"
                    onClick={() => setOutcomesOf(c)}
                    aria-label={t('clients.outcomes.actionNamed', { name: fullName(c) })}
                  >
                    {t('clients.outcomes.action')}
                  </button>
                  {canUpdate && (
                    <button
                      type="button"
                      className="btn btn--small"
                      onClick={() => setEditing(c)}
                      aria-label={t('action.editNamed', { name: `${c.prenom} ${c.nom}` })}
                    >
                      {t('action.edit')}
                    </button>
                  )}
                  {canDelete && (
                    <button
                      type="button"
                      className="btn btn--small btn--danger"
                      onClick={() => setToDelete(c)}
                      aria-label={t('action.deleteNamed', { name: `${c.prenom} ${c.nom}` })}
                    >
                      {t('action.delete')}
                    </button>
                  )}
                  {canExport && <ExportClientButton client={c} />}
                  {canErase && (
                    <button
                      type="button"
                      className="btn btn--small btn--danger"
                      data-testid="client-erase"
                      onClick={() => setToErase(c)}
                      aria-label={t('clients.erase.actionNamed', { name: fullName(c) })}
                    >
                      {t('clients.erase.action')}
                    </button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </Table>
      }
    >
      <ClientDialog
        open={editing !== undefined}
        client={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={() => setEditing(undefined)}
      />
      <ClientOutcomesDialog client={outcomesOf} onClose={() => setOutcomesOf(null)} />
      <EraseClientDialog
        client={toErase}
        onClose={() => setToErase(null)}
        onErased={() => setToErase(null)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('clients.deleteTitle')}
        message={t('clients.confirmDelete', { name: toDelete ? `${toDelete.prenom} ${toDelete.nom}` : '' })}
        onConfirm={remove}
        onCancel={() => setToDelete(null)}
      />
    </ListPage>
  );
}
