// The booking feature's second public face: the customer's own appointment behind a
// manage link. Apart from index.ts, so the pages with the form do not carry it.
export { ManageAppointment } from './components/ManageAppointment';
export { useManagedAppointment, type ManageState } from './hooks/useManagedAppointment';
export type { ManagedAppointment } from './api/manage';
export { agencyOffset, formatDay, formatInstant, formatTime, statusKey } from './lib/manage';
export { calendarHref } from './api/manage';
export { useReconfirmation, type ReconfirmState } from './hooks/useReconfirmation';
export type { Reconfirmation } from './api/reconfirm';
