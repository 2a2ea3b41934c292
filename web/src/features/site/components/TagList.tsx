import { useTranslation } from 'react-i18next';

/** How many tags or technologies a card shows before the +N badge. */
export const VISIBLE_TAGS = 3;

/** Props of TagList. */
export interface TagListProps {
  items: string[];
  /** Show every item instead of the first three and a +N. */
  all?: boolean;
}

/** The first three tags of a card and a +N count of the others. */
export function TagList({ items, all }: TagListProps) {
  const { t } = useTranslation('site');
  if (items.length === 0) return null;
  const shown = all ? items : items.slice(0, VISIBLE_TAGS);
  const more = items.length - shown.length;
  return (
    <ul className="tags">
      {shown.map((tag) => (
        <li key={tag} className="tag">
          {tag}
        </li>
      ))}
      {more > 0 && (
        <li className="tag tag--more" aria-label={t('tags.more', { count: more })}>
          +{more}
        </li>
      )}
    </ul>
  );
}
