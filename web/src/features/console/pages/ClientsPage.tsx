import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { deleteClient, listClients } from '../api/clients';
import type { Client } from '../api/types';
import { ClientDialog } from '../components/ClientDialog';
import { Pagination } from '../components/Pagination';
import { ConfirmDialog } from '../components/Dialog';
import { EraseClientDialog } from '../components/EraseClientDialog';
import { ExportClientButton } from '../components/ExportClientButton';
import { EmptyState, ErrorState, messageOf, Skeleton, StatCard } from '../components/Feedback';
import { useQuery } from '../hooks/useQuery';
import { useCan } from '../hooks/useSession';
import { toast } from '../hooks/useToasts';
import { fullName } from '../lib/format';
import { formatDate } from '../lib/time';

/** /admin/clients: search, stat cards, the table, create, edit, delete, and the personal data requests (export, erase). */
export default function ClientsPage() {
  const { t, i18n } = useTranslation('console');
  const [search, setSearch] = useState('');
  const canCreate = useCan('clients.create');
  const canUpdate = useCan('clients.update');
  const canDelete = useCan('clients.delete');
  const canExport = useCan('clients.export');
  const canErase = useCan('clients.erase');
  const [q, setQ] = useState('');
  const [editing, setEditing] = useState<Client | null | undefined>(undefined);
  const [toDelete, setToDelete] = useState<Client | null>(null);
  const [toErase, setToErase] = useState<Client | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  useEffect(() => setPage(1), [q]);
  const list = useQuery((signal) => listClients(q, signal, page, size), [q, page, size]);
  const items = list.data?.items ?? [];
  const stats = list.data?.stats;

  const remove = async () => {
    if (!toDelete) return;
    try {
      await deleteClient(toDelete.id);
      toast.success(t('clients.deleted'));
      setToDelete(null);
      await list.reload();
    } catch (err) {
      setToDelete(null);
      if (err instanceof ApiError && err.code === 'conflict') toast.error(t('clients.hasAppointments'));
      else toast.error(t('clients.deleteFailed', { message: messageOf(err, '') }));
    }
  };

  return (
    <section className="page" aria-labelledby="clients-title">
      <header className="page__header">
        <h1 id="clients-title">{t('clients.title')}</h1>
        <div className="page__actions">
          {canCreate && (
            <button type="button" className="btn btn--primary" onClick={() => setEditing(null)}>
              {t('clients.new')}
            </button>
          )}
        </div>
      </header>
      <div className="stats-grid">
        <StatCard label={t('clients.stats.total')} value={stats?.total ?? 0} />
        <StatCard label={t('clients.stats.withEmail')} value={stats?.with_email ?? 0} />
        <StatCard label={t('clients.stats.companies')} value={stats?.with_company ?? 0} />
      </div>
      <div className="filters" role="search">
        <label className="field field--inline">
          <span className="visually-hidden">{t('clients.search')}</span>
          <input type="search" placeholder={t('clients.search')} value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
      </div>
      {list.error && !list.data ? (
        <ErrorState error={list.error} title={t('clients.fetchFailed', { message: messageOf(list.error, '') })} onRetry={() => void list.reload()} />
      ) : list.loading ? (
        <Skeleton rows={6} />
      ) : items.length === 0 ? (
        <EmptyState>{t('clients.empty')}</EmptyState>
      ) : (
        <>
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t('clients.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('clients.col.name')}</th>
                <th scope="col">{t('clients.col.contact')}</th>
                <th scope="col">{t('clients.col.company')}</th>
                <th scope="col">{t('clients.col.created')}</th>
                <th scope="col">{t('table.actions')}</th>
              </tr>
            </thead>
            <tbody>
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
                      {canUpdate && <button type="button" className="btn btn--small" onClick={() => setEditing(c)} aria-label={t('action.editNamed', { name: `${c.prenom} ${c.nom}` })}>
                        {t('action.edit')}
                      </button>}
                      {canDelete && <button
                        type="button"
                        className="btn btn--small btn--danger"
                        onClick={() => setToDelete(c)}
                        aria-label={t('action.deleteNamed', { name: `${c.prenom} ${c.nom}` })}
                      >
                        {t('action.delete')}
                      </button>}
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
            </tbody>
          </table>
        </div>
        <Pagination page={page} size={size} total={list.data?.total ?? 0} onPage={setPage} onSize={(n) => { setSize(n); setPage(1); }} />
        </>
      )}
      <ClientDialog
        open={editing !== undefined}
        client={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          void list.reload();
        }}
      />
      <EraseClientDialog
        client={toErase}
        onClose={() => setToErase(null)}
        onErased={() => {
          setToErase(null);
          void list.reload();
        }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('clients.deleteTitle')}
        message={t('clients.confirmDelete', { name: toDelete ? `${toDelete.prenom} ${toDelete.nom}` : '' })}
        onConfirm={() => void remove()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
