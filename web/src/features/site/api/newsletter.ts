import { api } from '../../../lib/api';

/**
 * Subscribes an address to the newsletter (409 already_subscribed when it is in). website
 * is the honeypot; altcha a solved challenge, when the server asked for one.
 */
export function subscribe(email: string, guard: { website?: string; altcha?: string } = {}): Promise<{ email: string }> {
  return api.post('/api/newsletter', { email, ...guard });
}
