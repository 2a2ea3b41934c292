package api

import (
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot/transcript"
	"github.com/dota-agency/dota/console"
)

func (a *admin) mountAppointments(h handle) {
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
	localizeHistory(c, ap.History)
	c.JSON(http.StatusOK, ap)
}

func (a *admin) createAppointment(c *gin.Context) {
	conv := c.Query("conversation")
	if conv != "" && !booking.IsUUID(conv) {
		_ = c.Error(errValidation("bad_query", map[string]string{"conversation": "bad_query"}))
		return
	}
	var in console.NewAppointment
	if err := decodeJSON(c, &in); err != nil {
		_ = c.Error(err)
		return
	}
	res, client, err := a.console.CreateAppointment(c, userOf(c), in, c.GetHeader("Idempotency-Key"), langOf(c))
	if err != nil {
		_ = c.Error(err)
		return
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
}

func (a *admin) editAppointment(c *gin.Context) {
	var in console.AppointmentEdit
	if err := decodeJSON(c, &in); err != nil {
		_ = c.Error(err)
		return
	}
	ap, err := a.console.EditAppointment(c, userOf(c), c.Param("id"), in)
	if err != nil {
		_ = c.Error(err)
		return
	}
	done(c, "appointment_updated", gin.H{"appointment": ap})
}

func (a *admin) deleteAppointment(c *gin.Context) {
	if err := a.console.DeleteAppointment(c, c.Param("id")); err != nil {
		_ = c.Error(err)
		return
	}
	done(c, "appointment_deleted", nil)
}

func (a *admin) bulkAppointments(c *gin.Context) {
	var in struct {
		IDs    []string `json:"ids"`
		Action string   `json:"action"`
		Status string   `json:"status"`
	}
	if err := decodeJSON(c, &in); err != nil {
		_ = c.Error(err)
		return
	}
	lang := langOf(c)
	switch in.Action {
	case "status":
		n, err := a.console.BulkStatus(c, userOf(c), in.IDs, in.Status)
		if err != nil {
			_ = c.Error(err)
			return
		}
		c.JSON(http.StatusOK, gin.H{"count": n, "message": console.Text(lang, "bulk_status_ok",
			"n", itoa(n), "status", console.StatusLabel(lang, in.Status))})
	case "delete":
		if err := console.Authorize(userOf(c), need(console.PageAppointments, console.ActAppointmentsDelete)); err != nil {
			_ = c.Error(err)
			return
		}
		n, err := a.console.BulkDelete(c, in.IDs)
		if err != nil {
			_ = c.Error(err)
			return
		}
		c.JSON(http.StatusOK, gin.H{"count": n, "message": console.Text(lang, "bulk_delete_ok", "n", itoa(n))})
	default:
		_ = c.Error(errValidation("bad_query", map[string]string{"action": text(lang, "bad_query")}))
	}
}

func (a *admin) notes(c *gin.Context) {
	list, err := a.console.Notes(c, c.Param("id"))
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"items": list})
}

func (a *admin) addNote(c *gin.Context) {
	var in struct {
		Note string `json:"note"`
	}
	if err := decodeJSON(c, &in); err != nil {
		_ = c.Error(err)
		return
	}
	n, err := a.console.AddNote(c, userOf(c), c.Param("id"), in.Note)
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"note": n, "message": console.Text(langOf(c), "note_added")})
}

func (a *admin) deleteNote(c *gin.Context) {
	if err := a.console.DeleteNote(c, c.Param("id")); err != nil {
		_ = c.Error(err)
		return
	}
	done(c, "note_deleted", nil)
}

func (a *admin) history(c *gin.Context) {
	list, err := a.console.History(c, c.Param("id"))
	if err != nil {
		_ = c.Error(err)
		return
	}
	localizeHistory(c, list)
	c.JSON(http.StatusOK, gin.H{"items": list})
}

// transcript answers the chat conversation behind an appointment, which the chat keeps,
// once the console has found the appointment.
func (a *admin) transcript(c *gin.Context) {
	id := c.Param("id")
	if _, err := a.console.Appointment(c, id); err != nil {
		_ = c.Error(err)
		return
	}
	t := transcript.Transcript{AppointmentID: id, Messages: []transcript.TranscriptMessage{}}
	var err error
	if a.chat != nil {
		t, err = a.chat.Transcript(c, id)
	}
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, t)
}

// exportCSV streams the CSV; its headers are written with the first byte, so an error
// before that still gets the JSON envelope.
func (a *admin) exportCSV(c *gin.Context) {
	w := &csvWriter{c: c, name: a.console.ExportFileName(c)}
	if err := a.console.ExportCSV(c, appointmentFilter(c), langOf(c), w); err != nil {
		if !w.started {
			_ = c.Error(err)
			return
		}
		c.Abort() // the body is cut short; the client sees a truncated download
	}
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
