import type { TFunction } from 'i18next';

/** The label of a series; a member of a family is named with its family. */
export function seriesLabel(t: TFunction<'console'>, name: string): string {
  const dot = name.indexOf('.');
  return dot < 0 ? label(t, name) : `${label(t, name.slice(0, dot))} · ${label(t, name)}`;
}

/** The label of a series or family, from ops.series, else its name spelled out. */
export function label(t: TFunction<'console'>, name: string): string {
  return t(`ops.series.${name.replace(/\./g, '_')}`, { defaultValue: name.replace(/[._]/g, ' ') });
}
