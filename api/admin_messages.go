package api

import (
	"context"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/console"
)

// messageCore is what the messages page asks the booking core, which keeps the ledger.
type messageCore interface {
	Deliveries(ctx context.Context, f booking.DeliveryFilter) (booking.DeliveryPage, error)
	Resend(ctx context.Context, id, by string) (booking.Delivery, error)
}

// The delivery ledger: every message to a customer, sent or due. The whole ledger is the
// messages page's (admins'); one appointment's messages are readable by whoever reads
// appointments, and sent again by admins or whoever is granted messages.resend.
func (a *admin) mountMessages(h route) {
	h("GET", "/messages", signedIn, a.messages)
	h("POST", "/messages/:id/resend", need(console.PageAppointments, console.ActMessagesResend), a.resendMessage)
}

func (a *admin) messages(c *gin.Context) error {
	f := booking.DeliveryFilter{State: c.Query("status"), Kind: c.Query("kind"), AppointmentID: c.Query("appointment")}
	need := console.Need{Page: console.PageMessages}
	if f.AppointmentID != "" {
		need = console.Need{Page: console.PageAppointments}
	}
	if err := console.Authorize(userOf(c), need); err != nil {
		return err
	}
	for field, dst := range map[string]*int{"page": &f.Page, "size": &f.Size} {
		if v := c.Query(field); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil {
				return errValidation("bad_query", map[string]string{field: "bad_query"})
			}
			*dst = n
		}
	}
	page, err := a.core.Deliveries(c, f)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, page)
	return nil
}

func (a *admin) resendMessage(c *gin.Context) error {
	d, err := a.core.Resend(c, c.Param("id"), userOf(c).Email)
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, d)
	return nil
}
