import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { currentAttribution } from '../../../lib/attribution';
import { sendWithChallenge } from '../../../lib/challenge';

/**
 * Subscribes an address to the newsletter (409 already_subscribed when it is in), with
 * where the visit came from. website is the honeypot; altcha a solved challenge, when the
 * server asked for one.
 */
export function subscribe(email: string, guard: { website?: string; altcha?: string } = {}): Promise<{ email: string }> {
  return api.post('/api/newsletter', { email, attribution: currentAttribution(), ...guard });
}

/** Subscribes an address, through the challenge when the server asks for one (verifying says while it is solved). */
export function useSubscribeMutation(onVerifying: (verifying: boolean) => void) {
  return useMutation({
    mutationFn: ({ email, website }: { email: string; website: string }) =>
      sendWithChallenge((altcha) => subscribe(email, { website, altcha }), onVerifying),
  });
}
