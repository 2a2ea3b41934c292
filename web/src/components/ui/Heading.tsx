import type { HTMLAttributes } from 'react';

/**
 * Level of a heading inside a reusable block: 3 under a section's heading, 2 when the
 * block sits right under the page's title (headings never skip a level).
 */
export type HeadingLevel = 2 | 3;

/** Props of Heading. */
export interface HeadingProps extends HTMLAttributes<HTMLHeadingElement> {
  level: HeadingLevel;
}

/** An h2 or an h3, as the page around the block needs. */
export function Heading({ level, ...props }: HeadingProps) {
  const Tag = level === 2 ? 'h2' : 'h3';
  return <Tag {...props} />;
}
