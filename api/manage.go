package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/booking"
)

// The customer's manage link: see, cancel or move one appointment, with the token of the
// link as the only credential. The token is checked by booking; an unknown or spent one
// is 404.

type manage struct {
	booking *booking.Core
}

func (m *manage) mount(g *gin.RouterGroup, limit gin.HandlerFunc) {
	g.GET("/manage/:token", noStore(), handle(m.show))
	g.GET("/manage/:token/calendar.ics", limit, noStore(), handle(m.calendar))
	g.POST("/manage/:token/cancel", limit, noStore(), handle(m.cancel))
	g.POST("/manage/:token/reschedule", limit, noStore(), handle(m.reschedule))
}

func (m *manage) show(c *gin.Context) error {
	a, err := m.booking.Manage(c, c.Param("token"))
	return managed(c, a, err)
}

func (m *manage) cancel(c *gin.Context) error {
	a, err := m.booking.CancelByCustomer(c, c.Param("token"))
	return managed(c, a, err)
}

func (m *manage) reschedule(c *gin.Context) error {
	var req struct {
		Date string `json:"date"`
		Time string `json:"time"`
	}
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	a, err := m.booking.RescheduleByCustomer(c, c.Param("token"), req.Date, req.Time)
	return managed(c, a, err)
}

// calendar answers the appointment's calendar file, as its e-mails attach it.
func (m *manage) calendar(c *gin.Context) error {
	f, err := m.booking.ManageCalendar(c, c.Param("token"))
	if err != nil {
		return err
	}
	c.Header("Content-Disposition", `attachment; filename="`+f.Filename+`"`)
	c.Data(http.StatusOK, f.ContentType, f.Data)
	return nil
}

func managed(c *gin.Context, a booking.Managed, err error) error {
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, a)
	return nil
}
