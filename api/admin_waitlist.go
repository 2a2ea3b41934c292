package api

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/console"
)

// waitlistCore is what the waitlist page asks the booking core, which keeps the lines.
type waitlistCore interface {
	Waitlist(ctx context.Context, date string) ([]booking.WaitlistSlot, error)
	RemoveFromWaitlist(ctx context.Context, id, by string) error
}

// The waitlist as staff see it: who waits for which slot, in order, with their offers;
// staff may take someone out of a line.
func (a *admin) mountWaitlist(h route) {
	h("GET", "/waitlist", need(console.PageWaitlist, ""), a.waitlist)
	h("DELETE", "/waitlist/:id", need(console.PageWaitlist, console.ActWaitlistRemove), a.removeFromWaitlist)
}

func (a *admin) waitlist(c *gin.Context) error {
	slots, err := a.core.Waitlist(c, c.Query("date"))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, gin.H{"items": slots})
	return nil
}

func (a *admin) removeFromWaitlist(c *gin.Context) error {
	if err := a.core.RemoveFromWaitlist(c, c.Param("id"), userOf(c).Email); err != nil {
		return err
	}
	c.Status(http.StatusNoContent)
	return nil
}
