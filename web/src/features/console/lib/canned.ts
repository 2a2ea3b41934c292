// The reply box's canned replies, as plain functions: when `/` opens the picker, which
// replies a query finds, the text a reply shows in a language, and the variables left for
// staff to fill.
import { CANNED_VARIABLES, type CannedReply } from '../api/cannedReplies';

/**
 * The query typed after a `/` that opens the answer: "/hor" is "hor". null when the answer
 * does not start with `/` or has gone on to a second line (the picker closes).
 */
export function slashQuery(text: string): string | null {
  if (!text.startsWith('/') || text.includes('\n')) return null;
  return text.slice(1);
}

/** Lower case, without accents or extra spaces: "Élodie  R" reads as "elodie r". */
function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The reply's text in lang, else in English, French or Arabic, whichever it has first. */
export function cannedText(reply: CannedReply, lang: string): string {
  const texts = reply.texts as Record<string, string | undefined>;
  for (const l of [lang, 'en', 'fr', 'ar']) if (texts[l]) return texts[l]!;
  return '';
}

/**
 * The replies the query finds, in lang: those whose title starts with it first, then
 * those whose title or text holds it; every reply for an empty query.
 */
export function matchReplies(replies: readonly CannedReply[], query: string, lang: string): CannedReply[] {
  const q = fold(query);
  if (!q) return [...replies];
  const first: CannedReply[] = [];
  const then: CannedReply[] = [];
  for (const r of replies) {
    const title = fold(r.title);
    if (title.startsWith(q)) first.push(r);
    else if (title.includes(q) || fold(cannedText(r, lang)).includes(q)) then.push(r);
  }
  return [...first, ...then];
}

/** Where the first variable still in braces is in text, to select it for staff; null when none is. */
export function firstVariable(text: string): { start: number; end: number } | null {
  let best: { start: number; end: number } | null = null;
  for (const name of CANNED_VARIABLES) {
    const at = text.indexOf(`{${name}}`);
    if (at >= 0 && (!best || at < best.start)) best = { start: at, end: at + name.length + 2 };
  }
  return best;
}

/** The variables still in braces in text, each once, in the order they come. */
export function variablesLeft(text: string): string[] {
  return CANNED_VARIABLES.filter((name) => text.includes(`{${name}}`)).sort(
    (a, b) => text.indexOf(`{${a}}`) - text.indexOf(`{${b}}`),
  );
}
