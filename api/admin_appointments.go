package api

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot/transcript"
	"github.com/dota-agency/dota/console"
)

// appointmentCore is what the appointments screen asks the booking core, which owns the
// appointments: the list, its counts and calendar, one appointment and its history, and
// the changes that need no more of the console than the user's e-mail.
type appointmentCore interface {
	Appointments(ctx context.Context, f booking.AppointmentFilter, p booking.Paging) (booking.AppointmentPage, error)
	AppointmentStats(ctx context.Context, f booking.AppointmentFilter) (map[string]int, error)
	Calendar(ctx context.Context, q booking.CalendarQuery) (booking.Calendar, error)
	Appointment(ctx context.Context, id string) (booking.Appointment, error)
	History(ctx context.Context, appointmentID string) ([]booking.HistoryEntry, error)
	Edit(ctx context.Context, id string, ch booking.Change, by string) (booking.Appointment, error)
	DeleteAppointment(ctx context.Context, id string) error
	DeleteAppointments(ctx context.Context, ids []string) ([]string, error)
}

func (a *admin) mountAppointments(h route) {
	appts := console.PageAppointments
	h("GET", "/appointments", need(appts, ""), a.appointments)
	h("POST", "/appointments", need(console.PageNewAppointment, console.ActAppointmentsCreate), a.createAppointment)
	h("GET", "/appointments/stats", need(appts, ""), a.appointmentStats)
	h("GET", "/appointments/calendar", need(appts, ""), a.calendar)
	h("GET", "/appointments/export.csv", need(appts, console.ActAppointmentsExport), a.exportCSV)
	h("POST", "/appointments/bulk", need(appts, console.ActAppointmentsUpdate), a.bulkAppointments)
	h("GET", "/appointments/:id", need(appts, ""), a.appointment)
	h("PATCH", "/appointments/:id", need(appts, console.ActAppointmentsUpdate), a.editAppointment)
	h("DELETE", "/appointments/:id", need(appts, console.ActAppointmentsDelete), a.deleteAppointment)
	h("GET", "/appointments/:id/notes", need(appts, ""), a.notes)
	h("POST", "/appointments/:id/notes", need(appts, console.ActNotesCreate), a.addNote)
	h("DELETE", "/notes/:id", need(appts, console.ActNotesDelete), a.deleteNote)
	h("GET", "/appointments/:id/history", need(appts, ""), a.history)
	h("GET", "/appointments/:id/transcript", need(appts, ""), a.transcript)
}

func appointmentFilter(c *gin.Context) booking.AppointmentFilter {
	return booking.AppointmentFilter{Q: c.Query("q"), Status: c.Query("status"), Service: c.Query("service"),
		Range: c.Query("range"), IDs: idList(c.Query("ids")), Outcome: c.Query("outcome"),
		Consultant: consultantParam(c), TrafficSource: c.Query("traffic_source"), Campaign: c.Query("campaign")}
}

// consultantParam is the ?consultant= filter: a user id, "none", or "me" for the
// signed-in user's own appointments.
func consultantParam(c *gin.Context) string {
	if v := c.Query("consultant"); v != "me" {
		return v
	}
	return userOf(c).ID
}

func (a *admin) appointments(c *gin.Context) error {
	p, err := paging(c)
	if err != nil {
		return err
	}
	page, err := a.core.Appointments(c, appointmentFilter(c), p)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, page)
	return nil
}

func (a *admin) appointmentStats(c *gin.Context) error {
	st, err := a.core.AppointmentStats(c, appointmentFilter(c))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, st)
	return nil
}

func (a *admin) calendar(c *gin.Context) error {
	cal, err := a.core.Calendar(c, booking.CalendarQuery{Month: c.Query("month"), From: c.Query("from"),
		To: c.Query("to"), Consultant: consultantParam(c)})
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, cal)
	return nil
}

func (a *admin) appointment(c *gin.Context) error {
	ap, err := a.console.AppointmentDetail(c, c.Param("id"))
	if err != nil {
		return err
	}
	localizeHistory(c, ap.History)
	c.JSON(http.StatusOK, ap)
	return nil
}

func (a *admin) createAppointment(c *gin.Context) error {
	conv := c.Query("conversation")
	if conv != "" && !booking.IsUUID(conv) {
		return errValidation("bad_query", map[string]string{"conversation": "bad_query"})
	}
	var in console.NewAppointment
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	res, client, err := a.console.CreateAppointment(c, userOf(c), in, c.GetHeader("Idempotency-Key"), langOf(c))
	if err != nil {
		return err
	}
	if res.Replayed {
		c.Header("Idempotent-Replayed", "true")
	}
	// Booked on a visitor's behalf from a conversation: the conversation lists it. The
	// appointment is booked either way; a failed link is logged.
	if conv != "" && a.chat != nil {
		if err := a.chat.LinkAppointment(c, conv, res.Appointment.ID); err != nil {
			slog.WarnContext(c, "linking an appointment to its conversation", "conversation", conv, "err", err)
		}
	}
	c.JSON(http.StatusCreated, gin.H{"appointment": res.Appointment, "client": client,
		"message": console.Text(langOf(c), "appointment_created")})
	return nil
}

func (a *admin) editAppointment(c *gin.Context) error {
	var in booking.Change
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	ap, err := a.core.Edit(c, c.Param("id"), in, userOf(c).Email)
	if err != nil {
		return err
	}
	done(c, "appointment_updated", gin.H{"appointment": ap})
	return nil
}

func (a *admin) deleteAppointment(c *gin.Context) error {
	if err := a.core.DeleteAppointment(c, c.Param("id")); err != nil {
		return err
	}
	done(c, "appointment_deleted", nil)
	return nil
}

// bulkRequest is an action on many rows at once: the console's lists send it.
type bulkRequest struct {
	IDs    []string `json:"ids"`
	Action string   `json:"action"`
	Status string   `json:"status"`
}

func (a *admin) bulkAppointments(c *gin.Context) error {
	var in bulkRequest
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	lang := langOf(c)
	switch in.Action {
	case "status":
		n, err := a.console.BulkStatus(c, userOf(c), in.IDs, in.Status)
		if err != nil {
			return err
		}
		c.JSON(http.StatusOK, gin.H{"count": n, "message": console.Text(lang, "bulk_status_ok",
			"n", itoa(n), "status", console.StatusLabel(lang, in.Status))})
	case "delete":
		if err := console.Authorize(userOf(c), need(console.PageAppointments, console.ActAppointmentsDelete)); err != nil {
			return err
		}
		deleted, err := a.core.DeleteAppointments(c, in.IDs)
		if err != nil {
			return err
		}
		n := len(deleted)
		c.JSON(http.StatusOK, gin.H{"count": n, "message": console.Text(lang, "bulk_delete_ok", "n", itoa(n))})
	default:
		return errValidation("bad_query", map[string]string{"action": text(lang, "bad_query")})
	}
	return nil
}

func (a *admin) notes(c *gin.Context) error {
	list, err := a.console.Notes(c, c.Param("id"))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, gin.H{"items": list})
	return nil
}

func (a *admin) addNote(c *gin.Context) error {
	var in struct {
		Note string `json:"note"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	n, err := a.console.AddNote(c, userOf(c), c.Param("id"), in.Note)
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, gin.H{"note": n, "message": console.Text(langOf(c), "note_added")})
	return nil
}

func (a *admin) deleteNote(c *gin.Context) error {
	if err := a.console.DeleteNote(c, c.Param("id")); err != nil {
		return err
	}
	done(c, "note_deleted", nil)
	return nil
}

func (a *admin) history(c *gin.Context) error {
	id := c.Param("id")
	if _, err := a.core.Appointment(c, id); err != nil {
		return err
	}
	list, err := a.core.History(c, id)
	if err != nil {
		return err
	}
	localizeHistory(c, list)
	c.JSON(http.StatusOK, gin.H{"items": list})
	return nil
}

// transcript answers the chat conversation behind an appointment, which the chat keeps,
// once the console has found the appointment.
func (a *admin) transcript(c *gin.Context) error {
	id := c.Param("id")
	if _, err := a.core.Appointment(c, id); err != nil {
		return err
	}
	t := transcript.Transcript{AppointmentID: id, Messages: []transcript.TranscriptMessage{}}
	var err error
	if a.chat != nil {
		t, err = a.chat.Transcript(c, id)
	}
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, t)
	return nil
}

// exportCSV streams the CSV; its headers are written with the first byte, so an error
// before that still gets the JSON envelope.
func (a *admin) exportCSV(c *gin.Context) error {
	w := &csvWriter{c: c, name: a.console.ExportFileName(c)}
	if err := a.console.ExportCSV(c, appointmentFilter(c), langOf(c), w); err != nil {
		if !w.started {
			return err
		}
		c.Abort() // the body is cut short; the client sees a truncated download
	}
	return nil
}

type csvWriter struct {
	c       *gin.Context
	name    string
	started bool
}

func (w *csvWriter) Write(p []byte) (int, error) {
	if !w.started {
		w.started = true
		w.c.Header("Content-Type", "text/csv; charset=utf-8")
		w.c.Header("Content-Disposition", `attachment; filename="`+w.name+`"`)
		w.c.Status(http.StatusOK)
	}
	return w.c.Writer.Write(p)
}

// localizeHistory writes a status history's notes in the reader's language.
func localizeHistory(c *gin.Context, list []booking.HistoryEntry) {
	for i := range list {
		list[i].Localize(langOf(c))
	}
}
