import { useReducer } from 'react';
import type { AppointmentFilters } from '../api/appointments';
import type { Appointment } from '../../api/types';

/** What the appointments page shows: its filters, page, selection, calendar and dialogs. */
export interface AppointmentsState {
  filters: Required<AppointmentFilters>;
  page: number;
  size: number;
  /** Ids of the rows ticked for a bulk action. */
  selected: ReadonlySet<string>;
  showCalendar: boolean;
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
  | { type: 'open'; appointment: Appointment | null }
  | { type: 'edit'; appointment: Appointment | null };

const initial: AppointmentsState = {
  filters: { q: '', status: '', service: '', range: '', outcome: '' },
  page: 1,
  size: 10,
  selected: new Set(),
  showCalendar: false,
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
      return { ...state, showCalendar: !state.showCalendar };
    case 'open':
      return { ...state, details: action.appointment };
    case 'edit':
      // Editing from the details closes them.
      return { ...state, editing: action.appointment, details: action.appointment ? null : state.details };
  }
}

/** The appointments page's state and its dispatch. */
export function useAppointmentsState() {
  return useReducer(appointmentsReducer, initial);
}
