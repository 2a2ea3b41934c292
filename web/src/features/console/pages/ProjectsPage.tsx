import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteProject, listProjects, setPublished } from '../api/projects';
import { PROJECT_STATUSES, type Project } from '../api/types';
import { ConfirmDialog } from '../components/Dialog';
import { EmptyState, ErrorState, Skeleton } from '../components/Feedback';
import { ProjectDialog } from '../components/ProjectDialog';
import { Pagination } from '../components/Pagination';
import { useQuery } from '../hooks/useQuery';
import { toast } from '../hooks/useToasts';
import { formatDZD } from '../lib/format';
import { formatDate } from '../lib/time';

/** /admin/projects: search, status filter, the table with the published switch. */
export default function ProjectsPage() {
  const { t, i18n } = useTranslation('console');
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [editing, setEditing] = useState<Project | null | undefined>(undefined);
  const [toDelete, setToDelete] = useState<Project | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  useEffect(() => setPage(1), [q, status]);
  const list = useQuery((signal) => listProjects(q, status, signal, page, size), [q, status, page, size]);
  const items = list.data?.items ?? [];

  const togglePublished = async (p: Project) => {
    list.setData((cur) => cur && { ...cur, items: cur.items.map((x) => (x.id === p.id ? { ...x, published: !p.published } : x)) });
    try {
      await setPublished(p.id, !p.published);
      toast.success(p.published ? t('projects.unpublished') : t('projects.published'));
    } catch {
      list.setData((cur) => cur && { ...cur, items: cur.items.map((x) => (x.id === p.id ? { ...x, published: p.published } : x)) });
      toast.error(t('projects.publishFailed'));
    }
  };
  const remove = async () => {
    if (!toDelete) return;
    try {
      await deleteProject(toDelete.id);
      toast.success(t('projects.deleted'));
      setToDelete(null);
      await list.reload();
    } catch {
      toast.error(t('projects.deleteFailed'));
    }
  };

  return (
    <section className="page" aria-labelledby="projects-title">
      <header className="page__header">
        <h1 id="projects-title">{t('projects.title')}</h1>
        <div className="page__actions">
          <button type="button" className="btn btn--primary" onClick={() => setEditing(null)}>
            {t('projects.new')}
          </button>
        </div>
      </header>
      <div className="filters" role="search">
        <label className="field field--inline">
          <span className="visually-hidden">{t('projects.search')}</span>
          <input type="search" placeholder={t('projects.search')} value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <label className="field field--inline">
          <span className="visually-hidden">{t('projects.statusFilter')}</span>
          <select value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">{t('projects.allStatuses')}</option>
            {PROJECT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`projects.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.error && !list.data ? (
        <ErrorState error={list.error} title={t('projects.fetchFailed')} onRetry={() => void list.reload()} />
      ) : list.loading ? (
        <Skeleton rows={6} />
      ) : items.length === 0 ? (
        <EmptyState>{t('projects.empty')}</EmptyState>
      ) : (
        <>
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t('projects.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('projects.col.project')}</th>
                <th scope="col">{t('projects.col.status')}</th>
                <th scope="col">{t('projects.col.type')}</th>
                <th scope="col">{t('projects.col.published')}</th>
                <th scope="col">{t('projects.col.created')}</th>
                <th scope="col">{t('table.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((p) => (
                <tr key={p.id}>
                  <td>
                    <strong>{p.title}</strong>
                    <div className="muted">
                      {[p.category, formatDZD(i18n.language, p.devis)].filter(Boolean).join(' · ')}
                    </div>
                  </td>
                  <td>
                    <span className="badge">{t(`projects.status.${p.status}`, { defaultValue: p.status })}</span>
                    {p.attachment_drive_link && (
                      <a className="badge badge--link" href={p.attachment_drive_link} target="_blank" rel="noreferrer noopener">
                        {t('projects.attachment')}
                      </a>
                    )}
                    {p.facture_drive_link && (
                      <a className="badge badge--link" href={p.facture_drive_link} target="_blank" rel="noreferrer noopener">
                        {t('projects.invoice')}
                      </a>
                    )}
                  </td>
                  <td>
                    {t(`projects.type.${p.type}`, { defaultValue: p.type })}
                    <div className="muted">{p.type === 'external' ? p.fournisseur : p.department}</div>
                  </td>
                  <td>
                    <label className="switch">
                      <input
                        type="checkbox"
                        role="switch"
                        checked={p.published}
                        onChange={() => void togglePublished(p)}
                        aria-label={t('projects.publishNamed', { title: p.title })}
                      />
                      <span className="switch__track" aria-hidden="true" />
                    </label>
                  </td>
                  <td>{formatDate(i18n.language, p.created_at)}</td>
                  <td className="table__actions">
                    <button type="button" className="btn btn--small" onClick={() => setEditing(p)} aria-label={t('action.editNamed', { name: p.title })}>
                      {t('action.edit')}
                    </button>
                    <button type="button" className="btn btn--small btn--danger" onClick={() => setToDelete(p)} aria-label={t('action.deleteNamed', { name: p.title })}>
                      {t('action.delete')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pagination page={page} size={size} total={list.data?.total ?? 0} onPage={setPage} onSize={(n) => { setSize(n); setPage(1); }} />
        </>
      )}
      <ProjectDialog
        open={editing !== undefined}
        project={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          void list.reload();
        }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('projects.deleteTitle')}
        message={t('projects.confirmDelete', { title: toDelete?.title ?? '' })}
        onConfirm={() => void remove()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
