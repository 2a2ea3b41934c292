package console

import (
	"context"
	"encoding/csv"
	"io"
	"strings"
	"time"

	"github.com/dota-agency/dota/booking"
)

// ExportColumns are the CSV export's header, as the spec names them.
var ExportColumns = []string{"Name", "Email", "Phone", "Service", "Date", "Time", "Message", "Status", "Created At"}

// ExportFileName is the CSV's file name for the day, appointments_{YYYY-MM-DD}.csv.
func (c *Console) ExportFileName(ctx context.Context) string {
	loc := time.UTC
	if st, err := c.Settings(ctx); err == nil {
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

// ExportCSV writes the filtered appointments, newest first, as CSV in UTF-8 with a
// byte-order mark (so spreadsheet programs read Arabic and accents right), row by row
// as the database returns them.
func (c *Console) ExportCSV(ctx context.Context, f AppointmentFilter, w io.Writer) error {
	where, args, err := c.where(ctx, f, true)
	if err != nil {
		return err
	}
	st, err := c.Settings(ctx)
	if err != nil {
		return err
	}
	loc := st.Location()
	rows, err := c.db.Query(ctx, `SELECT `+booking.AppointmentColumns+` FROM appointments a WHERE `+where+
		` ORDER BY a.created_at DESC, a.id DESC`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	if _, err := io.WriteString(w, "\uFEFF"); err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(ExportColumns); err != nil {
		return err
	}
	n := 0
	for rows.Next() {
		a, err := booking.ScanAppointment(rows)
		if err != nil {
			return err
		}
		rec := []string{a.Name, a.Email, a.Phone, a.Service, a.Date, a.Time, a.Message, a.Status,
			a.CreatedAt.In(loc).Format("2006-01-02 15:04")}
		for i := range rec {
			rec[i] = SafeCell(rec[i])
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
		if n++; n%200 == 0 {
			cw.Flush()
			if err := cw.Error(); err != nil {
				return err
			}
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	cw.Flush()
	return cw.Error()
}
