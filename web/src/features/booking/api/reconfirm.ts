// The reminder's "I'll be there" (/reconfirm/{token}): the manage link's token records,
// once, that the customer will come. Asking again changes nothing and says so.
import { api } from '../../../lib/api';
import type { Schemas } from '../../../lib/schemas';

/** The reconfirmation page's data: the appointment, its language, and whether it was noted before. */
export type Reconfirmation = Schemas['Reconfirmation'];

/** GET /api/reconfirm/{token}: 404 `not_found` for an unknown token, 410 `gone` once cancelled or begun. */
export function reconfirm(token: string, signal?: AbortSignal): Promise<Reconfirmation> {
  return api.get<Reconfirmation>(`/api/reconfirm/${encodeURIComponent(token)}`, { signal });
}
