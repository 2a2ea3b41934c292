package api

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/attribution"
	"github.com/dota-agency/dota/console"
)

// sourceCore is what the dashboard asks the booking core of where bookings came from.
type sourceCore interface {
	SourcePeriod(from, to string) (string, string, error)
	BookingsBySource(ctx context.Context, from, to string) ([]attribution.Booked, error)
}

// trafficCounts are the visits and chats opened by source and campaign.
type trafficCounts interface {
	Counts(ctx context.Context, from, to string) ([]attribution.Count, error)
}

func (a *admin) mountSources(h route) {
	h("GET", "/dashboard/sources", need(console.PageDashboard, ""), a.sourceStats)
}

func (a *admin) sourceStats(c *gin.Context) error {
	from, to, err := a.core.SourcePeriod(c.Query("from"), c.Query("to"))
	if err != nil {
		return err
	}
	counts, err := a.traffic.Counts(c, from, to)
	if err != nil {
		return err
	}
	booked, err := a.core.BookingsBySource(c, from, to)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, attribution.NewReport(from, to, counts, booked))
	return nil
}
