package console

import (
	"context"

	"github.com/dota-agency/dota/booking"
)

// Types of the dashboard, as the booking core defines them (booking/dashboard.go).
type (
	Dashboard    = booking.Dashboard
	DayCount     = booking.DayCount
	StatusCount  = booking.StatusCount
	ServiceCount = booking.ServiceCount
	ChatFunnel   = booking.ChatFunnel
)

// DashboardDays is how many days the dashboard's daily series covers.
const DashboardDays = booking.DashboardDays

// contactSteps are the chat steps that come after the visitor gave a phone number.
var contactSteps = []string{"company", "service", "date", "time", "confirm", "booked"}

// Dashboard computes the stat cards and series, counted in the settings' time zone, with
// the chat's funnel.
func (c *Console) Dashboard(ctx context.Context) (Dashboard, error) {
	d, err := c.reader.Dashboard(ctx)
	if err != nil {
		return d, err
	}
	err = c.db.QueryRow(ctx, `SELECT count(*),
		count(*) FILTER (WHERE last_step = ANY($1) OR appointment_id IS NOT NULL),
		count(*) FILTER (WHERE appointment_id IS NOT NULL) FROM chat_conversations`, contactSteps).Scan(
		&d.ChatFunnel.Started, &d.ChatFunnel.ContactCollected, &d.ChatFunnel.Booked)
	return d, err
}
