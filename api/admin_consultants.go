package api

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/console"
)

// consultantCore is what the consultants' routes ask the booking core, which owns the
// consultants: their profiles, hours and days off.
type consultantCore interface {
	Consultants(ctx context.Context) ([]booking.Consultant, error)
	SaveConsultant(ctx context.Context, id string, in booking.ConsultantInput) (booking.Consultant, error)
	RemoveConsultant(ctx context.Context, id string) error
}

// Any member of staff reads who the consultants are (to assign and filter by them);
// administrators alone make and unmake them.
func (a *admin) mountConsultants(h route) {
	h("GET", "/consultants", signedIn, a.consultants)
	h("PUT", "/consultants/:id", need(console.PageUsers, console.ActUsersUpdate), a.saveConsultant)
	h("DELETE", "/consultants/:id", need(console.PageUsers, console.ActUsersUpdate), a.removeConsultant)
}

// consultantView is a consultant with the e-mail of the staff user they are.
type consultantView struct {
	booking.Consultant
	Email string `json:"email"`
}

// withEmails adds each consultant's e-mail, which the console holds.
func (a *admin) withEmails(ctx context.Context, list []booking.Consultant) ([]consultantView, error) {
	users, _, err := a.console.Users(ctx)
	if err != nil {
		return nil, err
	}
	emails := make(map[string]string, len(users))
	for _, u := range users {
		emails[u.ID] = u.Email
	}
	out := make([]consultantView, len(list))
	for i, c := range list {
		out[i] = consultantView{Consultant: c, Email: emails[c.UserID]}
	}
	return out, nil
}

func (a *admin) consultants(c *gin.Context) error {
	list, err := a.core.Consultants(c)
	if err != nil {
		return err
	}
	views, err := a.withEmails(c, list)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, items[consultantView]{Items: views})
	return nil
}

func (a *admin) saveConsultant(c *gin.Context) error {
	var in booking.ConsultantInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	saved, err := a.core.SaveConsultant(c, c.Param("id"), in)
	if err != nil {
		return err
	}
	views, err := a.withEmails(c, []booking.Consultant{saved})
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, views[0])
	return nil
}

func (a *admin) removeConsultant(c *gin.Context) error {
	if err := a.core.RemoveConsultant(c, c.Param("id")); err != nil {
		return err
	}
	done(c, "consultant_removed", nil)
	return nil
}

// consultants lists the active consultants a visitor may ask for: those who take the
// service (?service=, a slug), or every one.
func (p *public) consultants(c *gin.Context) error {
	list, err := p.booking.PublicConsultants(c, c.Query("service"))
	if err != nil {
		return err
	}
	if list == nil {
		list = []booking.PublicConsultant{}
	}
	c.JSON(http.StatusOK, items[booking.PublicConsultant]{Items: list})
	return nil
}
