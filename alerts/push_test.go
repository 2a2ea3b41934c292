package alerts_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/alerts"
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/chatbot"
)

// askForAPerson opens a conversation and asks for a person in it.
func (r *rig) askForAPerson(t *testing.T, text string) {
	t.Helper()
	ctx := context.Background()
	start, err := r.dota.Start(ctx, "en", "192.0.2.10", nil)
	if err != nil {
		t.Fatal(err)
	}
	reply, err := r.dota.Send(ctx, start.SessionID, text, "en", "192.0.2.10")
	if err != nil {
		t.Fatal(err)
	}
	if reply.Handoff == nil || reply.Handoff.State != "waiting" {
		t.Fatalf("the visitor was not handed to staff: %+v", reply)
	}
}

// The "done means": a visitor asks for a person, and within 2 s the push service
// receives a message it decrypts with the subscription's keys (RFC 8291) under a VAPID
// signature that verifies with the server's public key (RFC 8292); it opens the
// conversation, in the user's language.
func TestAVisitorWaitingReachesStaffByPushWithin2s(t *testing.T) {
	r := newRig(t, sundayMorning)
	r.subscribe(t, "editor", "/push/editor")
	if _, err := r.alerts.SetPreferences(context.Background(), r.users["editor"], alerts.PreferencesInput{Language: "ar"}); err != nil {
		t.Fatal(err)
	}
	r.askForAPerson(t, "I want to talk to a person please")
	m := r.push.next(2 * time.Second)
	if m.Path != "/push/editor" {
		t.Fatalf("pushed to %s", m.Path)
	}
	if m.Payload["title"] != alerts.Text("ar", "visitor_waiting_title") {
		t.Errorf("title %q, want the Arabic one", m.Payload["title"])
	}
	if !strings.HasPrefix(m.Payload["url"], "/admin/conversations?open=") || len(m.Payload["url"]) < len("/admin/conversations?open=")+36 {
		t.Errorf("url %q does not open the conversation", m.Payload["url"])
	}
	if !strings.HasPrefix(m.Payload["tag"], alerts.EventVisitorWaiting+":") || m.Payload["body"] == "" {
		t.Errorf("payload %v", m.Payload)
	}
	if m.Urgency != "high" || len(m.Topic) != 32 {
		t.Errorf("urgency %q, topic %q", m.Urgency, m.Topic)
	}
	if !strings.Contains(m.Payload["body"], "I want to talk to a person please") {
		t.Errorf("body %q does not quote the visitor", m.Payload["body"])
	}
	// Admins and moderators hear of it too (their role's default), but turned push on
	// in no browser.
	got := r.ledger(t, alerts.EventVisitorWaiting, 3, 3*time.Second)
	want := map[string]string{"editor@dota.test": alerts.StateSent, "admin@dota.test": alerts.StateSkipped,
		"moderator@dota.test": alerts.StateSkipped}
	if len(got) != 3 {
		t.Fatalf("ledger: %+v", got)
	}
	for _, a := range got {
		if a.State != want[a.UserEmail] || (a.State == alerts.StateSent) != (a.SentAt != nil) {
			t.Errorf("%s: %s (%s), want %s", a.UserEmail, a.State, a.LastError, want[a.UserEmail])
		}
	}
}

// Nobody takes the conversation: half the hand-off time-out later, admins and moderators
// hear of it again, editors do not; a conversation taken in time is not escalated.
func TestAVisitorStillWaitingAfterHalfTheTimeOutIsEscalated(t *testing.T) {
	r := newRig(t, sundayMorning)
	r.setting(t, func(st *booking.Settings) { st.HandoffTimeoutSeconds = booking.MinHandoffTimeoutSeconds })
	for _, role := range []string{"admin", "moderator", "editor"} {
		r.subscribe(t, role, "/push/"+role)
	}
	r.askForAPerson(t, "can I speak to a human")
	r.askForAPerson(t, "I want to talk to someone")
	first := map[string]int{}
	urls := map[string]bool{}
	for range 6 {
		m := r.push.next(2 * time.Second)
		first[m.Path]++
		urls[m.Payload["url"]] = true
		if m.Payload["title"] != alerts.Text("fr", "visitor_waiting_title") {
			t.Errorf("first alert %v", m.Payload)
		}
	}
	if len(first) != 3 || len(urls) != 2 {
		t.Fatalf("first alerts went to %v, for %v", first, urls)
	}
	// The moderator takes the second conversation in time.
	var taken string
	for u := range urls {
		taken = strings.TrimPrefix(u, "/admin/conversations?open=")
		break
	}
	if err := r.dota.Claim(context.Background(), taken, chatbot.Agent{ID: r.users["moderator"].ID, Name: "Moderator"}); err != nil {
		t.Fatal(err)
	}
	r.push.none(time.Duration(booking.MinHandoffTimeoutSeconds) * time.Second / 2 * 8 / 10)
	escalated := map[string]string{}
	for range 2 {
		m := r.push.next(15 * time.Second)
		escalated[m.Path] = m.Payload["title"]
		if strings.HasSuffix(m.Payload["url"], taken) {
			t.Errorf("the conversation taken in time was escalated: %v", m.Payload)
		}
	}
	want := alerts.Text("fr", "visitor_waiting_escalated_title")
	if escalated["/push/admin"] != want || escalated["/push/moderator"] != want {
		t.Fatalf("escalated: %v", escalated)
	}
	r.push.none(2 * time.Second)
}

// A push service answering 404 or 410 has dropped the subscription: it is deleted; the
// alert is sent when another browser took it, else skipped.
func TestAGoneSubscriptionIsDeleted(t *testing.T) {
	r := newRig(t, sundayMorning)
	ctx := context.Background()
	if _, err := catalogue.New(r.pool).Seed(ctx); err != nil {
		t.Fatal(err)
	}
	r.subscribe(t, "admin", "/push/gone")
	r.subscribe(t, "admin", "/push/alive")
	r.subscribe(t, "moderator", "/push/expired")
	r.push.answer("/push/gone", http.StatusGone)
	r.push.answer("/push/expired", http.StatusNotFound)
	if _, err := r.core.Book(ctx, booking.Request{Name: "Amine Benali", Email: "amine@example.com", Phone: "0555123456",
		Service: "developpement-web", Date: "2026-11-24", Time: "10:00", Source: booking.SourceForm}); err != nil {
		t.Fatal(err)
	}
	if m := r.push.next(2 * time.Second); m.Path != "/push/alive" || !strings.HasPrefix(m.Payload["url"], "/admin/appointments?open=") {
		t.Fatalf("pushed %+v", m)
	}
	got := r.ledger(t, alerts.EventNewBooking, 2, 3*time.Second)
	states := map[string]alerts.Alert{}
	for _, a := range got {
		states[a.UserEmail] = a
	}
	if a := states["admin@dota.test"]; a.State != alerts.StateSent {
		t.Errorf("admin's alert: %+v", a)
	}
	if a := states["moderator@dota.test"]; a.State != alerts.StateSkipped || a.LastError != alerts.SkipNoSubscription {
		t.Errorf("moderator's alert: %+v", a)
	}
	for role, want := range map[string]int{"admin": 1, "moderator": 0} {
		p, err := r.alerts.Preferences(ctx, r.users[role])
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Subscriptions) != want {
			t.Errorf("%s keeps %d subscriptions, want %d: %+v", role, len(p.Subscriptions), want, p.Subscriptions)
		}
	}
}

// One escalation per hand-off, however often the waiting conversation changes.
func TestOneEscalationPerHandoff(t *testing.T) {
	r := newRig(t, sundayMorning)
	ctx := context.Background()
	for _, words := range []string{"hello?", "is anyone there?"} {
		if err := r.alerts.Raise(ctx, alerts.Event{Name: alerts.EventVisitorWaiting, Subject: "c-1@1", URL: "/admin/conversations?open=c-1",
			Args: map[string]string{"preview": words}, EscalateAt: time.Now().Add(time.Hour), Conversation: "c-1"}); err != nil {
			t.Fatal(err)
		}
	}
	var jobs, rows int
	if err := r.pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'staff_alert_escalation'`).Scan(&jobs); err != nil {
		t.Fatal(err)
	}
	if err := r.pool.QueryRow(ctx, `SELECT count(*) FROM alerts`).Scan(&rows); err != nil {
		t.Fatal(err)
	}
	if jobs != 1 || rows != 3 {
		t.Errorf("%d escalation jobs and %d alerts, want 1 and 3 (one per user)", jobs, rows)
	}
}
