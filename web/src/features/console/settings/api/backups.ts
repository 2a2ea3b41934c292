import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { keys } from '../../api/keys';
import type { BackupRun, Backups } from '../../api/types';

/** The backup runs, newest first, and whether this server can make a backup. */
export async function getBackups(signal?: AbortSignal): Promise<Backups> {
  return api.get('/api/admin/backups', { signal });
}

/** Starts a backup now; the run comes back as running. */
export async function backUpNow(): Promise<BackupRun> {
  const body: { run: BackupRun } = await api.post('/api/admin/backups');
  return body.run;
}

/** The backups' query. */
export const backupQueries = {
  list: () => queryOptions({ queryKey: keys.backups, queryFn: ({ signal }) => getBackups(signal) }),
};

/** "Back up now": the list is asked again, and shows the run under way. */
export function useBackUpNowMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: backUpNow,
    onSettled: () => client.invalidateQueries({ queryKey: keys.backups }),
  });
}
