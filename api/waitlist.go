package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/booking"
)

// The public side of the waitlist: join a full slot's line from the form, and answer the
// offer of a freed place through the link of its e-mail. The link's token is the only
// credential; an unknown one is 404, a closed offer 410 gone.

type waitlist struct {
	booking *booking.Core
	guard   *formGuard
}

func (w *waitlist) mount(g *gin.RouterGroup, limit gin.HandlerFunc) {
	g.POST("/waitlist", noStore(), handle(w.join))
	g.GET("/waitlist/offers/:token", noStore(), handle(w.offer))
	g.POST("/waitlist/offers/:token/accept", limit, noStore(), handle(w.accept))
	g.POST("/waitlist/offers/:token/decline", limit, noStore(), handle(w.decline))
}

// waitlistForm is the body of a request to join a slot's line.
type waitlistForm struct {
	booking.WaitlistRequest
	formExtras
}

func (f *waitlistForm) contacts() (string, string) { return f.Email, f.Phone }

func (w *waitlist) join(c *gin.Context) error {
	var form waitlistForm
	if err := w.guard.read(c, "waitlist", &form); err != nil {
		return err
	}
	req := form.WaitlistRequest
	req.Source = booking.WaitlistForm
	req.Language = langOf(c)
	j, err := w.booking.JoinWaitlist(c, req)
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, waitlistPlace{Date: j.Date, Time: j.Time, Label: j.Label, Email: j.Email})
	return nil
}

// waitlistPlace is the answer to a join: the slot waited for and where the offer will
// go. It is the same whether the address was in this line already or not, and names
// neither the entry nor its place in line: anyone may join with any address, so either
// would tell them who waits (and the entry's id was once a key to harm its holder with).
type waitlistPlace struct {
	Date  string `json:"date"`
	Time  string `json:"time"`
	Label string `json:"label"`
	Email string `json:"email"`
}

func (w *waitlist) offer(c *gin.Context) error {
	o, err := w.booking.OfferByToken(c, c.Param("token"))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, o)
	return nil
}

func (w *waitlist) accept(c *gin.Context) error {
	res, err := w.booking.AcceptOfferByToken(c, c.Param("token"))
	if err != nil {
		return err
	}
	if res.Replayed {
		c.Header("Idempotent-Replayed", "true")
	}
	c.JSON(http.StatusCreated, booked{Appointment: res.Appointment, ConfirmationEmail: res.ConfirmationEmail})
	return nil
}

func (w *waitlist) decline(c *gin.Context) error {
	if err := w.booking.DeclineOfferByToken(c, c.Param("token")); err != nil {
		return err
	}
	c.JSON(http.StatusOK, gin.H{"state": booking.WaitDeclined})
	return nil
}
