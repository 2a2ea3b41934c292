package console

import (
	"context"
	"encoding/csv"
	"io"
	"strings"
	"time"

	"github.com/dota-agency/dota/attribution"
	"github.com/dota-agency/dota/booking"
	services "github.com/dota-agency/dota/catalogue"
)

// ExportColumns are the CSV export's header, as the spec names them.
var ExportColumns = []string{"Name", "Email", "Phone", "Service", "Date", "Time", "Message", "Status", "Created At",
	"Traffic Source", "Campaign", "First Touch", "Last Touch", "Answers"}

// ExportFileName is the CSV's file name for the day, appointments_{YYYY-MM-DD}.csv.
func (c *Console) ExportFileName(ctx context.Context) string {
	loc := time.UTC
	if st, err := c.settings.Settings(ctx); err == nil {
		loc = st.Location()
	}
	return "appointments_" + c.now().In(loc).Format(time.DateOnly) + ".csv"
}

// SafeCell neutralizes a value a spreadsheet would run as a formula: one starting with
// =, +, -, @, a tab or a carriage return gets a leading apostrophe.
func SafeCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// touchCell is a touch as one cell: its values as key=value pairs, joined by "; ", in the
// order the web app keeps them.
func touchCell(t attribution.Touch) string {
	var pairs []string
	for _, kv := range [][2]string{{"utm_source", t.UTMSource}, {"utm_medium", t.UTMMedium},
		{"utm_campaign", t.UTMCampaign}, {"utm_term", t.UTMTerm}, {"utm_content", t.UTMContent},
		{"gclid", t.GCLID}, {"fbclid", t.FBCLID}, {"referrer", t.Referrer}, {"landing", t.Landing}} {
		if kv[1] != "" {
			pairs = append(pairs, kv[0]+"="+kv[1])
		}
	}
	if t.At != nil {
		pairs = append(pairs, "at="+t.At.UTC().Format(time.RFC3339))
	}
	return strings.Join(pairs, "; ")
}

// answersCell is the answers to the service's questions as one cell, in French:
// "question: answer" joined by "; ".
func answersCell(list []services.Answer) string {
	out := make([]string, 0, len(list))
	for _, a := range list {
		out = append(out, a.Question.In("fr")+": "+a.In("fr"))
	}
	return strings.Join(out, "; ")
}

// ExportCSV writes the filtered appointments, newest first, as CSV in UTF-8 with a
// byte-order mark (so spreadsheet programs read Arabic and accents right), row by row
// as the database returns them, each service named in lang. A refused filter writes nothing.
func (c *Console) ExportCSV(ctx context.Context, f booking.AppointmentFilter, lang string, w io.Writer) error {
	st, err := c.settings.Settings(ctx)
	if err != nil {
		return err
	}
	titles, err := c.reader.ServiceTitles(ctx)
	if err != nil {
		return err
	}
	loc := st.Location()
	cw := csv.NewWriter(w)
	started := false
	start := func() error {
		started = true
		if _, err := io.WriteString(w, "\uFEFF"); err != nil {
			return err
		}
		return cw.Write(ExportColumns)
	}
	n := 0
	err = c.reader.EachAppointment(ctx, f, func(a booking.Appointment) error {
		if !started {
			if err := start(); err != nil {
				return err
			}
		}
		rec := []string{a.Name, a.Email, a.Phone, titles(a.Service, lang), a.Date, a.Time, a.Message, a.Status,
			a.CreatedAt.In(loc).Format("2006-01-02 15:04"), a.TrafficSource, a.Campaign}
		if v := a.Attribution; v != nil {
			rec = append(rec, touchCell(v.First), touchCell(v.Last))
		} else {
			rec = append(rec, "", "")
		}
		rec = append(rec, answersCell(a.Answers))
		for i := range rec {
			rec[i] = SafeCell(rec[i])
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
		if n++; n%200 == 0 {
			cw.Flush()
			return cw.Error()
		}
		return nil
	})
	if err != nil {
		return consoleCatalogue(err)
	}
	if !started {
		if err := start(); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
