import { api } from '../../../lib/api';

/** Subscribes an address to the newsletter (409 already_subscribed when it is in). */
export function subscribe(email: string): Promise<{ email: string }> {
  return api.post('/api/newsletter', { email });
}
