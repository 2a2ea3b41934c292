package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/console"
)

// The waitlist as staff see it: who waits for which slot, in order, with their offers;
// staff may take someone out of a line.
func (a *admin) mountWaitlist(h route) {
	h("GET", "/waitlist", need(console.PageWaitlist, ""), a.waitlist)
	h("DELETE", "/waitlist/:id", need(console.PageWaitlist, console.ActWaitlistRemove), a.removeFromWaitlist)
}

func (a *admin) waitlist(c *gin.Context) error {
	slots, err := a.console.Waitlist(c, c.Query("date"))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, gin.H{"items": slots})
	return nil
}

func (a *admin) removeFromWaitlist(c *gin.Context) error {
	if err := a.console.RemoveFromWaitlist(c, userOf(c), c.Param("id")); err != nil {
		return err
	}
	c.Status(http.StatusNoContent)
	return nil
}
