import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/Dialog';
import { Table } from '../../../components/ui/Table';
import { toast } from '../../../components/ui/toast';
import { SUPPORTED_LANGUAGES } from '../../../lib/language';
import { toastFailure } from '../../../lib/mutation';
import { cannedReplyQueries, useDeleteCannedReplyMutation, type CannedReply } from '../api/cannedReplies';
import { ListPage } from '../components/ListPage';
import { cannedText, matchReplies } from '../lib/canned';
import { CannedReplyDialog } from './components/CannedReplyDialog';

/** /admin/canned-replies: the replies staff insert from a conversation's reply box, written per language. */
export default function CannedRepliesPage() {
  const { t, i18n } = useTranslation('console');
  const list = useQuery(cannedReplyQueries.list());
  const [search, setSearch] = useState('');
  // undefined: no dialog; null: a new reply.
  const [editing, setEditing] = useState<CannedReply | null | undefined>(undefined);
  const [toDelete, setToDelete] = useState<CannedReply | null>(null);
  const del = useDeleteCannedReplyMutation();
  const all = list.data ?? [];
  const items = matchReplies(all, search, i18n.language);
  const languageName = (l: string) => t(`language.${l}`, { ns: 'common' });

  const remove = () => {
    if (!toDelete) return;
    del.mutate(toDelete.id, {
      onSuccess: () => {
        toast.success(t('canned.deleted'));
        setToDelete(null);
      },
      onError: toastFailure(() => t('canned.deleteFailed')),
    });
  };

  return (
    <ListPage
      name="canned"
      title={t('canned.title')}
      actions={
        <button type="button" className="btn btn--primary" onClick={() => setEditing(null)}>
          {t('canned.new')}
        </button>
      }
      summary={<p className="muted">{t('canned.intro')}</p>}
      search={{ label: t('canned.search'), value: search, onChange: setSearch }}
      read={list}
      errorTitle={t('canned.fetchFailed')}
      count={items.length}
      emptyText={all.length === 0 ? t('canned.empty') : t('canned.noMatch')}
      list={
        <Table caption={t('canned.title')} columns={[t('canned.col.title'), t('canned.col.text'), t('canned.col.languages'), t('table.actions')]}>
          {items.map((r) => {
            const texts = r.texts as Record<string, string | undefined>;
            const missing = SUPPORTED_LANGUAGES.filter((l) => !texts[l]);
            return (
              <tr key={r.id}>
                <td dir="auto">
                  <strong>{r.title}</strong>
                </td>
                <td dir="auto" className="canned__text">
                  {cannedText(r, i18n.language)}
                </td>
                <td>
                  {SUPPORTED_LANGUAGES.filter((l) => texts[l]).map((l) => (
                    <span key={l} className="badge" lang={l} title={languageName(l)}>
                      {l.toUpperCase()}
                    </span>
                  ))}
                  {missing.length > 0 && <div className="muted">{t('canned.missingLanguages', { languages: missing.map(languageName).join(', ') })}</div>}
                </td>
                <td className="table__actions">
                  <button type="button" className="btn btn--small" onClick={() => setEditing(r)} aria-label={t('action.editNamed', { name: r.title })}>
                    {t('action.edit')}
                  </button>
                  <button
                    type="button"
                    className="btn btn--small btn--danger"
                    onClick={() => setToDelete(r)}
                    aria-label={t('action.deleteNamed', { name: r.title })}
                  >
                    {t('action.delete')}
                  </button>
                </td>
              </tr>
            );
          })}
        </Table>
      }
    >
      <CannedReplyDialog open={editing !== undefined} reply={editing ?? null} onClose={() => setEditing(undefined)} />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('canned.deleteTitle')}
        message={t('canned.confirmDelete', { title: toDelete?.title ?? '' })}
        confirmLabel={t('action.delete')}
        busy={del.isPending}
        onConfirm={remove}
        onCancel={() => setToDelete(null)}
      />
    </ListPage>
  );
}
