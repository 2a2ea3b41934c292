package booking_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/dota-agency/dota/booking"
)

// seedList inserts n appointments, one a minute back from now (the first the newest):
// every fifth is "Rare Lina", the others "Broad Amine"; every other one is confirmed.
func seedList(t *testing.T, n int) {
	t.Helper()
	_, err := pool.Exec(context.Background(), `INSERT INTO appointments (name, email, status, created_at)
		SELECT CASE WHEN i % 5 = 0 THEN 'Rare Lina' ELSE 'Broad Amine' END, 'list' || i || '@example.dz',
			CASE WHEN i % 2 = 0 THEN 'confirmed' ELSE 'pending' END, now() - make_interval(mins => i)
		FROM generate_series(1, $1) AS i`, n)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(context.Background(), `ANALYZE appointments`); err != nil {
		t.Fatal(err)
	}
}

// newestIDs are the ids the filter's SQL condition selects, newest first, from offset on.
func newestIDs(t *testing.T, cond string, offset, n int) []string {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT id::text FROM appointments a WHERE `+cond+`
		ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`, n, offset)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		out = append(out, id)
	}
	return out
}

func idsOf(list []booking.Appointment) []string {
	out := make([]string, len(list))
	for i, a := range list {
		out[i] = a.ID
	}
	return out
}

func TestAppointmentsCountsExactlyNearTheEndAndEstimatesPastIt(t *testing.T) {
	reset(t)
	const n = 2500
	seedList(t, n)
	core := booking.New(pool)
	ctx := context.Background()
	cases := []struct {
		name      string
		f         booking.AppointmentFilter
		page      int
		cond      string
		matches   int
		wantExact bool
	}{
		// 2,500 rows: page 1 counts up to 1,010 and estimates the rest.
		{"everything, page 1", booking.AppointmentFilter{}, 1, "TRUE", n, false},
		// Page 150 ends at 1,500: within 1,000 of the end, the count is exact.
		{"everything, page 150", booking.AppointmentFilter{}, 150, "TRUE", n, true},
		{"a broad search", booking.AppointmentFilter{Q: "amine"}, 1, "name LIKE 'Broad%'", 2000, false},
		{"a broad search, a later page", booking.AppointmentFilter{Q: "amine"}, 120, "name LIKE 'Broad%'", 2000, true},
		{"a rare search", booking.AppointmentFilter{Q: "lina"}, 3, "name LIKE 'Rare%'", 500, true},
		{"a rare search and a status", booking.AppointmentFilter{Q: "LINA", Status: "confirmed"}, 1,
			"name LIKE 'Rare%' AND status = 'confirmed'", 250, true},
		{"a status", booking.AppointmentFilter{Status: "pending"}, 2, "status = 'pending'", 1250, false},
		{"an e-mail", booking.AppointmentFilter{Q: "list1234@"}, 1, "email = 'list1234@example.dz'", 1, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := core.Appointments(ctx, c.f, booking.Paging{Page: c.page, Size: 10})
			if err != nil {
				t.Fatal(err)
			}
			if got.TotalExact != c.wantExact {
				t.Fatalf("total_exact %v, want %v (total %d)", got.TotalExact, c.wantExact, got.Total)
			}
			if c.wantExact && got.Total != c.matches {
				t.Fatalf("total %d, want exactly %d", got.Total, c.matches)
			}
			// An estimate is never below what was counted: the next page stays reachable.
			if !c.wantExact && got.Total < c.page*10+1000+1 {
				t.Fatalf("estimated total %d below the %d rows counted", got.Total, c.page*10+1001)
			}
			if want := newestIDs(t, c.cond, (c.page-1)*10, 10); !slices.Equal(idsOf(got.Items), want) {
				t.Fatalf("page %d: %v, want %v", c.page, idsOf(got.Items), want)
			}
		})
	}
}

func TestAppointmentsPastTheEndKeepsAnExactTotal(t *testing.T) {
	reset(t)
	seedList(t, 1500)
	core := booking.New(pool)
	got, err := core.Appointments(context.Background(), booking.AppointmentFilter{}, booking.Paging{Page: 400, Size: 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Items) != 0 || got.Total != 1500 || !got.TotalExact {
		t.Fatalf("page 400: %d items, total %d, exact %v", len(got.Items), got.Total, got.TotalExact)
	}
	// The last page, reached by paging on, is whole and counted exactly.
	got, err = core.Appointments(context.Background(), booking.AppointmentFilter{}, booking.Paging{Page: 300, Size: 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Items) != 5 || got.Total != 1500 || !got.TotalExact {
		t.Fatalf("page 300: %d items, total %d, exact %v", len(got.Items), got.Total, got.TotalExact)
	}
}

func TestAppointmentsOfASelection(t *testing.T) {
	reset(t)
	seedList(t, 50)
	core := booking.New(pool)
	want := newestIDs(t, "name LIKE 'Broad%'", 3, 4)
	got, err := core.Appointments(context.Background(), booking.AppointmentFilter{Q: "amine", IDs: want},
		booking.Paging{Page: 1, Size: 5})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(idsOf(got.Items), want) || got.Total != 4 || !got.TotalExact {
		t.Fatalf("%v, total %d exact %v; want %v", idsOf(got.Items), got.Total, got.TotalExact, want)
	}
}

// The plan the bench reports is the plan of the statement the list sends.
func TestExplainAppointmentsRunsTheListStatement(t *testing.T) {
	t.Parallel()
	core := booking.New(pool)
	for _, f := range []booking.AppointmentFilter{{Q: "benali", Status: "pending"}, {Status: "confirmed"}} {
		sql, plan, err := core.ExplainAppointments(context.Background(), f, booking.Paging{Page: 2, Size: 10})
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Join(plan, "\n")
		if !strings.Contains(sql, booking.AppointmentColumns) || !strings.Contains(text, "actual time") ||
			!strings.Contains(text, "Limit") {
			t.Fatalf("statement:\n%s\nplan:\n%s", sql, text)
		}
	}
}

// A page of one status is read from the status index, in the list's order, even when the
// newest appointments all have another status: the creation-date index would test the
// status on each of them first. (The table is vacuumed, as autovacuum keeps it: the page's
// ids are then read from the index alone.)
func TestPageOfOneStatusReadsItsIndex(t *testing.T) {
	ctx := context.Background()
	_, err := pool.Exec(ctx, `INSERT INTO appointments (name, email, status, service, created_at)
		SELECT 'Ordre ' || i, 'ordre' || i || '@example.dz', CASE WHEN i <= 20000 THEN 'pending' ELSE 'completed' END,
			'Ordre', now() + interval '1 day' - make_interval(secs => i)
		FROM generate_series(1, 30000) AS i`)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `VACUUM ANALYZE appointments`); err != nil {
		t.Fatal(err)
	}
	core := booking.New(pool)
	page, err := core.Appointments(ctx, booking.AppointmentFilter{Status: "completed"}, booking.Paging{Page: 1, Size: 10})
	if err != nil {
		t.Fatal(err)
	}
	if want := newestIDs(t, `a.status = 'completed'`, 0, 10); !slices.Equal(idsOf(page.Items), want) {
		t.Fatalf("page %v, want %v", idsOf(page.Items), want)
	}
	_, plan, err := core.ExplainAppointments(ctx, booking.AppointmentFilter{Status: "completed"}, booking.Paging{Page: 1, Size: 10})
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(plan, "\n")
	if strings.Contains(text, "appointments_created_idx") || strings.Contains(text, "Rows Removed by Filter") {
		t.Fatalf("the page walks other rows:\n%s", text)
	}
	if _, err := pool.Exec(ctx, `DELETE FROM appointments WHERE service = 'Ordre'`); err != nil {
		t.Fatal(err)
	}
}
