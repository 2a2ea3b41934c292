package chatbot

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nyaruka/phonenumbers"
	"github.com/redis/go-redis/v9"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/mail"
	"github.com/dota-agency/dota/mail/mailtest"
	"github.com/dota-agency/dota/migrations/testdb"
)

// The dialogue set (testdata/dialogues, format in its README): whole conversations, each a
// visitor with a goal, played against the real engine, its Redis and PostgreSQL. A
// conversation succeeds when its goal is reached with every value right. `make eval` prints
// success per variety and per goal, the turns to success and why each failure failed; the
// test fails when a part falls below its floor, set from the first honest run.
//
// The held-out part (90 conversations written blind) reached 35.6 % with the engine as it
// stood before the dialogue set (32 of 90), and 45.6 % at its first honest run (41 of 90;
// tuned part 92.4 %), then 86.7 % (78 of 90) as kinds of failure found in the tuned part
// were fixed — the tuned part grew with fifteen batches written blind by other hands (53,
// 53, 34, 50, 27, 44, 49, 64, 68, 63, 61, 69, 65, 60 and 58 of 72 at their first runs,
// docs/chat-eval.md). The floors are set a little under
// the latest run; the held-out one only rises (the tuned one follows the tuned part, which
// grows with harder batches).
var dialogueFloors = map[string]float64{"tuned": 0.98, "heldout": 0.88}

// shownTurns is how much of a failed conversation the report shows: its end, or all of it
// with DOTA_DIALOGUES_TUNED.
var shownTurns = map[bool]int{false: 6, true: dialogueTurnLimit * 2}[os.Getenv("DOTA_DIALOGUES_TUNED") != ""]

// dialogueTurnLimit ends a conversation that goes round in circles.
const dialogueTurnLimit = 30

type dialogue struct {
	ID      string `json:"id"`
	Variety string `json:"variety"`
	Goal    string `json:"goal"`
	Setup   struct {
		Appointment *struct {
			Name, Email, Phone, Service, Date, Time string
		} `json:"appointment"`
	} `json:"setup"`
	Expect  map[string]string   `json:"expect"`
	Turns   []string            `json:"turns"`
	Replies map[string][]string `json:"replies"`
}

// outcome is how one conversation ended.
type outcome struct {
	d      dialogue
	ok     bool
	turns  int
	reason string
	said   []string // the conversation, for the report of a failure
	// understood is the goal Dota took the visitor to have once their opening turns were
	// said: book, cancel, move, person, or question.
	understood string
}

func loadDialogues(t *testing.T, part string) []dialogue {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "dialogues", part, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	var out []dialogue
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var ds []dialogue
		if err := json.Unmarshal(b, &ds); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out = append(out, ds...)
	}
	return out
}

func TestEvalDialogues(t *testing.T) {
	if testing.Short() || raceDetector {
		t.Skip("plays whole conversations against PostgreSQL and Redis: make eval and make test-eval, without -race")
	}
	db, _ := testdb.New(t)
	ctx := context.Background()
	if _, err := booking.New(db).SeedAgency(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := catalogue.New(db).Seed(ctx); err != nil {
		t.Fatal(err)
	}
	// Conversations share the database, each its own visitor: slots hold many, so that
	// two visitors who want the same hour both have it.
	if _, err := db.Exec(ctx, `UPDATE settings SET slot_capacity = 50`); err != nil {
		t.Fatal(err)
	}
	srv := mailtest.Start(t)
	tr, err := mail.NewTransport(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	// The dialogue set's now: Sunday 22 November 2026, 10:00 in Algiers, in office hours.
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, algiers)
	clock := func() time.Time { return now }
	core := booking.New(db, booking.WithClock(clock), booking.WithLogger(quiet),
		booking.WithMail(booking.Mail{Sender: tr}), booking.WithJobs(booking.JobsConfig{RetryBase: 50 * time.Millisecond}))
	if err := core.StartJobs(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = core.StopJobs(c)
	})
	// One Redis client for every conversation, each under a prefix of its own: a client
	// a conversation would hold its connections until the test ends, and a thousand of
	// them come near Redis's limit of clients.
	rdb, prefix := testdb.Redis(t)
	p := player{t: t, db: db, rdb: rdb, prefix: prefix, core: core, srv: srv, clock: clock}
	rows, err := db.Query(ctx, `SELECT v FROM services, jsonb_each_text(description::jsonb) AS d(k, v)`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var d string
		if err := rows.Scan(&d); err != nil {
			t.Fatal(err)
		}
		p.descriptions = append(p.descriptions, d)
	}
	rows.Close()
	// DOTA_DIALOGUES_TUNED, a regular expression, plays only the tuned conversations whose
	// id it matches (and no held-out one): a quick look at a batch while fixing it.
	only, err := regexp.Compile(os.Getenv("DOTA_DIALOGUES_TUNED"))
	if err != nil {
		t.Fatal(err)
	}
	for _, part := range []string{"tuned", "heldout"} {
		ds := loadDialogues(t, part)
		if only.String() != "" {
			ds = slices.DeleteFunc(ds, func(d dialogue) bool { return part != "tuned" || !only.MatchString(d.ID) })
		}
		if len(ds) == 0 {
			continue
		}
		var outs []outcome
		for _, d := range ds {
			outs = append(outs, p.play(d))
		}
		rate := reportDialogues(t, part, outs)
		if rate < dialogueFloors[part] && only.String() == "" {
			t.Errorf("%s dialogues: %.1f %% reached their goal, below the floor of %.1f %%", part, 100*rate, 100*dialogueFloors[part])
		}
	}
}

// player plays conversations on one database.
type player struct {
	t   *testing.T
	db  *pgxpool.Pool
	rdb *redis.Client
	// prefix is the test's Redis prefix, under which each conversation has its own.
	prefix string
	core   *booking.Core
	srv    *mailtest.Server
	clock  func() time.Time
	// descriptions are the services' descriptions in every language.
	descriptions []string
}

func (p player) play(d dialogue) (o outcome) {
	t, ctx := p.t, context.Background()
	o.d = d
	// Each visitor meets the agency as the README describes it: no appointment, code or
	// line left by another conversation (two writers may give the same address).
	// The jobs of the last conversation may still be at work: a deadlock is tried again.
	var err error
	for try := 0; try < 5; try++ {
		if _, err = p.db.Exec(ctx, `DELETE FROM chat_conversation_appointments; DELETE FROM manage_tokens;
			DELETE FROM notifications; DELETE FROM deliveries; DELETE FROM status_history;
			DELETE FROM appointment_notes; DELETE FROM waitlist_tokens; DELETE FROM waitlist;
			DELETE FROM verification_codes; DELETE FROM appointments; DELETE FROM clients`); err == nil {
			break
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	var setupID string
	if a := d.Setup.Appointment; a != nil {
		res, err := p.core.Book(ctx, booking.Request{Name: a.Name, Email: a.Email, Phone: a.Phone,
			Service: a.Service, Date: a.Date, Time: a.Time, Source: "form", Language: "fr"})
		if err != nil {
			o.reason = fmt.Sprintf("setup: %v", err)
			return o
		}
		setupID = res.Appointment.ID
	}
	prefix := p.prefix + testdb.RandomHex(6) + ":"
	e := New(p.core, p.db, p.rdb, Config{RedisPrefix: prefix}, WithClock(p.clock), WithLogger(quiet))
	defer func() {
		c, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = e.Close(c)
	}()
	lang := map[string]string{"en": "en", "ar": "ar", "darija-ar": "ar"}[d.Variety]
	if lang == "" {
		lang = "fr"
	}
	r, err := e.Start(ctx, lang, "192.0.2.1", nil)
	if err != nil {
		t.Fatal(err)
	}
	turns := append([]string(nil), d.Turns...)
	used := map[string]int{}
	mails := len(p.srv.Messages())
	var bot []string
	for o.turns < dialogueTurnLimit {
		if done, why := p.reached(d, r, setupID, bot); done {
			o.ok, o.reason = why == "", why
			return o
		}
		var msg string
		if len(turns) > 0 {
			msg, turns = turns[0], turns[1:]
		} else {
			asked := askedFor(r)
			list := d.Replies[asked]
			if r.Step == StepMode && len(list) == 0 && len(r.QuickReplies) > 0 {
				// The dialogues were written before the meeting mode's step: the visitor
				// takes the first way offered, as a tap in the widget does.
				list = []string{r.QuickReplies[0].Value}
			}
			if used[asked] >= len(list) {
				o.reason = fmt.Sprintf("nothing left to say when asked for %q (step %s)", asked, r.Step)
				return o
			}
			msg = list[used[asked]]
			used[asked]++
			if strings.Contains(msg, "{code}") {
				msg = strings.ReplaceAll(msg, "{code}", p.lastCode(mails))
			}
		}
		o.turns++
		o.said = append(o.said, "> "+msg)
		r, err = e.Send(ctx, r.SessionID, msg, "", "192.0.2.1")
		if err != nil {
			o.reason = fmt.Sprintf("send: %v", err)
			return o
		}
		for _, m := range r.Messages {
			if m.Sender != SenderUser {
				bot = append(bot, m.Text)
				o.said = append(o.said, "< "+m.Text)
			}
		}
		if o.understood == "" || (len(turns) > 0 && o.understood == "question") {
			o.understood = understoodGoal(r)
		}
	}
	o.reason = "too many turns"
	return o
}

// understoodGoal names the goal a reply shows Dota took: the flow it started, the
// hand-off, or an answer.
func understoodGoal(r Reply) string {
	switch {
	case r.Handoff != nil:
		return "person"
	case r.Flow == FlowBooking || r.Step == StepBooked:
		return "book"
	case r.Flow == "move" || r.Flow == "cancel":
		return r.Flow
	}
	return "question"
}

// askedFor names what the step asks for, in the dialogue format's words.
func askedFor(r Reply) string {
	switch r.Step {
	case StepName, StepEmail, StepPhone, StepCompany, StepService, StepMode, StepDate, StepTime, StepConfirm:
		return r.Step
	case StepManageEmail:
		return "email"
	case StepManageCode:
		return "code"
	case StepManageWhen:
		return "date"
	case StepManageTime:
		return "time"
	case StepManageCancel:
		return "confirm"
	case StepCallback:
		return "phone"
	}
	return "other"
}

var sixDigits = regexp.MustCompile(`\b\d{6}\b`)

// lastCode is the code of the newest message received since the conversation began.
func (p player) lastCode(since int) string {
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		msgs := p.srv.Messages()
		for i := len(msgs) - 1; i >= since; i-- {
			if c := sixDigits.FindString(msgs[i].Parse(p.t).Subject); c != "" {
				return c
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	return "000000"
}

// reached tells whether the conversation is over: its goal reached ("" reason), or an end
// that is not the goal (a booking with a wrong value).
func (p player) reached(d dialogue, r Reply, setupID string, bot []string) (bool, string) {
	ctx := context.Background()
	switch d.Goal {
	case "book":
		if r.AppointmentID == "" {
			return false, ""
		}
		a, err := p.core.Appointment(ctx, r.AppointmentID)
		if err != nil {
			return true, err.Error()
		}
		return true, p.compare(d.Expect, a)
	case "cancel", "move":
		a, err := p.core.Appointment(ctx, setupID)
		if err != nil {
			return true, err.Error()
		}
		if d.Goal == "cancel" {
			return a.Status == "cancelled", ""
		}
		if a.Date == d.Expect["date"] && a.Time == d.Expect["time"] && a.Status != "cancelled" {
			return true, ""
		}
		if a.Date != d.Setup.Appointment.Date || a.Time != d.Setup.Appointment.Time {
			return true, fmt.Sprintf("moved to %s %s, want %s %s", a.Date, a.Time, d.Expect["date"], d.Expect["time"])
		}
		return false, ""
	case "person":
		return r.Handoff != nil && r.Handoff.State == HandoffWaiting, ""
	case "question":
		for _, b := range bot {
			if answersTopic(b, d.Expect["topic"], p.descriptions) {
				return true, ""
			}
		}
		return false, ""
	}
	return true, "unknown goal " + d.Goal
}

// compare lists the booked values that differ from the expected ones.
func (p player) compare(want map[string]string, a booking.Appointment) string {
	var slug string
	_ = p.db.QueryRow(context.Background(), `SELECT slug FROM services
		WHERE lower($1) IN (lower(slug), lower(name->>'fr'), lower(name->>'en'), lower(name->>'ar')) LIMIT 1`, a.Service).Scan(&slug)
	got := map[string]string{"name": a.Name, "email": a.Email, "phone": e164(a.Phone), "company": a.Company,
		"service": slug, "date": a.Date, "time": a.Time}
	var diffs []string
	for _, k := range []string{"name", "email", "phone", "company", "service", "date", "time"} {
		w, ok := want[k]
		if !ok {
			continue
		}
		if k == "phone" {
			w = e164(w)
		}
		if !strings.EqualFold(strings.TrimSpace(got[k]), strings.TrimSpace(w)) {
			diffs = append(diffs, fmt.Sprintf("%s %q, want %q", k, got[k], w))
		}
	}
	return strings.Join(diffs, "; ")
}

func e164(phone string) string {
	if strings.TrimSpace(phone) == "" {
		return ""
	}
	n, err := phonenumbers.Parse(phone, "DZ")
	if err != nil {
		return phone
	}
	return phonenumbers.Format(n, phonenumbers.E164)
}

// topicTexts are the catalogue texts that answer each question topic.
var topicTexts = map[string][]string{
	"services":  {"answer_services"},
	"prices":    {"answer_prices"},
	"contact":   {"answer_contact"},
	"address":   {"answer_address"},
	"hours":     {"answer_hours", "day_open", "day_closed", "closing_time"},
	"portfolio": {"answer_portfolio", "answer_portfolio_empty"},
	"bot":       {"bot"},
}

// answersTopic tells whether a bot message is one of the topic's texts in any language: it
// holds the longest literal part of one of them, or, for a service, the start of its
// description.
func answersTopic(msg, topic string, descriptions []string) bool {
	if topic == "services" {
		for _, d := range descriptions {
			if r := []rune(d); len(r) > 24 && strings.Contains(msg, string(r[:24])) {
				return true
			}
		}
	}
	for _, code := range topicTexts[topic] {
		for _, lang := range []string{"fr", "en", "ar"} {
			if lit := longestLiteral(dotaTexts.Raw(lang, code)); lit != "" && strings.Contains(msg, lit) {
				return true
			}
		}
	}
	return false
}

var placeholder = regexp.MustCompile(`\{[a-z0-9_]+\}`)

func longestLiteral(s string) string {
	best := ""
	for _, part := range placeholder.Split(s, -1) {
		part = strings.TrimSpace(part)
		if len([]rune(part)) > len([]rune(best)) {
			best = part
		}
	}
	return best
}

// reportDialogues logs the part's figures and returns its success rate.
func reportDialogues(t *testing.T, part string, outs []outcome) float64 {
	t.Helper()
	type tally struct{ ok, all, turns int }
	by := map[string]*tally{}
	add := func(k string, o outcome) {
		if by[k] == nil {
			by[k] = &tally{}
		}
		by[k].all++
		if o.ok {
			by[k].ok++
			by[k].turns += o.turns
		}
	}
	var failures []string
	for _, o := range outs {
		add("all", o)
		add("variety "+o.d.Variety, o)
		add("goal "+o.d.Goal, o)
		if !o.ok {
			failures = append(failures, fmt.Sprintf("%s (%s): %s\n    %s", o.d.ID, o.d.Goal, o.reason,
				strings.Join(lastN(o.said, shownTurns), "\n    ")))
		}
	}
	keys := make([]string, 0, len(by))
	for k := range by {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	fmt.Fprintf(&b, "dialogues, %s part:\n", part)
	for _, k := range keys {
		v := by[k]
		mean := 0.0
		if v.ok > 0 {
			mean = float64(v.turns) / float64(v.ok)
		}
		fmt.Fprintf(&b, "  %-22s %3d/%-3d %5.1f %%   %.1f turns to success\n", k, v.ok, v.all, 100*float64(v.ok)/float64(v.all), mean)
	}
	goals := []string{"book", "cancel", "move", "person", "question"}
	fmt.Fprintf(&b, "  goals (rows) as Dota understood them (columns):\n  %-10s", "")
	for _, g := range goals {
		fmt.Fprintf(&b, "%9s", g)
	}
	b.WriteString("\n")
	for _, g := range goals {
		fmt.Fprintf(&b, "  %-10s", g)
		for _, u := range goals {
			n := 0
			for _, o := range outs {
				if o.d.Goal == g && o.understood == u {
					n++
				}
			}
			fmt.Fprintf(&b, "%9d", n)
		}
		b.WriteString("\n")
	}
	t.Log(b.String())
	// The held-out part is never tuned on: its failures are not shown, only its figures.
	if testing.Verbose() && part != "heldout" {
		t.Logf("%s failures:\n%s", part, strings.Join(failures, "\n"))
	}
	return float64(by["all"].ok) / float64(by["all"].all)
}

func lastN(s []string, n int) []string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}
