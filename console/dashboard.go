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

// Dashboard computes the stat cards and series, counted in the settings' time zone; the
// chat's funnel is the chat's to count (chatbot.Engine.Funnel).
func (c *Console) Dashboard(ctx context.Context) (Dashboard, error) {
	return c.reader.Dashboard(ctx)
}
