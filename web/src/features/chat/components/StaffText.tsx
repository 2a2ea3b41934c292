import { Fragment } from 'react';

/** A web address in a message: up to a space, without the punctuation that ends a sentence. */
const ADDRESS = /https?:\/\/[^\s]+?(?=[.,;:!?)»"']*(?:\s|$))/g;

/**
 * The parts of a staff member's message: text, and the site's own manage links (a canned
 * reply's {manage_link}) as paths to open. Any other address stays text: the widget does
 * not turn what staff type into links elsewhere.
 */
export function staffParts(text: string, origin: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let from = 0;
  for (const match of text.matchAll(ADDRESS)) {
    let url: URL;
    try {
      url = new URL(match[0]);
    } catch {
      continue;
    }
    if (url.origin !== origin || !url.pathname.startsWith('/manage/')) continue;
    if (match.index > from) parts.push({ text: text.slice(from, match.index) });
    parts.push({ text: match[0], href: url.pathname + url.search });
    from = match.index + match[0].length;
  }
  if (from < text.length) parts.push({ text: text.slice(from) });
  return parts;
}

/** A staff member's message, its manage links clickable. */
export function StaffText({ text }: { text: string }) {
  return (
    <>
      {staffParts(text, window.location.origin).map((p, i) =>
        p.href ? (
          <a key={i} href={p.href} target="_blank" rel="noopener noreferrer">
            {p.text}
          </a>
        ) : (
          <Fragment key={i}>{p.text}</Fragment>
        ),
      )}
    </>
  );
}
