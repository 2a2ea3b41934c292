package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/console"
)

func (a *admin) mountAppointments(h handle) {
	h("GET", "/appointments", need(console.PageAppointments, ""), a.appointments)
	h("GET", "/appointments/stats", need(console.PageAppointments, ""), a.appointmentStats)
	h("GET", "/appointments/calendar", need(console.PageAppointments, ""), a.calendar)
	h("GET", "/appointments/:id", need(console.PageAppointments, ""), a.appointment)
}

func appointmentFilter(c *gin.Context) console.AppointmentFilter {
	return console.AppointmentFilter{Q: c.Query("q"), Status: c.Query("status"), Service: c.Query("service"),
		Range: c.Query("range"), IDs: idList(c.Query("ids"))}
}

func (a *admin) appointments(c *gin.Context) {
	p, err := paging(c)
	if err != nil {
		_ = c.Error(err)
		return
	}
	page, err := a.console.Appointments(c, appointmentFilter(c), p)
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, page)
}

func (a *admin) appointmentStats(c *gin.Context) {
	st, err := a.console.AppointmentStats(c, appointmentFilter(c))
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, st)
}

func (a *admin) calendar(c *gin.Context) {
	cal, err := a.console.CalendarMonth(c, c.Query("month"))
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, cal)
}

func (a *admin) appointment(c *gin.Context) {
	ap, err := a.console.AppointmentDetail(c, c.Param("id"))
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, ap)
}
