package console

import (
	"context"

	"github.com/dota-agency/dota/booking"
)

// appointmentReader is what the console reads of the appointments, which the booking
// core owns (booking/listing.go): the appointment its notes hang on, its history, and
// the rows of the CSV export.
type appointmentReader interface {
	Appointment(ctx context.Context, id string) (booking.Appointment, error)
	EachAppointment(ctx context.Context, f booking.AppointmentFilter, fn func(booking.Appointment) error) error
	History(ctx context.Context, appointmentID string) ([]booking.HistoryEntry, error)
	ServiceTitles(ctx context.Context) (booking.ServiceTitles, error)
}
