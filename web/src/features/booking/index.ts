// The booking feature's public face: the appointment form.
export { AppointmentForm } from './components/AppointmentForm';
