package api

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/console"
)

// outcomeCore is what the console asks the booking core of what happened at meetings:
// recording it, a client's record of it, and the dashboard's rates.
type outcomeCore interface {
	RecordOutcome(ctx context.Context, id, outcome, by string) (booking.Appointment, error)
	ClientOutcomes(ctx context.Context, clientID string) (booking.ClientOutcomes, error)
	OutcomeStats(ctx context.Context, from, to string) (booking.OutcomeStats, error)
}

func (a *admin) mountOutcomes(h route) {
	h("PUT", "/appointments/:id/outcome", need(console.PageAppointments, console.ActAppointmentsUpdate), a.recordOutcome)
	h("GET", "/clients/:id/outcomes", need(console.PageClients, ""), a.clientOutcomes)
	h("GET", "/dashboard/outcomes", need(console.PageDashboard, ""), a.outcomeStats)
}

func (a *admin) recordOutcome(c *gin.Context) error {
	var in struct {
		Outcome string `json:"outcome"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	ap, err := a.core.RecordOutcome(c, c.Param("id"), in.Outcome, userOf(c).Email)
	if err != nil {
		return err
	}
	done(c, "appointment_updated", gin.H{"appointment": ap})
	return nil
}

func (a *admin) clientOutcomes(c *gin.Context) error {
	out, err := a.core.ClientOutcomes(c, c.Param("id"))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, out)
	return nil
}

func (a *admin) outcomeStats(c *gin.Context) error {
	out, err := a.core.OutcomeStats(c, c.Query("from"), c.Query("to"))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, out)
	return nil
}
