package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/dota-agency/dota/api"
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot"
	"github.com/dota-agency/dota/console"
	"github.com/dota-agency/dota/live"
	"github.com/dota-agency/dota/migrations/testdb"
	"github.com/dota-agency/dota/privacy"
)

// Personal-data requests over HTTP, with every package wired as the binary wires them:
// the export holds every kind of data on the person and nothing of another; the erasure
// leaves none of their e-mail, phone or names in any text column of any table, keeps the
// dashboard's counts, and is refused while an appointment is ahead.

// liveServer is a router with the console and the chat on the real clock.
func liveServer(t *testing.T) (string, *chatbot.Engine) {
	t.Helper()
	rdb, prefix := testdb.Redis(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	core := booking.New(pool, booking.WithPublisher(live.NewPublisher[booking.Event](rdb, prefix, log)))
	cons := console.New(core, pool, rdb, prefix, console.Config{}, log)
	events := api.NewEvents(cons, log)
	dota := closedAtEnd(t, chatbot.New(core, pool, rdb, chatbot.Config{RedisPrefix: prefix}, chatbot.WithLogger(log)))
	srv := httptest.NewServer(contractChecked(t, api.New(api.Deps{Booking: core, Chat: dota, DB: pool, Redis: rdb,
		Web: webApp, Logger: log, Console: cons, Events: events, RedisPrefix: prefix, Forms: roomyForms})))
	t.Cleanup(func() {
		events.Close()
		srv.Close()
	})
	return srv.URL, dota
}

// person is someone a test books for, in the chat and through the form.
type person struct {
	first, last, email, phone, company string
}

func (p person) name() string { return p.first + " " + p.last }

// chatBooking books a slot for p by talking to Dota, and returns the session id.
func chatBooking(t *testing.T, url string, p person, date, hhmm string) string {
	t.Helper()
	start := do(t, "POST", url+"/api/chat/sessions", map[string]string{"lang": "fr"})
	if start.Status != 201 {
		t.Fatalf("chat: %d %v", start.Status, start.Body)
	}
	id := start.Body["session_id"].(string)
	var last response
	for _, msg := range []string{"Je voudrais prendre rendez-vous", p.name(), p.email, p.phone, p.company, "", date + " " + hhmm, "oui"} {
		if msg == "" {
			if qr, _ := last.Body["quick_replies"].([]any); len(qr) == 0 {
				t.Fatalf("no service to choose: %v", last.Body)
			}
			msg = last.Body["quick_replies"].([]any)[0].(map[string]any)["value"].(string)
		}
		last = do(t, "POST", url+"/api/chat/sessions/"+id+"/messages", map[string]string{"text": msg})
		if last.Status != 200 {
			t.Fatalf("chat %q: %d %v", msg, last.Status, last.Body)
		}
	}
	if last.Body["step"] != "booked" {
		t.Fatalf("the chat did not book: %v", last.Body)
	}
	return id
}

func TestPersonalDataExportAndErasure(t *testing.T) {
	ctx := context.Background()
	if _, err := pool.Exec(ctx, `UPDATE settings SET slot_capacity = 1`); err != nil {
		t.Fatal(err)
	}
	url, _ := liveServer(t)
	tag, num := uniqueTag()
	ouardia := person{"Ouardia", "Benmansour" + tag, "ouardia." + tag + "@example.dz", "0661 23 45 " + num, "Atlas Conseil " + tag}
	karim := person{"Karim", "Zerrouki" + tag, "karim." + tag + "@example.dz", "0770 98 76 " + num, "Sahel Data " + tag}

	// Ouardia books in the chat and through the form, joins a waitlist, subscribes to the
	// newsletter and asks Dota for a code; staff write a note about her. Karim books too.
	d1, t1 := slotAhead(t, url, 8, 0)
	session := chatBooking(t, url, ouardia, d1, t1)
	d2, t2 := slotAhead(t, url, 8, 0)
	// Each of her visits came from a campaign whose ad she alone clicked (its content names her).
	visit := func(what string) map[string]any {
		touch := map[string]any{"utm_source": "facebook", "utm_campaign": "ramadan", "utm_content": what + "-" + tag}
		return map[string]any{"first": touch, "last": touch}
	}
	form := do(t, "POST", url+"/api/appointments", map[string]any{"name": ouardia.name(), "email": ouardia.email,
		"phone": ouardia.phone, "company": ouardia.company, "date": d2, "time": t2,
		"message": "Rappelez-moi au " + ouardia.phone, "attribution": visit("form")})
	if form.Status != 201 {
		t.Fatalf("form: %d %v", form.Status, form.Body)
	}
	d3, t3 := slotAhead(t, url, 9, 0)
	chatBooking(t, url, karim, d3, t3)
	if r := do(t, "POST", url+"/api/waitlist", map[string]any{"date": d3, "time": t3, "name": ouardia.name(),
		"phone": ouardia.phone, "email": ouardia.email, "attribution": visit("waitlist")}); r.Status != 201 {
		t.Fatalf("waitlist: %d %v", r.Status, r.Body)
	}
	if r := do(t, "POST", url+"/api/newsletter", map[string]any{"email": ouardia.email,
		"attribution": visit("newsletter")}); r.Status != 201 {
		t.Fatalf("newsletter: %d %v", r.Status, r.Body)
	}
	code := do(t, "POST", url+"/api/chat/sessions", map[string]string{"lang": "fr"})
	cid := code.Body["session_id"].(string)
	for _, msg := range []string{"Je veux annuler mon rendez-vous", ouardia.email} {
		do(t, "POST", url+"/api/chat/sessions/"+cid+"/messages", map[string]string{"text": msg})
	}
	admin := signIn(t, url, "admin")
	formID := form.Body["id"].(string)
	if r := admin.do("POST", "/api/admin/appointments/"+formID+"/notes", map[string]string{
		"note": "Ouardia préfère être appelée le matin au " + ouardia.phone}); r.Status != 201 {
		t.Fatalf("note: %d %s", r.Status, r.Raw)
	}
	var clientID string
	if err := pool.QueryRow(ctx, `SELECT client_id::text FROM appointments WHERE id = $1`, formID).Scan(&clientID); err != nil {
		t.Fatal(err)
	}
	// She answered the service's question about her current site.
	if _, err := pool.Exec(ctx, `UPDATE appointments SET answers = jsonb_build_array(jsonb_build_object('id', 'site',
		'type', 'url', 'question', '{"fr": "Site actuel", "en": "Current site", "ar": "الموقع الحالي"}'::jsonb,
		'value', 'https://answer-' || $2 || '.dz')) WHERE id = $1`, formID, tag); err != nil {
		t.Fatal(err)
	}

	// The export: every kind of data, nothing of Karim's. The conversation that asked for a
	// code is not hers: anyone may type her address.
	mod := signIn(t, url, "moderator")
	exp := mod.do("GET", "/api/admin/clients/"+clientID+"/export", nil)
	if exp.Status != 200 || !strings.Contains(exp.Header.Get("Content-Disposition"), "client-"+clientID+".json") {
		t.Fatalf("export: %d %v", exp.Status, exp.Header)
	}
	var doc struct {
		Client        map[string]any   `json:"client"`
		Appointments  []map[string]any `json:"appointments"`
		Notes         []map[string]any `json:"notes"`
		Conversations []struct {
			Messages []map[string]any `json:"messages"`
		} `json:"conversations"`
		Messages   []map[string]any `json:"messages"`
		Newsletter map[string]any   `json:"newsletter"`
		Waitlist   []map[string]any `json:"waitlist"`
	}
	if err := json.Unmarshal(exp.Raw, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Client["email"] != ouardia.email || len(doc.Appointments) != 2 || len(doc.Notes) != 1 ||
		len(doc.Conversations) != 1 || len(doc.Messages) == 0 || doc.Newsletter == nil || len(doc.Waitlist) != 1 {
		t.Fatalf("the export lacks a kind of data: client %v, %d appointments, %d notes, %d conversations, %d messages, newsletter %v, %d waitlist",
			doc.Client["email"], len(doc.Appointments), len(doc.Notes), len(doc.Conversations), len(doc.Messages),
			doc.Newsletter, len(doc.Waitlist))
	}
	if _, ok := doc.Appointments[0]["history"]; !ok {
		t.Errorf("appointments without their history")
	}
	// Where each visit came from, and her answers, are hers too.
	for _, what := range []string{`"utm_content":"form-` + tag, `"utm_content":"waitlist-` + tag,
		`"utm_content":"newsletter-` + tag, `"value":"https://answer-` + tag + `.dz"`} {
		if !strings.Contains(string(exp.Raw), what) {
			t.Errorf("the export lacks %s", what)
		}
	}
	for _, a := range doc.Appointments {
		if a["id"] == formID && (a["traffic_source"] != "facebook" || a["campaign"] != "ramadan") {
			t.Errorf("the form's appointment in the export: %v", a)
		}
	}
	for _, c := range doc.Conversations {
		if len(c.Messages) == 0 {
			t.Errorf("a conversation without its messages")
		}
	}
	for _, other := range []string{karim.email, karim.last, karim.company} {
		if strings.Contains(string(exp.Raw), other) {
			t.Errorf("the export holds another client's %q", other)
		}
	}

	// Editors read no export; only administrators erase.
	ed := signIn(t, url, "editor")
	if r := ed.do("GET", "/api/admin/clients/"+clientID+"/export", nil); r.Status != 403 {
		t.Errorf("an editor's export: %d", r.Status)
	}
	erase := map[string]any{"confirm": ouardia.name()}
	for _, who := range []*staff{ed, mod} {
		if r := who.do("POST", "/api/admin/clients/"+clientID+"/erase", erase); r.Status != 403 {
			t.Errorf("erasure by a non-administrator: %d %s", r.Status, r.Raw)
		}
	}

	// An appointment ahead blocks the erasure; a confirmation that does not name her too.
	if r := admin.do("POST", "/api/admin/clients/"+clientID+"/erase", map[string]any{"confirm": "Quelqu'un d'autre"}); r.Status != 400 {
		t.Errorf("a confirmation naming someone else: %d %s", r.Status, r.Raw)
	}
	blocked := admin.do("POST", "/api/admin/clients/"+clientID+"/erase", erase)
	if blocked.Status != 409 || errorCode(blocked) != "upcoming" || len(blocked.Body["error"].(map[string]any)["upcoming"].([]any)) != 2 {
		t.Fatalf("erasing with appointments ahead: %d %s", blocked.Status, blocked.Raw)
	}
	// One of them is past by now; staff cancel the other as usual.
	if _, err := pool.Exec(ctx, `UPDATE appointments SET date = date - 30, starts_at = starts_at - interval '30 days'
		WHERE id = $1`, formID); err != nil {
		t.Fatal(err)
	}
	var chatID string
	if err := pool.QueryRow(ctx, `SELECT id::text FROM appointments WHERE client_id = $1 AND id <> $2`, clientID, formID).Scan(&chatID); err != nil {
		t.Fatal(err)
	}
	if r := admin.do("PATCH", "/api/admin/appointments/"+chatID, map[string]any{"status": "cancelled"}); r.Status != 200 {
		t.Fatalf("cancel: %d %s", r.Status, r.Raw)
	}
	before := admin.do("GET", "/api/admin/dashboard", nil)

	done := admin.do("POST", "/api/admin/clients/"+clientID+"/erase", map[string]any{"confirm": "  " + strings.ToUpper(ouardia.name()) + " "})
	if done.Status != 200 {
		t.Fatalf("erase: %d %s", done.Status, done.Raw)
	}
	erased := done.Body["erased"].(map[string]any)
	if erased["appointments"] != float64(2) || erased["notes"] != float64(1) || erased["conversations"] != float64(1) ||
		erased["newsletter"] != float64(1) || erased["waitlist"] != float64(1) {
		t.Errorf("erased: %v", erased)
	}
	after := admin.do("GET", "/api/admin/dashboard", nil)
	for _, part := range []string{"cards", "per_day", "by_status", "by_service"} {
		if b, a := fmt.Sprint(before.Body[part]), fmt.Sprint(after.Body[part]); b != a || b == "<nil>" {
			t.Errorf("the dashboard's %s changed:\n before %s\n after  %s", part, b, a)
		}
	}

	// No text column of any table holds her e-mail, phone or names; Karim's data stays.
	digits := strings.NewReplacer(" ", "").Replace(ouardia.phone)
	for _, needle := range []string{ouardia.email, ouardia.first, ouardia.last, ouardia.phone, digits, digits[1:], ouardia.company} {
		if found := scanTables(t, needle); len(found) > 0 {
			t.Errorf("%q is still in %v", needle, found)
		}
	}
	for _, what := range []string{"form-" + tag, "waitlist-" + tag, "newsletter-" + tag, "answer-" + tag} {
		if found := scanTables(t, what); len(found) > 0 {
			t.Errorf("%q is still in %v", what, found)
		}
	}
	// The source and campaign stay, no one's data: the anonymous counts stay right.
	var source, campaign, answers string
	if err := pool.QueryRow(ctx, `SELECT traffic_source, campaign, answers::text FROM appointments WHERE id = $1`,
		formID).Scan(&source, &campaign, &answers); err != nil || source != "facebook" || campaign != "ramadan" || answers != "[]" {
		t.Errorf("the erased appointment's source %q, campaign %q, answers %s (%v)", source, campaign, answers, err)
	}
	if found := scanTables(t, karim.email); len(found) == 0 {
		t.Errorf("Karim's data went with hers")
	}
	// The conversation that asked for a code keeps its messages, her address redacted.
	var asked string
	if err := pool.QueryRow(ctx, `SELECT string_agg(m.text, ' ' ORDER BY m.id) FROM chat_messages m
		JOIN chat_conversations c ON c.id = m.conversation_id WHERE c.session_id = $1`, cid).Scan(&asked); err != nil ||
		!strings.Contains(asked, "Je veux annuler mon rendez-vous") || !strings.Contains(asked, privacy.ErasedName) {
		t.Errorf("the conversation that asked for a code: %q (%v)", asked, err)
	}
	// Her conversation's session is gone from Redis too.
	if r := do(t, "GET", url+"/api/chat/sessions/"+session, nil); r.Status != 404 {
		t.Errorf("her chat session: %d %v", r.Status, r.Body)
	}
	var by string
	if err := pool.QueryRow(ctx, `SELECT erased_by FROM erasures WHERE client_id = $1`, clientID).Scan(&by); err != nil || by != admin.Email {
		t.Errorf("the erasure's record: %q %v", by, err)
	}
	if r := mod.do("GET", "/api/admin/clients/"+clientID+"/export", nil); r.Status != 200 || strings.Contains(string(r.Raw), ouardia.email) {
		t.Errorf("the export after erasure: %d %s", r.Status, r.Raw)
	}
}

func TestErasureCancelsAppointmentsAheadWhenAsked(t *testing.T) {
	ctx := context.Background()
	url, _ := liveServer(t)
	tag, num := uniqueTag()
	p := person{"Lamia", "Aouchiche" + tag, "lamia." + tag + "@example.dz", "0555 11 22 " + num, ""}
	d, hhmm := slotAhead(t, url, 10, 0)
	r := do(t, "POST", url+"/api/appointments", map[string]any{"name": p.name(), "email": p.email, "phone": p.phone,
		"date": d, "time": hhmm})
	if r.Status != 201 {
		t.Fatalf("book: %d %v", r.Status, r.Body)
	}
	var clientID string
	if err := pool.QueryRow(ctx, `SELECT client_id::text FROM appointments WHERE id = $1`, r.Body["id"]).Scan(&clientID); err != nil {
		t.Fatal(err)
	}
	admin := signIn(t, url, "admin")
	res := admin.do("POST", "/api/admin/clients/"+clientID+"/erase", map[string]any{"confirm": p.name(), "cancel_upcoming": true})
	if res.Status != 200 || res.Body["erased"].(map[string]any)["cancelled"] != float64(1) {
		t.Fatalf("erase, cancelling: %d %s", res.Status, res.Raw)
	}
	var status string
	var email *string
	if err := pool.QueryRow(ctx, `SELECT status, email FROM appointments WHERE id = $1`, r.Body["id"]).Scan(&status, &email); err != nil ||
		status != "cancelled" || email != nil {
		t.Errorf("the appointment: %s %v %v", status, email, err)
	}
	// The slot is free again, and no message went to the erased address.
	slots := do(t, "GET", url+"/api/slots?date="+d, nil)
	for _, s := range slots.Body["slots"].([]any) {
		if sl := s.(map[string]any); sl["time"] == hhmm && sl["free"] != true {
			t.Errorf("the cancelled slot is not free")
		}
	}
	var scheduled int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM deliveries WHERE appointment_id = $1 AND state = 'scheduled'`,
		r.Body["id"]).Scan(&scheduled); err != nil || scheduled != 0 {
		t.Errorf("%d messages still due to the erased person (%v)", scheduled, err)
	}
}

// uniqueTag is a run's own suffix for names (letters) and phones (two digits).
func uniqueTag() (letters, digits string) {
	hex := testdb.RandomHex(4)
	letters = strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return 'g' + (r - '0')
		}
		return r
	}, hex[:6])
	return letters, fmt.Sprintf("%02d", int(hex[6])%10*10+int(hex[7])%10)
}

// scanTables returns the table.column of every text, JSON or array column of every
// table of the schema that holds needle (case aside).
func scanTables(t *testing.T, needle string) []string {
	t.Helper()
	ctx := context.Background()
	rows, err := pool.Query(ctx, `SELECT table_name, column_name FROM information_schema.columns
		WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`)
	if err != nil {
		t.Fatal(err)
	}
	type col struct{ table, column string }
	var cols []col
	for rows.Next() {
		var c col
		if err := rows.Scan(&c.table, &c.column); err != nil {
			t.Fatal(err)
		}
		cols = append(cols, c)
	}
	var found []string
	for _, c := range cols {
		var n int
		q := fmt.Sprintf(`SELECT count(*) FROM %q WHERE %q::text ILIKE '%%' || $1 || '%%'`, c.table, c.column)
		if err := pool.QueryRow(ctx, q, needle).Scan(&n); err != nil {
			t.Fatalf("%s.%s: %v", c.table, c.column, err)
		}
		if n > 0 {
			found = append(found, c.table+"."+c.column)
		}
	}
	return found
}
