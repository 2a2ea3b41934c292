import { useCallback, useMemo, useReducer } from 'react';
import { useSearchParams } from 'react-router';
import { FILTER_KEYS, type AppointmentFilters } from '../api/appointments';
import type { Appointment } from '../../api/types';

/** What the appointments page shows: its filters, page, selection, calendars and dialogs. */
export interface AppointmentsState {
  filters: Required<AppointmentFilters>;
  page: number;
  size: number;
  /** Ids of the rows ticked for a bulk action. */
  selected: ReadonlySet<string>;
  showCalendar: boolean;
  /** The week of one consultant, beside (instead of) the month. */
  showWeek: boolean;
  /** The appointment whose details are open. */
  details: Appointment | null;
  /** The appointment being edited. */
  editing: Appointment | null;
}

/** What changes the appointments page. */
export type AppointmentsAction =
  /** Filters change: back to page 1, with nothing selected. */
  | { type: 'filter'; patch: AppointmentFilters }
  | { type: 'page'; page: number }
  /** The page size changes: back to page 1. */
  | { type: 'size'; size: number }
  | { type: 'select'; selected: ReadonlySet<string> }
  /** Rows that went away (deleted elsewhere) leave the selection. */
  | { type: 'gone'; ids: string[] }
  | { type: 'toggleCalendar' }
  | { type: 'toggleWeek' }
  | { type: 'open'; appointment: Appointment | null }
  | { type: 'edit'; appointment: Appointment | null };

const noFilters: Required<AppointmentFilters> = {
  q: '',
  status: '',
  service: '',
  range: '',
  outcome: '',
  consultant: '',
  traffic_source: '',
  campaign: '',
};

const initial: AppointmentsState = {
  filters: noFilters,
  page: 1,
  size: 10,
  selected: new Set(),
  showCalendar: false,
  showWeek: false,
  details: null,
  editing: null,
};

/** The appointments page's reducer. */
export function appointmentsReducer(state: AppointmentsState, action: AppointmentsAction): AppointmentsState {
  switch (action.type) {
    case 'filter':
      return { ...state, filters: { ...state.filters, ...action.patch }, page: 1, selected: new Set() };
    case 'page':
      return { ...state, page: action.page };
    case 'size':
      return { ...state, size: action.size, page: 1 };
    case 'select':
      return { ...state, selected: action.selected };
    case 'gone': {
      const gone = new Set(action.ids);
      return { ...state, selected: new Set([...state.selected].filter((id) => !gone.has(id))) };
    }
    case 'toggleCalendar':
      return { ...state, showCalendar: !state.showCalendar, showWeek: false };
    case 'toggleWeek':
      return { ...state, showWeek: !state.showWeek, showCalendar: false };
    case 'open':
      return { ...state, details: action.appointment };
    case 'edit':
      // Editing from the details closes them.
      return { ...state, editing: action.appointment, details: action.appointment ? null : state.details };
  }
}

/** The list's filters an address names (?consultant=me&status=pending…); the others are ''. */
export function filtersFrom(params: URLSearchParams): Required<AppointmentFilters> {
  const filters = { ...noFilters };
  for (const key of FILTER_KEYS) {
    // As typed in the address: the server refuses a value it does not know (400).
    (filters as Record<string, string>)[key] = params.get(key) ?? '';
  }
  return filters;
}

/**
 * The appointments page's state and its dispatch. The filters live in the address, so that
 * a link (the landing page of a consultant: ?consultant=me) or a reload shows the same list;
 * a change of them, from the page or the address, goes back to page 1 with nothing selected.
 */
export function useAppointmentsState() {
  const [params, setParams] = useSearchParams();
  const [state, dispatch] = useReducer(appointmentsReducer, params, (p) => ({ ...initial, filters: filtersFrom(p) }));
  const filters = useMemo(() => filtersFrom(params), [params]);
  // The address changed (the page's own filter, a link, back): page 1, nothing selected.
  if (FILTER_KEYS.some((k) => filters[k] !== state.filters[k])) dispatch({ type: 'filter', patch: filters });
  const act = useCallback(
    (action: AppointmentsAction) => {
      if (action.type !== 'filter') return dispatch(action);
      setParams(
        (p) => {
          for (const [name, value] of Object.entries(action.patch)) {
            if (value) p.set(name, value);
            else p.delete(name);
          }
          return p;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [{ ...state, filters }, act] as const;
}
