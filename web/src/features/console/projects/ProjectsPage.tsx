import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/Dialog';
import { toast } from '../../../components/ui/toast';
import { Table } from '../../../components/ui/Table';
import { toastFailure } from '../../../lib/mutation';
import { usePublishProjectMutation, useDeleteProjectMutation } from './api/projects';
import { projectQueries } from './api/projects';
import { PROJECT_STATUSES, type Project } from '../api/types';
import { FilterSelect } from '../components/FilterSelect';
import { ListPage } from '../components/ListPage';
import { ProjectDialog } from './components/ProjectDialog';
import { useListControls } from '../hooks/useListControls';
import { formatDZD, inLanguage } from '../lib/format';
import { formatDate } from '../lib/time';

/** /admin/projects: search, status filter, the table with the published switch. */
export default function ProjectsPage() {
  const { t, i18n } = useTranslation('console');
  const client = useQueryClient();
  const [editing, setEditing] = useState<Project | null | undefined>(undefined);
  const [toDelete, setToDelete] = useState<Project | null>(null);
  const controls = useListControls({ q: '', status: '' });
  const { filters, page, size } = controls;
  const query = projectQueries.list(filters.q, filters.status, page, size);
  const list = useQuery(query);
  const items = list.data?.items ?? [];
  const publish = usePublishProjectMutation();
  const del = useDeleteProjectMutation();

  // The switch moves at once; a refusal puts it back.
  const showPublished = (p: Project, published: boolean) =>
    client.setQueryData(query.queryKey, (cur) => cur && { ...cur, items: cur.items.map((x) => (x.id === p.id ? { ...x, published } : x)) });
  const togglePublished = (p: Project) => {
    showPublished(p, !p.published);
    publish.mutate(
      { id: p.id, published: !p.published },
      {
        onSuccess: () => toast.success(p.published ? t('projects.unpublished') : t('projects.published')),
        onError: (err) => {
          showPublished(p, p.published);
          toastFailure(() => t('projects.publishFailed'))(err);
        },
      },
    );
  };
  const remove = () => {
    if (!toDelete) return;
    del.mutate(toDelete.id, {
      onSuccess: () => {
        toast.success(t('projects.deleted'));
        setToDelete(null);
      },
      onError: toastFailure(() => t('projects.deleteFailed')),
    });
  };

  return (
    <ListPage
      name="projects"
      title={t('projects.title')}
      actions={
        <button type="button" className="btn btn--primary" onClick={() => setEditing(null)}>
          {t('projects.new')}
        </button>
      }
      search={{ label: t('projects.search'), value: controls.search, onChange: controls.setSearch }}
      filters={
        <FilterSelect
          label={t('projects.statusFilter')}
          value={filters.status}
          values={PROJECT_STATUSES}
          allLabel={t('projects.allStatuses')}
          optionLabel={(s) => t(`projects.status.${s}`)}
          onChange={(status) => controls.setFilters({ status })}
        />
      }
      read={list}
      errorTitle={t('projects.fetchFailed')}
      count={items.length}
      emptyText={t('projects.empty')}
      pagination={{ page, size, total: list.data?.total ?? 0, onPage: controls.setPage, onSize: controls.setSize }}
      list={
        <Table
          caption={t('projects.title')}
          columns={[
            t('projects.col.project'),
            t('projects.col.status'),
            t('projects.col.type'),
            t('projects.col.published'),
            t('projects.col.created'),
            t('table.actions'),
          ]}
        >
          {items.map((p) => (
            <tr key={p.id}>
              <td>
                <strong>{inLanguage(p.title, i18n.language)}</strong>
                <div className="muted">{[inLanguage(p.category, i18n.language), formatDZD(i18n.language, p.devis)].filter(Boolean).join(' · ')}</div>
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
                    onChange={() => togglePublished(p)}
                    aria-label={t('projects.publishNamed', { title: inLanguage(p.title, i18n.language) })}
                  />
                  <span className="switch__track" aria-hidden="true" />
                </label>
              </td>
              <td>{formatDate(i18n.language, p.created_at)}</td>
              <td className="table__actions">
                <button type="button" className="btn btn--small" onClick={() => setEditing(p)} aria-label={t('action.editNamed', { name: inLanguage(p.title, i18n.language) })}>
                  {t('action.edit')}
                </button>
                <button
                  type="button"
                  className="btn btn--small btn--danger"
                  onClick={() => setToDelete(p)}
                  aria-label={t('action.deleteNamed', { name: inLanguage(p.title, i18n.language) })}
                >
                  {t('action.delete')}
                </button>
              </td>
            </tr>
          ))}
        </Table>
      }
    >
      <ProjectDialog
        open={editing !== undefined}
        project={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={() => setEditing(undefined)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('projects.deleteTitle')}
        message={t('projects.confirmDelete', { title: inLanguage(toDelete?.title, i18n.language) })}
        onConfirm={remove}
        onCancel={() => setToDelete(null)}
      />
    </ListPage>
  );
}
