package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dota-agency/dota/booking"
)

const (
	benchAdmin    = "bench-admin@dota.local"
	benchPassword = "bench-password-1234567890"
)

// seedAppointments inserts n appointments with one INSERT … SELECT generate_series:
// names, e-mails, phones, services, statuses, sources and creation dates spread the way a
// few years of activity would, so searches and filters are as selective as in use.
func (b *bench) seedAppointments(ctx context.Context, n int) error {
	_, err := b.env.db.Exec(ctx, `
		INSERT INTO appointments (name, email, phone, service, date, time, starts_at, message, company, status,
			status_dashboard, source, language, created_at, updated_at)
		SELECT
			(ARRAY['Amine','Lina','Nour','Yacine','Sara','Karim','Meriem','Walid','Imane','Sofiane'])[1 + i % 10] || ' ' ||
			(ARRAY['Benali','Haddad','Mansouri','Bouzid','Cherif','Kaci','Saidi','Amrani','Belkacem','Ziani','Meziane','Rahmani'])[1 + (i / 10) % 12],
			'client' || i || '@example.dz',
			'+213 5' || lpad((i * 7919 % 100000000)::text, 8, '0'),
			(ARRAY['Développement web','Application mobile','Shooting photo','Bot IA','Formation','Consultation'])[1 + (i / 7) % 6],
			slot.d, slot.t, (slot.d + slot.t::time) AT TIME ZONE 'Africa/Algiers',
			CASE WHEN i % 3 = 0 THEN 'Nous voulons refaire notre site vitrine et ajouter une boutique.' ELSE NULL END,
			CASE WHEN i % 4 = 0 THEN 'Entreprise ' || (i % 500) ELSE NULL END,
			(ARRAY['pending','confirmed','completed','cancelled','not_responding_1','not_responding_2','unreachable','updating'])[1 + (i / 3) % 8],
			CASE WHEN i % 6 = 0 THEN 'new' ELSE NULL END,
			(ARRAY['form','chat','console'])[1 + i % 3],
			(ARRAY['fr','en','ar'])[1 + i % 3],
			now() - make_interval(mins => i * 10),
			now() - make_interval(mins => i * 10)
		FROM generate_series(1, $1) AS i, LATERAL (SELECT
			CASE WHEN i % 5 = 0 THEN NULL ELSE date '2024-01-07' + (i % 900) END AS d,
			CASE WHEN i % 5 = 0 THEN NULL ELSE (ARRAY['09:00','10:00','11:00','12:00','14:00','15:00','16:00','17:00'])[1 + i % 8] END AS t) slot`, n)
	if err != nil {
		return err
	}
	// A database that has lived for years has been vacuumed: its visibility map is set.
	_, err = b.env.db.Exec(ctx, "VACUUM (ANALYZE) appointments")
	return err
}

// admin creates the bench's administrator with `dota admin create` and signs in, and
// returns the session cookie.
func (b *bench) admin(ctx context.Context, base string) (*http.Cookie, error) {
	if b.cookie != nil {
		return b.cookie, nil
	}
	if out, err := b.env.command(ctx, benchPassword+"\n", "admin", "create", "--email", benchAdmin, "--role", "admin",
		"--password-stdin"); err != nil {
		return nil, fmt.Errorf("dota admin create: %w\n%s", err, out)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/admin/login",
		strings.NewReader(fmt.Sprintf(`{"email":%q,"password":%q}`, benchAdmin, benchPassword)))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := newClient(1).Do(req)
	if err != nil {
		return nil, err
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.Contains(string(body), "csrf_token") {
		return nil, &statusError{res.StatusCode, string(body)}
	}
	var session struct {
		CSRFToken string `json:"csrf_token"`
	}
	_ = json.Unmarshal(body, &session)
	for _, c := range res.Cookies() {
		if c.Name == "dota_session" && c.Value != "" {
			b.cookie = &http.Cookie{Name: c.Name, Value: c.Value}
			b.staff = &staffAuth{cookie: b.cookie, csrf: session.CSRFToken}
			return b.cookie, nil
		}
	}
	return nil, fmt.Errorf("sign-in answered %d without a session cookie", res.StatusCode)
}

// listQueries are the console list pages asked for: 10 rows, with a search and filters.
var listQueries = []url.Values{
	{"q": {"benali"}, "status": {"pending"}, "page": {"1"}, "size": {"10"}},
	{"q": {"amine"}, "service": {"Développement web"}, "page": {"1"}, "size": {"10"}},
	{"q": {"client4242"}, "page": {"1"}, "size": {"10"}},
	{"status": {"confirmed"}, "range": {"month"}, "page": {"1"}, "size": {"10"}},
	{"q": {"meriem"}, "range": {"week"}, "page": {"1"}, "size": {"10"}},
	{"service": {"Bot IA"}, "page": {"3"}, "size": {"10"}},
	{"q": {"0331"}, "page": {"1"}, "size": {"10"}},
	{"page": {"1"}, "size": {"10"}},
}

// consoleRow measures the appointments list over consoleRows appointments against the
// old build's way: every appointment fetched as JSON.
func (b *bench) consoleRow(ctx context.Context) row {
	r := row{Name: rowConsole, Unit: "ms p99", BaselineName: "bytes of all appointments as JSON",
		Target: "p99 ≤ 25 ms; ≥ 1000× fewer bytes"}
	if !routeExists(ctx, newClient(1), http.MethodPost, b.main.base+"/api/admin/login") {
		r.NotMeasured = absentPrefix + "POST /api/admin/login"
		return r
	}
	// The form and race rows (and pgbench's bookings) leave tens of thousands of message
	// jobs that this process, without SMTP, would work through during the measurement:
	// they are that work's, not the list's, and are cancelled first.
	cancelled, err := b.env.cancelDeliveries(ctx)
	if err != nil {
		r.NotMeasured = "cancelling earlier rows' message jobs: " + err.Error()
		return r
	}
	logf("console list: seeding %d appointments", b.sz.consoleRows)
	if err := b.seedAppointments(ctx, b.sz.consoleRows); err != nil {
		r.NotMeasured = "seeding: " + err.Error()
		return r
	}
	cookie, err := b.admin(ctx, b.main.base)
	if err != nil {
		r.NotMeasured = "signing in: " + err.Error()
		return r
	}
	conns := b.sz.consoleConns
	client := newClient(conns)
	// Idle keep-alive connections would hold server memory into the next row.
	defer client.CloseIdleConnections()
	hdr := http.Header{"Cookie": {cookie.String()}}
	var bytes, pages atomic.Int64
	var mu sync.Mutex
	byQuery := make([]hist, len(listQueries))
	do := func(ctx context.Context, w, i int, rec func(time.Duration)) error {
		k := (w + i) % len(listQueries)
		t := time.Now()
		body, err := get(ctx, client, b.main.base+"/api/admin/appointments?"+listQueries[k].Encode(), hdr)
		if err != nil {
			return err
		}
		took := time.Since(t)
		rec(took)
		mu.Lock()
		byQuery[k].record(took)
		mu.Unlock()
		bytes.Add(int64(len(body)))
		pages.Add(1)
		return nil
	}
	logf("console list: %d connections for %v", conns, b.sz.consoleDur)
	closedLoop(ctx, conns, b.sz.warmup, do)
	bytes.Store(0)
	pages.Store(0)
	for k := range byQuery {
		byQuery[k] = hist{}
	}
	res := closedLoop(ctx, conns, b.sz.consoleDur, do)
	var perQuery []string
	for k, q := range listQueries {
		perQuery = append(perQuery, fmt.Sprintf("%s %.1f ms", q.Encode(), ms(byQuery[k].quantile(0.99))))
	}

	full, err := b.fullExport(ctx)
	if err != nil {
		r.NotMeasured = "baseline: " + err.Error()
		return r
	}
	perPage := ratio(float64(bytes.Load()), float64(pages.Load()))
	p99 := ms(res.lat.quantile(0.99))
	logf("  %.0f pages/s, p99 %.2f ms, %.0f bytes a page; all appointments as JSON: %d bytes; %d errors %s",
		res.rate(), p99, perPage, full, res.errors, res.firstErr)
	r.Value, r.Baseline = num(p99), num(float64(full))
	r.Ratio = num(ratio(float64(full), perPage))
	r.add("p50", ms(res.lat.quantile(0.5)), "ms")
	r.add("pages/s", res.rate(), "")
	r.add("bytes a page", perPage, "")
	r.add("fewer bytes", ratio(float64(full), perPage), "×")
	r.add("errors", float64(res.errors), "")
	r.check(p99 <= 25, "p99 ≤ 25 ms")
	r.check(r.Ratio != nil && *r.Ratio >= 1000, "≥ 1000× fewer bytes than every appointment as JSON")
	r.check(res.errors == 0, "0 errors")
	r.Note = fmt.Sprintf("%d appointments seeded with one INSERT … SELECT generate_series, then vacuumed; %d staff "+
		"(connections of a signed-in admin, back to back, more than the agency has) cycle through %d list pages of 10 rows (searches, status, service and date-range filters, a later page). "+
		"Ratio: baseline bytes ÷ bytes of an average page. The baseline is the old build's way, every appointment "+
		"fetched as JSON in one request: dota-bench serves `SELECT json_agg(…)` over every row, with the columns the "+
		"API returns, from a tiny handler of its own, and counts the bytes of that one response.",
		b.sz.consoleRows, conns, len(listQueries))
	r.Note += " p99 by page: " + strings.Join(perQuery, "; ") + "."
	if cancelled > 0 {
		r.Note += fmt.Sprintf(" The %d message jobs earlier rows left unfinished were cancelled first.", cancelled)
	}
	if res.errors > 0 {
		r.Note += " First error: " + res.firstErr
	}
	b.explainList(ctx)
	return r
}

// fullExport serves every appointment as one JSON array, as the old build fetched them,
// through a loopback handler, and returns the size of the response.
func (b *bench) fullExport(ctx context.Context) (int, error) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var doc []byte
		err := b.env.db.QueryRow(r.Context(), `SELECT coalesce(json_agg(json_build_object(
			'id', a.id, 'name', a.name, 'email', a.email, 'phone', a.phone, 'service', a.service,
			'date', a.date, 'time', a.time, 'message', a.message, 'company', a.company, 'sector', a.sector,
			'status', a.status, 'status_dashboard', a.status_dashboard, 'source', a.source, 'language', a.language,
			'client_id', a.client_id, 'created_at', a.created_at, 'updated_at', a.updated_at)
			ORDER BY a.created_at DESC), '[]')::text FROM appointments a`).Scan(&doc)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(doc)
	})
	l, err := serveLoopback(h)
	if err != nil {
		return 0, err
	}
	defer l.Close()
	body, err := get(ctx, newClient(1), "http://"+l.Addr().String()+"/appointments", nil)
	return len(body), err
}

// explainList records the plans of the list's two statements for a search with filters,
// exactly as booking.Core.Appointments writes them.
func (b *bench) explainList(ctx context.Context) {
	var out strings.Builder
	core := booking.New(b.env.db)
	for _, c := range []struct {
		title string
		f     booking.AppointmentFilter
	}{
		{"a search with a status filter, q=benali status=pending", booking.AppointmentFilter{Q: "benali", Status: "pending"}},
		{"a status filter, status=confirmed", booking.AppointmentFilter{Status: "confirmed"}},
	} {
		sql, plan, err := core.ExplainAppointments(ctx, c.f, booking.Paging{Page: 1, Size: 10})
		if err != nil {
			fmt.Fprintf(&out, "-- %s: %v\n\n", c.title, err)
			continue
		}
		fmt.Fprintf(&out, "-- %s:\n%s\n\n%s\n\n", c.title, strings.TrimSpace(sql), strings.Join(plan, "\n"))
	}
	b.extras = append(b.extras, section{Title: "Plan of the console list query",
		Intro: fmt.Sprintf("`EXPLAIN (ANALYZE, BUFFERS)` of the first statement `booking.Core.Appointments` sends (the page of "+
			"10 rows with its bounded count), from `ExplainAppointments`, over the %d seeded appointments and the run's own "+
			"bookings, taken in this run after the load.", b.sz.consoleRows),
		Body: out.String(), Lang: "text"})
}
