import type { ReactNode } from 'react';
import './States.css';

/** Nothing to show. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="empty-state">{children}</p>;
}
