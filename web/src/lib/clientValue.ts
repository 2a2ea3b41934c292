import { useSyncExternalStore } from 'react';

/** The year the app was built: what prerendered pages show until the browser knows. */
export const BUILD_YEAR: number = __BUILD_YEAR__;

const unchanging = () => () => {};

/**
 * A value only the browser knows when it shows the page (today's date, the current
 * year). A prerendered page carries `prerendered`; the browser hydrates with it and
 * then renders `read()`, so the page never mismatches its prerendered HTML.
 */
export function useClientValue<T>(read: () => T, prerendered: T): T {
  return useSyncExternalStore(unchanging, read, () => prerendered);
}

/** The current year, in the visitor's clock. */
export function useCurrentYear(): number {
  return useClientValue(() => new Date().getFullYear(), BUILD_YEAR);
}
