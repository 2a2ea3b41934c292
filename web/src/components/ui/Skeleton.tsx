import './Skeleton.css';

/** Props of Skeleton. */
export interface SkeletonProps {
  className?: string;
}

/** A grey placeholder block shown while content loads (hidden from screen readers). */
export function Skeleton({ className }: SkeletonProps) {
  return <div className={`skeleton ${className ?? ''}`} aria-hidden="true" />;
}
