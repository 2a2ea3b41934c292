package blackbox

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"testing"
	"time"
)

// floodEnv is the environment of a dota with the form limits at their defaults.
func floodEnv(t *testing.T, dbURL string) env {
	e := baseEnv(t, dbURL)
	for _, k := range []string{"DOTA_FORM_MAX_PER_IP", "DOTA_FORM_CHALLENGE_AFTER", "DOTA_FORM_MAX_PER_CONTACT"} {
		delete(e, k)
	}
	return e
}

// TestFloodFromOneAddress is a script booking every slot it can from one address, each
// time as another person, without solving challenges: it is refused with 429 within a
// few requests, books no more than the soft limit (3 by default), and past the hard limit
// (10) is told when to come back. The newsletter holds the same way.
func TestFloodFromOneAddress(t *testing.T) {
	dbURL := database(t)
	srv := startDota(t, floodEnv(t, dbURL))
	loc, _ := time.LoadLocation("Africa/Algiers")
	day := time.Now().In(loc).AddDate(0, 0, 7)
	created, firstRefusal := 0, -1
	var last reply
	for i := 0; i < 40; i++ {
		for day.Weekday() == time.Friday || day.Weekday() == time.Saturday {
			day = day.AddDate(0, 0, 1)
		}
		r := must(t, "POST", srv.URL+"/api/appointments?lang=en", map[string]any{
			"name": "Script Flood", "phone": fmt.Sprintf("0550%06d", i), "email": fmt.Sprintf("flood%d@script.example", i),
			"date": day.Format(time.DateOnly), "time": "09:00", "message": "flood"})
		switch r.Status {
		case http.StatusCreated:
			created++
		case http.StatusTooManyRequests:
			if firstRefusal < 0 {
				firstRefusal = i
			}
			if r.code() != "rate_limited" || r.Header.Get("Retry-After") == "" || r.message() == "" {
				t.Fatalf("request %d: %d %s, want rate_limited with Retry-After and a message", i, r.Status, r.Raw)
			}
		default:
			t.Fatalf("request %d: %d %s", i, r.Status, r.Raw)
		}
		last = r
		day = day.AddDate(0, 0, 1)
	}
	if firstRefusal < 0 || firstRefusal > 3 || created > 3 {
		t.Fatalf("%d booked, first refusal at request %d: want at most 3 booked and a refusal by the 4th", created, firstRefusal)
	}
	if retry, err := strconv.Atoi(last.Header.Get("Retry-After")); err != nil || retry < 1 || retry > 3600 {
		t.Errorf("Retry-After %q past the hard limit", last.Header.Get("Retry-After"))
	}
	if ch, _ := last.Body["error"].(map[string]any)["challenge"]; ch != nil {
		t.Errorf("past the hard limit a challenge is still offered: %s", last.Raw)
	}
	var stored int
	if err := pool(t, dbURL).QueryRow(context.Background(), `SELECT count(*) FROM appointments WHERE message = 'flood'`).Scan(&stored); err != nil || stored != created {
		t.Fatalf("%d appointments stored, %d answered 201 (%v)", stored, created, err)
	}

	subscribed := 0
	for i := 0; i < 20; i++ {
		r := must(t, "POST", srv.URL+"/api/newsletter", map[string]any{"email": fmt.Sprintf("flood%d@news.example", i)})
		if r.Status == http.StatusCreated {
			subscribed++
		} else if r.Status != http.StatusTooManyRequests || r.code() != "rate_limited" {
			t.Fatalf("subscription %d: %d %s", i, r.Status, r.Raw)
		}
	}
	if subscribed > 3 {
		t.Fatalf("%d subscriptions from one address, want at most 3 without challenges", subscribed)
	}
}

// TestBookingHorizon books against the binary's real clock: a date years ahead and one
// day past the 90-day horizon are refused as slot_closed with the reason; the last open
// day inside the horizon books.
func TestBookingHorizon(t *testing.T) {
	dbURL := database(t)
	srv := startDota(t, baseEnv(t, dbURL))
	loc, _ := time.LoadLocation("Africa/Algiers")
	today := time.Now().In(loc)
	for _, date := range []string{"2199-12-31", today.AddDate(0, 0, 91).Format(time.DateOnly)} {
		r := must(t, "POST", srv.URL+"/api/appointments?lang=fr", map[string]any{"name": "Trop Loin", "phone": "0555770001",
			"date": date, "time": "10:00"})
		if r.Status != http.StatusUnprocessableEntity || r.code() != "slot_closed" ||
			r.message() != "Nous prenons les rendez-vous jusqu'à 90 jours à l'avance seulement. Choisissez une date plus proche." {
			t.Errorf("booking %s: %d %s", date, r.Status, r.Raw)
		}
		if s := must(t, "GET", srv.URL+"/api/slots?date="+date, nil); s.Body["reason"] != "beyond_horizon" {
			t.Errorf("slots of %s: %s", date, s.Raw)
		}
	}
	last := today.AddDate(0, 0, 89)
	for last.Weekday() == time.Friday || last.Weekday() == time.Saturday {
		last = last.AddDate(0, 0, -1)
	}
	if r := must(t, "POST", srv.URL+"/api/appointments", map[string]any{"name": "Dans Les Temps", "phone": "0555770002",
		"date": last.Format(time.DateOnly), "time": "10:00"}); r.Status != http.StatusCreated {
		t.Errorf("booking %s inside the horizon: %d %s", last.Format(time.DateOnly), r.Status, r.Raw)
	}
}
