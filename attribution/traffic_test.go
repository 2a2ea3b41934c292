package attribution_test

import (
	"context"
	"testing"
	"time"

	"github.com/dota-agency/dota/attribution"
	"github.com/dota-agency/dota/migrations/testdb"
)

// The traffic keeps counts by day, source and campaign, and the report joins them with the
// bookings.
func TestTrafficCountsAndReport(t *testing.T) {
	t.Parallel()
	pool, _ := testdb.New(t)
	ctx := context.Background()
	s := attribution.NewStore(pool)
	fb := &attribution.Visit{Last: attribution.Touch{UTMSource: "Facebook", UTMCampaign: "Ramadan", Landing: "/"}}
	for range 3 {
		if err := s.Record(ctx, attribution.KindVisit, fb); err != nil {
			t.Fatal(err)
		}
	}
	for _, step := range []struct {
		kind  string
		visit *attribution.Visit
	}{
		{attribution.KindChat, fb},
		{attribution.KindVisit, nil},
		{attribution.KindVisit, &attribution.Visit{First: attribution.Touch{Referrer: "https://www.linkedin.com/feed"}}},
		{"unknown", fb},
	} {
		if err := s.Record(ctx, step.kind, step.visit); err != nil {
			t.Fatal(err)
		}
	}
	today := time.Now().UTC().Format(time.DateOnly)
	counts, err := s.Counts(ctx, today, today)
	if err != nil {
		t.Fatal(err)
	}
	want := []attribution.Count{
		{Source: "facebook", Campaign: "ramadan", Visits: 3, Chats: 1},
		{Source: "direct", Visits: 1},
		{Source: "linkedin.com", Visits: 1},
	}
	if len(counts) != len(want) {
		t.Fatalf("counts = %+v, want %+v", counts, want)
	}
	for i := range want {
		if counts[i] != want[i] {
			t.Errorf("counts[%d] = %+v, want %+v", i, counts[i], want[i])
		}
	}
	if old, _ := s.Counts(ctx, "2020-01-01", "2020-01-31"); len(old) != 0 {
		t.Errorf("another period counts %+v", old)
	}

	r := attribution.NewReport(today, today, counts, []attribution.Booked{
		{Source: "facebook", Campaign: "ramadan", Bookings: 1},
		{Source: "instagram.com", Bookings: 2},
	})
	if r.Visits != 5 || r.Chats != 1 || r.Bookings != 3 || len(r.Rows) != 4 {
		t.Fatalf("report = %+v", r)
	}
	if top := r.Rows[0]; top.Source != "instagram.com" || top.BookingRate != nil {
		t.Errorf("first row = %+v: the most bookings first, no rate without visits", top)
	}
	if fbRow := r.Rows[1]; fbRow.Source != "facebook" || *fbRow.BookingRate != 0.3333 || *fbRow.ChatRate != 0.3333 {
		t.Errorf("facebook row = %+v", fbRow)
	}
}
