import { useTranslation } from 'react-i18next';
import { toast } from '../../../../components/ui/toast';
import { toastFailure } from '../../../../lib/mutation';
import { useExportClientMutation } from '../api/clients';
import type { Client } from '../../api/types';
import { fullName } from '../../lib/format';

/** Hands blob to the browser as a download called filename. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Some browsers read the URL after click returns: let go of it a moment later.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

/**
 * "Export data": downloads everything the agency holds on a client (law 18-07) as
 * client-<id>.json. While the request runs the button says so and ignores clicks
 * (aria-disabled rather than disabled, so keyboard focus stays on it).
 */
export function ExportClientButton({ client }: { client: Client }) {
  const { t } = useTranslation('console');
  const exporting = useExportClientMutation();
  const busy = exporting.isPending;
  const name = fullName(client);

  const run = () => {
    if (busy) return;
    exporting.mutate(client.id, {
      onSuccess: (blob) => {
        saveBlob(blob, `client-${client.id}.json`);
        toast.success(t('clients.exported', { name }));
      },
      onError: toastFailure((message) => t('clients.exportFailed', { message: message || t('state.error') })),
    });
  };

  return (
    <button
      type="button"
      className="btn btn--small"
      data-testid="client-export"
      onClick={run}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      aria-label={busy ? t('clients.exportingNamed', { name }) : t('clients.exportNamed', { name })}
    >
      {busy ? t('clients.exporting') : t('clients.export')}
    </button>
  );
}
