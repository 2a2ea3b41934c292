package booking_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/attribution"
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/mail/mailtest"
	"github.com/dota-agency/dota/privacy"
)

// Personal-data requests against the real PostgreSQL and River: a person's numbers are
// matched in E.164 however they were written, and an erasure leaves her address nowhere,
// River's record of a failed delivery included.

const ouardiaName, ouardiaEmail = "Ouardia Benmansour", "ouardia@atlas.dz"

// bookOuardia books her at slot with her number as she types it on the form.
func bookOuardia(t *testing.T, c *booking.Core, slot booking.SlotRef) booking.Appointment {
	t.Helper()
	res, err := c.Book(context.Background(), booking.Request{Name: ouardiaName, Email: ouardiaEmail,
		Phone: "0661 23 45 67", Service: "Développement web", Date: slot.Date, Time: slot.Time})
	if err != nil {
		t.Fatal(err)
	}
	return res.Appointment
}

func TestPersonalRequestsMatchHerNumberHoweverWritten(t *testing.T) {
	resetLife(t)
	ctx := context.Background()
	c := newCore(t, time.Now())
	a := bookOuardia(t, c, freeSlot(t, c, 4, 0))
	full := freeSlot(t, c, 4, 0)
	if _, err := c.Book(ctx, booking.Request{Name: "Karim Zerrouki", Email: "karim@sahel.dz", Phone: "0770 98 76 54",
		Service: "Développement web", Date: full.Date, Time: full.Time}); err != nil {
		t.Fatal(err)
	}
	// She waits for the full slot under two other addresses, her number written the
	// international ways; Nadia waits too.
	for _, w := range []booking.WaitlistRequest{
		{Name: "Ouardia B", Email: "o.benmansour@gmail.com", Phone: "00213 661 23 45 67"},
		{Name: "Ouardia", Email: "ouardia.b@yahoo.fr", Phone: "+213 (0)661-23-45-67"},
		{Name: "Nadia Kaci", Email: "nadia@kaci.dz", Phone: "0770 12 34 56"},
	} {
		w.Date, w.Time, w.Language = full.Date, full.Time, "fr"
		if _, err := c.JoinWaitlist(ctx, w); err != nil {
			t.Fatalf("%s joins: %v", w.Name, err)
		}
	}
	var stored []string
	err := pool.QueryRow(ctx, `SELECT array_agg(coalesce(phone_e164, '') ORDER BY created_at) FROM waitlist`).Scan(&stored)
	if strings.Join(stored, " ") != "+213661234567 +213661234567 +213770123456" {
		t.Errorf("the waitlist's numbers in E.164: %q (%v)", stored, err)
	}

	requests := privacy.New(pool, c)
	exp, err := requests.Export(ctx, a.ClientID)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Waitlist []struct{ Email string }
	}
	if b, err := json.Marshal(exp); err != nil || json.Unmarshal(b, &doc) != nil {
		t.Fatalf("the export as JSON: %v", err)
	}
	var exported []string
	for _, w := range doc.Waitlist {
		exported = append(exported, w.Email)
	}
	if strings.Join(exported, " ") != "o.benmansour@gmail.com ouardia.b@yahoo.fr" {
		t.Errorf("the export's waitlist entries: %q", exported)
	}

	erased, err := requests.Erase(ctx, a.ClientID, privacy.Request{Confirm: ouardiaName, CancelUpcoming: true,
		By: "admin@dota.dz"})
	if err != nil {
		t.Fatal(err)
	}
	if erased["waitlist"] != 2 {
		t.Errorf("%d waitlist entries erased, want 2", erased["waitlist"])
	}
	var left int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM waitlist
		WHERE phone LIKE '%661%' OR email LIKE 'o%'`).Scan(&left); err != nil || left != 0 {
		t.Errorf("%d waitlist entries still hold her number (%v)", left, err)
	}
	var nadia string
	if err := pool.QueryRow(ctx, `SELECT phone FROM waitlist WHERE email = 'nadia@kaci.dz'`).Scan(&nadia); err != nil || nadia != "0770 12 34 56" {
		t.Errorf("Nadia's entry: %q %v", nadia, err)
	}
}

// An appointment keeps its number in E.164 beside the number as typed, as its client
// does, from the booking and from a change of number.
func TestAppointmentsKeepTheirNumberInE164(t *testing.T) {
	resetLife(t)
	ctx := context.Background()
	c := newCore(t, time.Now())
	a := bookOuardia(t, c, freeSlot(t, c, 4, 0))
	e164 := func() string {
		t.Helper()
		var p *string
		if err := pool.QueryRow(ctx, `SELECT phone_e164 FROM appointments WHERE id = $1`, a.ID).Scan(&p); err != nil {
			t.Fatal(err)
		}
		if p == nil {
			return ""
		}
		return *p
	}
	if got := e164(); got != "+213661234567" {
		t.Errorf("booked with 0661 23 45 67: %q", got)
	}
	if _, err := c.Edit(ctx, a.ID, booking.Change{Phone: ptr("00213 770 11 22 33")}, "staff@dota.dz"); err != nil {
		t.Fatal(err)
	}
	if got := e164(); got != "+213770112233" {
		t.Errorf("changed to 00213 770 11 22 33: %q", got)
	}
}

// A refused delivery leaves the address in River's record of the job's attempts; the
// erasure clears it.
func TestErasureClearsHerAddressFromTheJobsErrors(t *testing.T) {
	resetLife(t)
	ctx := context.Background()
	srv := mailtest.Start(t)
	srv.FailNext(1, 550)
	c := mailCore(t, srv)
	a := bookOuardia(t, c, freeSlot(t, c, 4, 0))
	waitDelivery(t, c, a.ID, booking.KindConfirmation, booking.DeliveryFailed)
	quoting := func() int {
		t.Helper()
		var n int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE errors::text ILIKE '%' || $1 || '%'
			OR args::text ILIKE '%' || $1 || '%'`, ouardiaEmail).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	deadline := time.Now().Add(10 * time.Second)
	for quoting() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the refused delivery's job does not record the address: the test shows nothing")
		}
		time.Sleep(30 * time.Millisecond)
	}
	if _, err := privacy.New(pool, c).Erase(ctx, a.ClientID, privacy.Request{Confirm: ouardiaName, CancelUpcoming: true,
		By: "admin@dota.dz"}); err != nil {
		t.Fatal(err)
	}
	if n := quoting(); n != 0 {
		t.Errorf("%d of River's jobs still quote her address", n)
	}
	var attempts int
	if err := pool.QueryRow(ctx, `SELECT coalesce(sum(cardinality(errors)), 0) FROM river_job WHERE kind = 'deliver'`).Scan(&attempts); err != nil || attempts == 0 {
		t.Errorf("the record of the failed attempts went too: %d (%v)", attempts, err)
	}
}

// Where her visits came from and her answers are hers: exported with her appointments and
// waitlist entries, and cleared by the erasure; the source and campaign, no one's data,
// stay for the counts.
func TestHerAttributionAndAnswersAreExportedAndErased(t *testing.T) {
	resetLife(t)
	ctx := context.Background()
	c := newCore(t, time.Now())
	touch := attribution.Touch{UTMSource: "facebook", UTMCampaign: "ramadan", UTMContent: "ouardia-ad"}
	slot := freeSlot(t, c, 4, 0)
	res, err := c.Book(ctx, booking.Request{Name: ouardiaName, Email: ouardiaEmail, Phone: "0661 23 45 67",
		Service: "Développement web", Date: slot.Date, Time: slot.Time, Attribution: &attribution.Visit{First: touch, Last: touch}})
	if err != nil {
		t.Fatal(err)
	}
	a := res.Appointment
	if _, err := pool.Exec(ctx, `UPDATE appointments SET answers = '[{"id": "site", "type": "url",
		"question": {"fr": "Site actuel"}, "value": "https://ouardia-atelier.dz"}]' WHERE id = $1`, a.ID); err != nil {
		t.Fatal(err)
	}
	// She waits for a full slot too, from another visit.
	full := freeSlot(t, c, 4, 0)
	if _, err := c.Book(ctx, booking.Request{Name: "Karim Zerrouki", Email: "karim@sahel.dz", Phone: "0770 98 76 54",
		Service: "Développement web", Date: full.Date, Time: full.Time}); err != nil {
		t.Fatal(err)
	}
	waiting := attribution.Touch{Referrer: "www.linkedin.com", Landing: "/rendez-vous"}
	if _, err := c.JoinWaitlist(ctx, booking.WaitlistRequest{Name: ouardiaName, Email: ouardiaEmail, Phone: "0661 23 45 67",
		Date: full.Date, Time: full.Time, Language: "fr", Attribution: &attribution.Visit{Last: waiting}}); err != nil {
		t.Fatal(err)
	}

	requests := privacy.New(pool, c)
	exp, err := requests.Export(ctx, a.ClientID)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(exp)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"utm_content":"ouardia-ad"`, `"traffic_source":"facebook"`, `"value":"https://ouardia-atelier.dz"`,
		`"referrer":"www.linkedin.com"`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("the export lacks %s: %s", want, b)
		}
	}

	if _, err := requests.Erase(ctx, a.ClientID, privacy.Request{Confirm: ouardiaName, CancelUpcoming: true,
		By: "admin@dota.dz"}); err != nil {
		t.Fatal(err)
	}
	var kept, answers string
	var cleared bool
	if err := pool.QueryRow(ctx, `SELECT traffic_source || ' ' || campaign, answers::text, attribution IS NULL
		FROM appointments WHERE id = $1`, a.ID).Scan(&kept, &answers, &cleared); err != nil {
		t.Fatal(err)
	}
	if kept != "facebook ramadan" || answers != "[]" || !cleared {
		t.Errorf("the erased appointment: source and campaign %q, answers %s, attribution cleared %v", kept, answers, cleared)
	}
	var left int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM waitlist WHERE attribution IS NOT NULL`).Scan(&left); err != nil || left != 0 {
		t.Errorf("%d waitlist entries keep their attribution (%v)", left, err)
	}
}
