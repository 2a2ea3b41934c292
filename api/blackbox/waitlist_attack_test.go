package blackbox

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dota-agency/dota/mail/mailtest"
)

// Attacks on the waitlist, against the real binary: spoiling a person's offer, and
// filling lines through the chat.

var (
	bbManageLink = regexp.MustCompile(`/manage/([A-Za-z0-9_-]{43})`)
	bbOfferLink  = regexp.MustCompile(`/waitlist/offers/([A-Za-z0-9_-]{43})`)
)

// mailLink waits up to 30 s for a message to rcpt holding a link that re matches, and
// returns the link's token.
func mailLink(t *testing.T, smtp *mailtest.Server, rcpt string, re *regexp.Regexp) string {
	t.Helper()
	var token string
	if _, ok := eventually(30*time.Second, func() bool {
		for _, m := range smtp.Messages() {
			if !strings.Contains(strings.Join(m.To, ","), rcpt) {
				continue
			}
			if l := re.FindStringSubmatch(m.Parse(t).Text); l != nil {
				token = l[1]
				return true
			}
		}
		return false
	}); !ok {
		t.Fatalf("no message to %s with a link matching %s", rcpt, re)
	}
	return token
}

// freeSlotsAhead is the first day at least days ahead with two free slots, and its free
// slots.
func freeSlotsAhead(t *testing.T, base string, days int) (date string, times []string) {
	t.Helper()
	loc, _ := time.LoadLocation("Africa/Algiers")
	d := time.Now().In(loc).AddDate(0, 0, days)
	for range 30 {
		r := must(t, "GET", base+"/api/slots?date="+d.Format(time.DateOnly), nil)
		slots, _ := r.Body["slots"].([]any)
		times = nil
		for _, s := range slots {
			s := s.(map[string]any)
			if s["free"] == true && s["past"] != true {
				times = append(times, s["time"].(string))
			}
		}
		if r.Body["closed"] != true && len(times) >= 2 {
			return d.Format(time.DateOnly), times
		}
		d = d.AddDate(0, 0, 1)
	}
	t.Fatal("no day with two free slots")
	return "", nil
}

// TestWaitlistOfferCannotBeSpoiled is the repro of the review: a visitor waits for a full
// slot; an attacker joins the same line with her address and books another slot with
// every idempotency key her acceptance could use. Joining with her address answers
// exactly as a new join does, without an entry id; when the holder cancels, her accept
// succeeds, and accepting again answers the same booking.
func TestWaitlistOfferCannotBeSpoiled(t *testing.T) {
	dbURL := database(t)
	smtp := mailtest.Start(t)
	e := baseEnv(t, dbURL)
	e["DOTA_SMTP_URL"] = smtp.URL()
	srv := startDota(t, e)
	date, times := freeSlotsAhead(t, srv.URL, 4)
	full, other := times[0], times[1]
	const holder, victim = "lina@holder.example", "samira@victim.example"

	if r := must(t, "POST", srv.URL+"/api/appointments", map[string]any{"name": "Lina Haddad", "email": holder,
		"phone": "0555 44 33 22", "date": date, "time": full}); r.Status != http.StatusCreated {
		t.Fatalf("the holder books: %d %s", r.Status, r.Raw)
	}
	join := func(name, email, phone string) reply {
		return must(t, "POST", srv.URL+"/api/waitlist", map[string]any{"date": date, "time": full, "name": name,
			"phone": phone, "email": email})
	}
	hers := join("Samira Haddad", victim, "0661 22 33 44")
	if hers.Status != http.StatusCreated {
		t.Fatalf("she joins: %d %s", hers.Status, hers.Raw)
	}
	// The attacker joins with her address: the answer is a new join's, and names no entry.
	spoof := join("Intrus Malin", victim, "0770 99 88 77")
	if spoof.Status != hers.Status || string(spoof.Raw) != string(hers.Raw) {
		t.Errorf("joining with her address: %d %s; a new join: %d %s", spoof.Status, spoof.Raw, hers.Status, hers.Raw)
	}
	for _, k := range []string{"id", "position"} {
		if _, ok := spoof.Body[k]; ok {
			t.Errorf("the join's answer names %q: %s", k, spoof.Raw)
		}
	}
	// Even knowing her entry's id (read here from the database, as from any leak), the
	// attacker's bookings with it as a key do not touch her offer.
	db := pool(t, dbURL)
	var id string
	if err := db.QueryRow(context.Background(), `SELECT id::text FROM waitlist WHERE email = $1`, victim).Scan(&id); err != nil {
		t.Fatal(err)
	}
	for i, key := range []string{"waitlist-" + id, id} {
		r := must(t, "POST", srv.URL+"/api/appointments", map[string]any{"name": "Intrus Malin",
			"phone": fmt.Sprintf("0770 99 88 %02d", i), "date": date, "time": other}, "Idempotency-Key", key)
		if r.Status != http.StatusCreated && r.Status != http.StatusConflict {
			t.Fatalf("the attacker's booking with key %q: %d %s", key, r.Status, r.Raw)
		}
	}

	// The holder cancels: the place is offered to her, and her accept books it.
	manage := mailLink(t, smtp, holder, bbManageLink)
	if r := must(t, "POST", srv.URL+"/api/manage/"+manage+"/cancel", nil); r.Status != http.StatusOK {
		t.Fatalf("the holder cancels: %d %s", r.Status, r.Raw)
	}
	offer := mailLink(t, smtp, victim, bbOfferLink)
	acc := must(t, "POST", srv.URL+"/api/waitlist/offers/"+offer+"/accept", nil)
	if acc.Status != http.StatusCreated || acc.Body["email"] != victim || acc.Body["date"] != date || acc.Body["time"] != full {
		t.Fatalf("her accept: %d %s", acc.Status, acc.Raw)
	}
	again := must(t, "POST", srv.URL+"/api/waitlist/offers/"+offer+"/accept", nil)
	if again.Status != http.StatusCreated || again.Body["id"] != acc.Body["id"] || again.Header.Get("Idempotent-Replayed") != "true" {
		t.Errorf("accepting again: %d %s", again.Status, again.Raw)
	}
	var holders int
	if err := db.QueryRow(context.Background(), `SELECT count(*) FROM appointments WHERE date = $1 AND time = $2
		AND status <> 'cancelled'`, date, full).Scan(&holders); err != nil || holders != 1 {
		t.Errorf("%d appointments hold the slot (%v)", holders, err)
	}
}

// TestChatJoinBurstIsRefused is a script filling a full slot's line through the chat, nine
// conversations at once from one address, each with another made-up address. The
// joins spend the waitlist form's budgets (the default limits): at most three get in
// line, the others are told no, and the form then asks the address for a challenge.
func TestChatJoinBurstIsRefused(t *testing.T) {
	dbURL := database(t)
	e := floodEnv(t, dbURL)
	e["DOTA_CHAT_IP_RATE"] = "1000" // the chat's own message limit is not what is tested
	srv := startDota(t, e)
	date, times := freeSlotsAhead(t, srv.URL, 4)
	full := times[0]
	if r := must(t, "POST", srv.URL+"/api/appointments", map[string]any{"name": "Lina Haddad", "phone": "0555 44 33 22",
		"date": date, "time": full}); r.Status != http.StatusCreated {
		t.Fatalf("the holder books: %d %s", r.Status, r.Raw)
	}
	const n = 9
	said := make([]string, n)
	var wg sync.WaitGroup
	start := time.Now()
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			said[i] = chatJoin(t, srv.URL, date, full, fmt.Sprintf("fake%d@burst.example", i), fmt.Sprintf("0661 22 33 %02d", i))
		}()
	}
	wg.Wait()
	t.Logf("%d chat joins in %s", n, time.Since(start).Round(time.Millisecond))
	joined, refused := 0, 0
	for i, s := range said {
		switch {
		case strings.Contains(s, "vous êtes sur la liste d'attente"):
			joined++
		case strings.Contains(s, "Trop de demandes"):
			refused++
		default:
			t.Errorf("join %d: Dota said %q", i, s)
		}
	}
	var inLine int
	if err := pool(t, dbURL).QueryRow(context.Background(), `SELECT count(*) FROM waitlist
		WHERE email LIKE '%@burst.example'`).Scan(&inLine); err != nil {
		t.Fatal(err)
	}
	if joined > 3 || refused < n-3 || inLine != joined {
		t.Fatalf("%d joined, %d refused, %d in line: want at most 3 in line, the rest refused", joined, refused, inLine)
	}
	// The form's budget is the same one: the address is now asked for a challenge.
	r := must(t, "POST", srv.URL+"/api/waitlist", map[string]any{"date": date, "time": full, "name": "Karim Saadi",
		"phone": "0770 11 22 33", "email": "form@burst.example"})
	if r.Status != http.StatusTooManyRequests || r.code() != "rate_limited" {
		t.Errorf("a form join after the burst: %d %s, want 429", r.Status, r.Raw)
	}
}

// chatJoin goes through a conversation in French up to "yes" to a full slot's waitlist,
// and returns Dota's last answer.
func chatJoin(t *testing.T, base, date, hhmm, email, phone string) string {
	r, err := call(client, "POST", base+"/api/chat/sessions", map[string]string{"lang": "fr"})
	if err != nil || r.Status != http.StatusCreated {
		t.Errorf("start: %d %s %v", r.Status, r.Raw, err)
		return ""
	}
	id, _ := r.Body["session_id"].(string)
	when := date + " " + hhmm
	for _, msg := range []string{"Je voudrais prendre rendez-vous", "Samira Haddad", email, phone, "passer",
		"application mobile", when, when, "oui"} {
		r, err = call(client, "POST", base+"/api/chat/sessions/"+id+"/messages", map[string]string{"text": msg})
		if err != nil || r.Status != http.StatusOK {
			t.Errorf("say %q: %d %s %v", msg, r.Status, r.Raw, err)
			return ""
		}
	}
	var parts []string
	msgs, _ := r.Body["messages"].([]any)
	for _, m := range msgs {
		if m, ok := m.(map[string]any); ok {
			parts = append(parts, fmt.Sprint(m["text"]))
		}
	}
	return strings.Join(parts, "\n")
}
