package console

import (
	"context"

	"github.com/dota-agency/dota/booking"
)

// The appointments list, its stats, the calendar and one appointment are read through
// the booking core, which owns the table (booking/listing.go).

// Types of the appointments list, as the booking core defines them.
type (
	AppointmentFilter = booking.AppointmentFilter
	AppointmentPage   = booking.AppointmentPage
	CalendarDay       = booking.CalendarDay
	Calendar          = booking.Calendar
)

// Ranges are the date ranges of the appointments list.
var Ranges = booking.Ranges

// appointmentReader is what the console reads of the appointments.
type appointmentReader interface {
	Appointments(ctx context.Context, f booking.AppointmentFilter, p booking.Paging) (booking.AppointmentPage, error)
	AppointmentStats(ctx context.Context, f booking.AppointmentFilter) (map[string]int, error)
	CalendarMonth(ctx context.Context, month string) (booking.Calendar, error)
	Appointment(ctx context.Context, id string) (booking.Appointment, error)
	EachAppointment(ctx context.Context, f booking.AppointmentFilter, fn func(booking.Appointment) error) error
	Dashboard(ctx context.Context) (booking.Dashboard, error)
	History(ctx context.Context, appointmentID string) ([]booking.HistoryEntry, error)
	ServiceTitles(ctx context.Context) (booking.ServiceTitles, error)
}

// Appointments lists one page of appointments, newest first, with the total.
func (c *Console) Appointments(ctx context.Context, f AppointmentFilter, p Paging) (AppointmentPage, error) {
	out, err := c.reader.Appointments(ctx, f, p)
	return out, consoleCatalogue(err)
}

// AppointmentStats counts appointments by status: "total" and one entry per status.
func (c *Console) AppointmentStats(ctx context.Context, f AppointmentFilter) (map[string]int, error) {
	out, err := c.reader.AppointmentStats(ctx, f)
	return out, consoleCatalogue(err)
}

// CalendarMonth returns the appointments dated in month (YYYY-MM; "" is this month),
// grouped by day, ordered by date then time.
func (c *Console) CalendarMonth(ctx context.Context, month string) (Calendar, error) {
	out, err := c.reader.CalendarMonth(ctx, month)
	return out, consoleCatalogue(err)
}

// Appointment returns one appointment.
func (c *Console) Appointment(ctx context.Context, id string) (booking.Appointment, error) {
	return c.reader.Appointment(ctx, id)
}
