package api_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	altcha "github.com/altcha-org/altcha-lib-go"

	"github.com/dota-agency/dota/api"
)

// formWindow is the tests' counting window: a day, so that a run rarely straddles two.
const formWindow = 24 * time.Hour

func errorOf(r response) map[string]any {
	e, _ := r.Body["error"].(map[string]any)
	return e
}

func countAppointments(t *testing.T, marker string) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM appointments WHERE message = $1`, marker).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func countSubscriptions(t *testing.T, like string) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM newsletter_subscriptions WHERE email LIKE $1`, like).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// wantRateLimited checks a 429 rate_limited with Retry-After within the window and the
// message of the catalogue in English.
func wantRateLimited(t *testing.T, r response, what string) {
	t.Helper()
	retry, err := strconv.Atoi(r.Header.Get("Retry-After"))
	if r.Status != 429 || errorCode(r) != "rate_limited" || err != nil || retry < 1 || retry > int(formWindow.Seconds()) {
		t.Fatalf("%s: %d %q %s, want 429 rate_limited with Retry-After", what, r.Status, r.Header.Get("Retry-After"), r.Raw)
	}
	if msg, _ := errorOf(r)["message"].(string); !strings.HasPrefix(msg, "Too many requests were sent from your connection") ||
		!strings.Contains(msg, "try again in ") || strings.Contains(msg, "{minutes}") {
		t.Fatalf("%s: message %q", what, msg)
	}
}

func TestFormLimitPerAddress(t *testing.T) {
	srv := newServerWith(t, api.FormLimits{Window: formWindow, PerAddress: 3, ChallengeAfter: 100, PerContact: 100}, now)
	marker := "flood " + t.Name()
	for i := range 3 {
		r := do(t, "POST", srv.URL+"/api/appointments?lang=en", map[string]any{"name": "Flot Un",
			"phone": fmt.Sprintf("05551000%02d", i), "message": marker})
		if r.Status != 201 {
			t.Fatalf("booking %d within the limit: %d %s", i, r.Status, r.Raw)
		}
	}
	over := do(t, "POST", srv.URL+"/api/appointments?lang=en", map[string]any{"name": "Flot Un", "phone": "0555100099", "message": marker})
	wantRateLimited(t, over, "4th booking from one address")
	if fr := do(t, "POST", srv.URL+"/api/appointments", map[string]any{"name": "Flot Un", "phone": "0555100098", "message": marker}); !strings.HasPrefix(errorOf(fr)["message"].(string), "Trop de demandes") {
		t.Fatalf("French message: %s", fr.Raw)
	}
	if ar := do(t, "POST", srv.URL+"/api/appointments?lang=ar", map[string]any{"name": "Flot Un", "phone": "0555100097", "message": marker}); !strings.Contains(errorOf(ar)["message"].(string), "طلبات كثيرة") {
		t.Fatalf("Arabic message: %s", ar.Raw)
	}
	if n := countAppointments(t, marker); n != 3 {
		t.Fatalf("%d appointments stored, want the 3 within the limit", n)
	}

	// The newsletter has its own budget.
	for i := range 3 {
		if r := do(t, "POST", srv.URL+"/api/newsletter", map[string]any{"email": fmt.Sprintf("flot%d@limit.example", i)}); r.Status != 201 {
			t.Fatalf("subscription %d: %d %s", i, r.Status, r.Raw)
		}
	}
	wantRateLimited(t, do(t, "POST", srv.URL+"/api/newsletter?lang=en", map[string]any{"email": "flot9@limit.example"}), "4th subscription")
	if n := countSubscriptions(t, "flot%@limit.example"); n != 3 {
		t.Fatalf("%d subscriptions stored, want 3", n)
	}
}

func TestFormLimitPerContact(t *testing.T) {
	srv := newServerWith(t, api.FormLimits{Window: formWindow, PerAddress: 100, ChallengeAfter: 100, PerContact: 2}, now)
	marker := "contact " + t.Name()
	// One number typed three ways is one contact.
	for i, phone := range []string{"0555 66 77 88", "0555-66-77-88"} {
		if r := do(t, "POST", srv.URL+"/api/appointments", map[string]any{"name": "Même Numéro", "phone": phone, "message": marker}); r.Status != 201 {
			t.Fatalf("booking %d: %d %s", i, r.Status, r.Raw)
		}
	}
	wantRateLimited(t, do(t, "POST", srv.URL+"/api/appointments?lang=en", map[string]any{"name": "Même Numéro",
		"phone": "0555667788", "message": marker}), "3rd booking for one phone")
	// One e-mail in two cases is one contact, whatever the phone.
	for i, email := range []string{"Meme@Contact.example", "meme@contact.EXAMPLE"} {
		if r := do(t, "POST", srv.URL+"/api/appointments", map[string]any{"name": "Même Mail",
			"phone": fmt.Sprintf("06612000%02d", i), "email": email, "message": marker}); r.Status != 201 {
			t.Fatalf("booking by e-mail %d: %d %s", i, r.Status, r.Raw)
		}
	}
	wantRateLimited(t, do(t, "POST", srv.URL+"/api/appointments?lang=en", map[string]any{"name": "Même Mail",
		"phone": "0661200099", "email": " MEME@contact.example", "message": marker}), "3rd booking for one e-mail")
	if n := countAppointments(t, marker); n != 4 {
		t.Fatalf("%d appointments stored, want 4", n)
	}
	// The newsletter counts the e-mail too: subscribed, already subscribed, then limited.
	news := func() response {
		return do(t, "POST", srv.URL+"/api/newsletter?lang=en", map[string]any{"email": "Lettre@Contact.example"})
	}
	if r := news(); r.Status != 201 {
		t.Fatalf("subscribe: %s", r.Raw)
	}
	if r := news(); errorCode(r) != "already_subscribed" {
		t.Fatalf("again: %s", r.Raw)
	}
	wantRateLimited(t, news(), "3rd subscription of one e-mail")
}

func TestHoneypotStoresNothing(t *testing.T) {
	srv := newServer(t)
	marker := "honeypot " + t.Name()
	r := do(t, "POST", srv.URL+"/api/appointments?lang=en", map[string]any{"name": "Robot Rempli", "phone": "0555200001",
		"message": marker, "website": "https://spam.example"})
	fields, _ := errorOf(r)["fields"].(map[string]any)
	if r.Status != 400 || errorCode(r) != "validation" || fields["website"] == nil || r.Body["id"] != nil {
		t.Fatalf("filled honeypot: %d %s", r.Status, r.Raw)
	}
	if msg := errorOf(r)["message"]; msg != "Your request could not be sent. Please call us or write to Dota." {
		t.Fatalf("message %q", msg)
	}
	if n := countAppointments(t, marker); n != 0 {
		t.Fatalf("%d appointments stored from a filled honeypot", n)
	}
	var clients int
	_ = pool.QueryRow(context.Background(), `SELECT count(*) FROM clients WHERE numero_1 = '0555200001'`).Scan(&clients)
	if clients != 0 {
		t.Fatal("a client was stored from a filled honeypot")
	}
	news := do(t, "POST", srv.URL+"/api/newsletter", map[string]any{"email": "robot@honeypot.example", "website": "x"})
	if news.Status != 400 || errorCode(news) != "validation" || countSubscriptions(t, "robot@honeypot.example") != 0 {
		t.Fatalf("newsletter honeypot: %d %s", news.Status, news.Raw)
	}
	// An empty honeypot is what people send.
	if ok := do(t, "POST", srv.URL+"/api/appointments", map[string]any{"name": "Humain Vrai", "phone": "0555200002",
		"message": marker, "website": ""}); ok.Status != 201 {
		t.Fatalf("empty honeypot: %d %s", ok.Status, ok.Raw)
	}
}

// challengeKey signs the challenges of the tests that solve them.
const challengeKey = "test-challenge-key-0123456789abcdef0123456789abcdef"

// solve solves a challenge as the browser does and returns the payload to send.
func solve(t *testing.T, ch altcha.Challenge) string {
	t.Helper()
	sol, err := altcha.SolveChallenge(ch.Challenge, ch.Salt, altcha.Algorithm(ch.Algorithm), int(ch.MaxNumber), 0, nil)
	if err != nil || sol == nil {
		t.Fatalf("solve: %v", err)
	}
	raw, _ := json.Marshal(altcha.Payload{Algorithm: ch.Algorithm, Challenge: ch.Challenge, Number: int64(sol.Number),
		Salt: ch.Salt, Signature: ch.Signature})
	return base64.StdEncoding.EncodeToString(raw)
}

func TestChallengePastTheSoftLimit(t *testing.T) {
	srv := newServerWith(t, api.FormLimits{Window: formWindow, PerAddress: 20, ChallengeAfter: 1, PerContact: 100,
		Challenge: api.ChallengeConfig{Key: challengeKey, MaxNumber: 2000}}, now)
	marker := "challenge " + t.Name()
	n := 0
	book := func(solution string) response {
		n++
		return do(t, "POST", srv.URL+"/api/appointments?lang=en", map[string]any{"name": "Preuve Travail",
			"phone": fmt.Sprintf("05553000%02d", n), "message": marker, "altcha": solution})
	}
	if r := book(""); r.Status != 201 {
		t.Fatalf("first booking: %d %s", r.Status, r.Raw)
	}
	required := func(r response, what string) {
		t.Helper()
		if r.Status != 429 || errorCode(r) != "rate_limited" || errorOf(r)["challenge"] != "required" ||
			r.Header.Get("Retry-After") == "" || errorOf(r)["message"] != "A short anti-robot check is needed: your browser runs it, then sends the form again." {
			t.Fatalf("%s: %d %s, want 429 with a challenge required", what, r.Status, r.Raw)
		}
	}
	required(book(""), "past the soft limit without a solution")

	got := do(t, "GET", srv.URL+"/api/challenge", nil)
	var ch altcha.Challenge
	if err := json.Unmarshal(got.Raw, &ch); err != nil || got.Status != 200 || ch.Signature == "" ||
		!strings.Contains(ch.Salt, "expires=") || ch.MaxNumber != 2000 || got.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("challenge: %d %s", got.Status, got.Raw)
	}
	solution := solve(t, ch)
	if r := book(solution); r.Status != 201 {
		t.Fatalf("with a solved challenge: %d %s", r.Status, r.Raw)
	}
	required(book(solution), "the same solution twice")

	forged, _ := altcha.CreateChallenge(altcha.ChallengeOptions{HMACKey: "another-key", MaxNumber: 2000,
		Expires: ptr(time.Now().Add(time.Minute))})
	required(book(solve(t, forged)), "a challenge signed with another key")
	expired, _ := altcha.CreateChallenge(altcha.ChallengeOptions{HMACKey: challengeKey, MaxNumber: 2000,
		Expires: ptr(time.Now().Add(-time.Minute))})
	required(book(solve(t, expired)), "an expired challenge")
	noExpiry, _ := altcha.CreateChallenge(altcha.ChallengeOptions{HMACKey: challengeKey, MaxNumber: 2000})
	required(book(solve(t, noExpiry)), "a challenge without expiry")
	required(book("bm90IGEgc29sdXRpb24="), "garbage")
	// A wrong number for a genuine challenge.
	fresh := do(t, "GET", srv.URL+"/api/challenge", nil)
	_ = json.Unmarshal(fresh.Raw, &ch)
	var p altcha.Payload
	raw, _ := base64.StdEncoding.DecodeString(solve(t, ch))
	_ = json.Unmarshal(raw, &p)
	p.Number = (p.Number + 1) % 2000
	wrong, _ := json.Marshal(p)
	required(book(base64.StdEncoding.EncodeToString(wrong)), "a wrong number")

	if got := countAppointments(t, marker); got != 2 {
		t.Fatalf("%d appointments stored, want 2 (the first, and the one with a solved challenge)", got)
	}
	// The newsletter asks for one past the same soft limit.
	if r := do(t, "POST", srv.URL+"/api/newsletter", map[string]any{"email": "un@challenge.example"}); r.Status != 201 {
		t.Fatalf("first subscription: %s", r.Raw)
	}
	if r := do(t, "POST", srv.URL+"/api/newsletter", map[string]any{"email": "deux@challenge.example"}); errorOf(r)["challenge"] != "required" {
		t.Fatalf("second subscription without a solution: %s", r.Raw)
	}
	_ = json.Unmarshal(do(t, "GET", srv.URL+"/api/challenge", nil).Raw, &ch)
	if r := do(t, "POST", srv.URL+"/api/newsletter", map[string]any{"email": "deux@challenge.example", "altcha": solve(t, ch)}); r.Status != 201 {
		t.Fatalf("second subscription with a solution: %d %s", r.Status, r.Raw)
	}
}

func ptr[T any](v T) *T { return &v }

func TestBookingHorizonOverHTTP(t *testing.T) {
	tuesday := now.AddDate(0, 0, 2) // today+89, +90 and +91 are Sunday, Monday and Tuesday
	srv := newServerWith(t, roomyForms, tuesday)
	day := func(n int) string { return tuesday.AddDate(0, 0, n).Format(time.DateOnly) }
	for _, date := range []string{day(91), "2199-12-31"} {
		r := do(t, "POST", srv.URL+"/api/appointments?lang=en", map[string]any{"name": "Trop Loin", "phone": "0555400001",
			"date": date, "time": "10:00"})
		if r.Status != 422 || errorCode(r) != "slot_closed" || !strings.Contains(errorOf(r)["message"].(string), "up to 90 days ahead") {
			t.Fatalf("booking %s: %d %s", date, r.Status, r.Raw)
		}
		slots := do(t, "GET", srv.URL+"/api/slots?date="+date, nil)
		if slots.Status != 200 || slots.Body["closed"] != true || slots.Body["reason"] != "beyond_horizon" ||
			slots.Body["horizon_days"] != float64(90) {
			t.Fatalf("slots of %s: %d %s", date, slots.Status, slots.Raw)
		}
	}
	if r := do(t, "POST", srv.URL+"/api/appointments", map[string]any{"name": "Dans Les Temps", "phone": "0555400002",
		"date": day(89), "time": "10:00"}); r.Status != 201 {
		t.Fatalf("booking today+89: %d %s", r.Status, r.Raw)
	}
	if slots := do(t, "GET", srv.URL+"/api/slots?date="+day(90), nil); slots.Body["closed"] != false {
		t.Fatalf("slots of today+90: %s", slots.Raw)
	}
}
