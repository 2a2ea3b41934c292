// What every write shares: a failed one is toasted with the server's message, set in the
// screen's sentence. Each feature's api file declares its writes as mutations (with the
// query keys they invalidate); the screens pass this as the mutation's onError.
import { toast } from '../components/ui/toast';
import { ApiError } from './api';

/** The server's message, or the given fallback. */
export function messageOf(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}

/** Field errors of a validation failure, else an empty object. */
export function fieldErrorsOf(err: unknown): Record<string, string> {
  return err instanceof ApiError ? err.fields : {};
}

/**
 * The shared onError of a write: toasts say(the server's message), and returns that sentence
 * for a form that shows it too. say puts the message in the screen's sentence (or leaves it
 * out where the screen never showed it); a pair is a title and its description.
 */
export function toastFailure(say: (message: string) => string | readonly [title: string, description: string]) {
  return (err: unknown): string => {
    const said = say(messageOf(err, ''));
    const [title, description] = typeof said === 'string' ? [said] : said;
    toast.error(title, description);
    return title;
  };
}
