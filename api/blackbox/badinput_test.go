package blackbox

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgxpool"
)

// hostile are the values every field and query parameter receives.
var hostile = []string{
	"' OR '1'='1", "'; DROP TABLE clients; --", "1; SELECT pg_sleep(10)", `" OR ""="`, "1' UNION SELECT email FROM clients--",
	"<script>alert(1)</script>", `"><img src=x onerror=alert(1)>`, "javascript:alert(1)", "{{7*7}}${7*7}",
	"../../../../etc/passwd", "\x00", "a\x00b", "\xff\xfe\xfd", "caf\xc3", "\u202eevil", "\r\nSet-Cookie: x=1",
	"%00", "%27%20OR%201%3D1", "-1", "0", "99999999999999999999999", "1e309", "null", "[]", "{}", " ", "",
	"9999-12-31", "0000-00-00", "2026-02-30", "10000-01-01", "25:99", "\t\n",
	"a\x00b@example.com", "\xff@example.com", "<script>alert(1)</script>@example.com", "x'OR'1'='1@example.com",
	"\u202e\u0007@example.com", "0555123456\x00", "Amel\x00Bensaid",
	strings.Repeat("A", 5000), strings.Repeat("é", 3000), strings.Repeat("😀", 1200),
}

// knownCodes are the envelope codes of the contract.
var knownCodes = map[string]bool{"validation": true, "unauthenticated": true, "invalid_credentials": true,
	"forbidden": true, "csrf": true, "not_found": true, "slot_taken": true, "slot_closed": true,
	"already_subscribed": true, "conflict": true, "too_large": true, "rate_limited": true, "unavailable": true,
	"backup_unavailable": true}

// probe is one hostile request and the answer it must get.
type probe struct {
	name          string
	method, path  string // path already escaped, with its query
	body          []byte
	chunked       bool // send the body without a Content-Length
	header        []string
	wantStatus    int // 0: any 2xx or 4xx with the envelope
	wantCode      string
	allowCreated  bool // a 201 is a legitimate answer (the value is harmless text)
	reflectedText string
}

// route is a public route with its parameters and, for writes, a valid body.
type route struct {
	method, path string
	params       []string       // query parameters it reads
	pathParams   []string       // path segments it reads, named as in path ("{slug}")
	body         map[string]any // a valid body; nil for GET
	emptyOK      bool           // an empty body is a valid request
	valid        map[string]string
	maxBody      int // the route's own body limit, when smaller than the server's
}

// chatMaxBody is the chat routes' body limit (api.ChatMaxBodyBytes).
const chatMaxBody = 8 << 10

// publicRoutes are the public routes of the contract, with valid values to vary from;
// chatID is an open conversation.
func publicRoutes(chatID string) []route {
	return []route{
		{method: "POST", path: "/api/chat/sessions", body: map[string]any{"lang": "fr"}, emptyOK: true, maxBody: chatMaxBody},
		{method: "POST", path: "/api/chat/sessions/{id}/messages", pathParams: []string{"{id}"},
			valid: map[string]string{"{id}": chatID}, body: map[string]any{"text": "Bonjour", "lang": "fr"}, maxBody: chatMaxBody},
		{method: "GET", path: "/api/chat/sessions/{id}", pathParams: []string{"{id}"}, params: []string{"lang"},
			valid: map[string]string{"{id}": chatID}},
		{method: "GET", path: "/api/services", params: []string{"order", "limit", "raw", "lang"}},
		{method: "GET", path: "/api/services/{slug}", params: []string{"raw", "lang"}, pathParams: []string{"{slug}"},
			valid: map[string]string{"{slug}": "developpement-web"}},
		{method: "GET", path: "/api/services/{slug}/projects", pathParams: []string{"{slug}"},
			valid: map[string]string{"{slug}": "developpement-web"}},
		{method: "GET", path: "/api/projects", params: []string{"category", "lang"}},
		{method: "GET", path: "/api/projects/{id}", pathParams: []string{"{id}"},
			valid: map[string]string{"{id}": "00000000-0000-0000-0000-000000000000"}},
		{method: "GET", path: "/api/slots", params: []string{"date", "lang"}, valid: map[string]string{"date": "2026-11-30"}},
		{method: "POST", path: "/api/appointments", body: map[string]any{
			"name": "Amel Bensaid", "email": "amel@example.com", "phone": "0555123456", "company": "Atlas SARL",
			"sector": "Commerce", "service": "Développement web", "message": "Bonjour", "date": "", "time": "",
			"client_id": ""}},
		{method: "POST", path: "/api/newsletter", body: map[string]any{"email": "news@example.com"}},
		{method: "POST", path: "/api/events", body: map[string]any{"name": "project_view", "props": map[string]any{"id": "x"}}},
	}
}

// ignored are body fields a public route reads but a visitor may not set, or whose
// unknown values fall back to a default (lang): the request goes through.
var ignored = map[string]bool{"client_id": true, "props": true, "lang": true}

// malformedBodies are bodies no JSON decoder should accept as an object of the route.
var malformedBodies = []string{"", "{", "}", "[", "{]", `{"name":}`, `{"name":"x",}`, `{"name" "x"}`, "nul", "true",
	"123", `"str"`, "[]", `{"a":1}{"b":2}`, "\xff\xfe{}", "{\x00}", strings.Repeat("[", 20000),
	`{"name":"` + strings.Repeat("\\", 3) + `"}`, "<xml/>", "name=x&phone=y"}

// probes builds every hostile request for the routes.
func probes(routes []route, maxBody int) []probe {
	var out []probe
	for _, r := range routes {
		basePath := r.path
		for _, p := range r.pathParams {
			basePath = strings.ReplaceAll(basePath, p, url.PathEscape(r.valid[p]))
		}
		for _, pp := range r.pathParams {
			for i, v := range hostile {
				if v == "" {
					continue
				}
				path := r.path
				for _, other := range r.pathParams {
					val := r.valid[other]
					if other == pp {
						val = v
					}
					path = strings.ReplaceAll(path, other, url.PathEscape(val))
				}
				out = append(out, probe{name: fmt.Sprintf("%s %s %s=hostile[%d]", r.method, r.path, pp, i),
					method: r.method, path: path, reflectedText: v})
			}
		}
		for _, q := range r.params {
			for i, v := range hostile {
				qs := url.Values{}
				for k, val := range r.valid {
					if !strings.HasPrefix(k, "{") {
						qs.Set(k, val)
					}
				}
				qs.Set(q, v)
				out = append(out, probe{name: fmt.Sprintf("%s %s ?%s=hostile[%d]", r.method, r.path, q, i),
					method: r.method, path: basePath + "?" + qs.Encode(), reflectedText: v})
			}
		}
		if r.body == nil {
			continue
		}
		limit := maxBody
		if r.maxBody > 0 {
			limit = r.maxBody
		}
		for i, b := range malformedBodies {
			if b == "" && r.emptyOK {
				continue
			}
			p := probe{name: fmt.Sprintf("%s %s malformed[%d]", r.method, r.path, i),
				method: r.method, path: basePath, body: []byte(b), wantStatus: http.StatusBadRequest, wantCode: "validation"}
			if len(b) > limit {
				p.wantStatus, p.wantCode = http.StatusRequestEntityTooLarge, "too_large"
			}
			out = append(out, p)
		}
		big := []byte(`{"name":"` + strings.Repeat("x", limit) + `"}`)
		out = append(out,
			probe{name: r.path + " oversized", method: r.method, path: basePath, body: big,
				wantStatus: http.StatusRequestEntityTooLarge, wantCode: "too_large"},
			probe{name: r.path + " oversized chunked", method: r.method, path: basePath, body: big, chunked: true,
				wantStatus: http.StatusRequestEntityTooLarge, wantCode: "too_large"})
		for field := range r.body {
			for i, wrong := range []any{123, -1.5, true, []any{"a"}, map[string]any{"$ne": ""}, 1e300} {
				if _, isObject := wrong.(map[string]any); isObject && field == "props" {
					continue // props is an object
				}
				out = append(out, probe{name: fmt.Sprintf("%s %s.%s wrong type %d", r.method, r.path, field, i),
					method: r.method, path: basePath, body: withField(r.body, field, wrong),
					wantStatus: http.StatusBadRequest, wantCode: "validation"})
			}
			if field == "props" {
				continue
			}
			for i, v := range hostile {
				// Once as raw bytes (invalid UTF-8 and control bytes as they are), once as
				// an encoder writes it (NUL as \u0000).
				out = append(out, probe{name: fmt.Sprintf("%s %s.%s=hostile[%d] raw", r.method, r.path, field, i),
					method: r.method, path: basePath, body: rawField(r.body, field, v), allowCreated: true,
					header: []string{"Idempotency-Key", fmt.Sprintf("bad-%s-%d", field, i)}},
					probe{name: fmt.Sprintf("%s %s.%s=hostile[%d] encoded", r.method, r.path, field, i),
						method: r.method, path: basePath, body: withField(r.body, field, v), allowCreated: true,
						header: []string{"Idempotency-Key", fmt.Sprintf("bad-enc-%s-%d", field, i)}})
			}
			out = append(out, probe{name: fmt.Sprintf("%s %s.%s overlong", r.method, r.path, field),
				method: r.method, path: basePath, body: withField(r.body, field, strings.Repeat("Ab ", maxBody/8)),
				allowCreated: ignored[field]})
		}
		if r.path == "/api/appointments" {
			for i, v := range hostile {
				for _, pair := range [][2]string{{"date", "time"}, {"time", "date"}} {
					other := map[string]string{"date": "2026-11-30", "time": "10:00"}[pair[1]]
					m := map[string]any{}
					for k, val := range r.body {
						m[k] = val
					}
					m[pair[1]] = other
					out = append(out, probe{name: fmt.Sprintf("POST /api/appointments %s=hostile[%d] with a valid %s",
						pair[0], i, pair[1]), method: "POST", path: basePath, body: rawField(m, pair[0], v),
						allowCreated: true, header: []string{"Idempotency-Key", fmt.Sprintf("pair-%s-%d", pair[0], i)}})
				}
			}
			for i, key := range []string{strings.Repeat("k", 201), "clé-accentuée", "key with spaces",
				"' OR 1=1--"} {
				out = append(out, probe{name: fmt.Sprintf("Idempotency-Key hostile %d", i), method: "POST", path: basePath,
					body: mustJSON(r.body), header: []string{"Idempotency-Key", key}, wantStatus: http.StatusBadRequest,
					wantCode: "validation"})
			}
		}
		for i, h := range [][]string{{"Accept-Language", "'; DROP TABLE x;--,*;q=abc"}, {"X-Request-ID", "<script>"},
			{"Content-Type", "text/html"}, {"Accept-Language", strings.Repeat("fr-", 2000)}} {
			out = append(out, probe{name: fmt.Sprintf("%s %s header %d", r.method, r.path, i), method: r.method,
				path: basePath, body: mustJSON(r.body), header: h, allowCreated: true})
		}
	}
	return out
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

func withField(body map[string]any, field string, v any) []byte {
	m := map[string]any{}
	for k, val := range body {
		m[k] = val
	}
	m[field] = v
	return mustJSON(m)
}

// rawField sets field to v written verbatim between quotes, so invalid UTF-8 and raw
// control bytes reach the server as they are, not escaped by an encoder.
func rawField(body map[string]any, field string, v string) []byte {
	marker := "\x01MARKER\x01"
	b := withField(body, field, marker)
	esc := strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(v)
	return bytes.Replace(b, mustJSON(marker)[1:len(mustJSON(marker))-1], []byte(esc), 1)
}

// send runs one probe.
func send(base string, p probe) (reply, error) {
	var body io.Reader
	if p.body != nil {
		body = bytes.NewReader(p.body)
		if p.chunked {
			body = io.MultiReader(bytes.NewReader(p.body)) // no length: sent chunked
		}
	}
	req, err := http.NewRequest(p.method, base+p.path, body)
	if err != nil {
		return reply{}, err
	}
	if p.body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(p.header); i += 2 {
		req.Header[http.CanonicalHeaderKey(p.header[i])] = []string{p.header[i+1]}
	}
	res, err := client.Do(req)
	if err != nil {
		return reply{}, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	out := reply{Status: res.StatusCode, Header: res.Header, Raw: raw}
	_ = json.Unmarshal(raw, &out.Body)
	return out, err
}

// sendAll sends the probes four at a time, checks each answer and hands it to then.
func sendAll(t *testing.T, base string, ps []probe, then func(probe, reply)) {
	t.Helper()
	work := make(chan probe)
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range work {
				r, err := send(base, p)
				if err != nil {
					t.Errorf("%s: %v", p.name, err)
					continue
				}
				checkAnswer(t, p, r)
				if then != nil {
					then(p, r)
				}
			}
		}()
	}
	for _, p := range ps {
		work <- p
	}
	close(work)
	wg.Wait()
}

// checkAnswer verifies one probe's answer: never a 5xx; an error is a 4xx with the
// contract's envelope in JSON; nothing is reflected into HTML.
func checkAnswer(t *testing.T, p probe, r reply) {
	t.Helper()
	ct := r.Header.Get("Content-Type")
	switch {
	case r.Status >= 500:
		t.Errorf("%s: %d %s", p.name, r.Status, trim(r.Raw))
		return
	case p.wantStatus != 0 && r.Status != p.wantStatus:
		t.Errorf("%s: status %d, want %d: %s", p.name, r.Status, p.wantStatus, trim(r.Raw))
		return
	case r.Status == http.StatusCreated && !p.allowCreated:
		t.Errorf("%s: accepted (201): %s", p.name, trim(r.Raw))
		return
	}
	if r.Status >= 400 {
		if !strings.HasPrefix(ct, "application/json") {
			t.Errorf("%s: error answered as %q, want JSON", p.name, ct)
		}
		if !knownCodes[r.code()] || r.message() == "" {
			t.Errorf("%s: %d without the contract's envelope: %s", p.name, r.Status, trim(r.Raw))
		}
		if p.wantCode != "" && r.code() != p.wantCode {
			t.Errorf("%s: code %q, want %q", p.name, r.code(), p.wantCode)
		}
	}
	if strings.HasPrefix(r.Header.Get("Content-Type"), "text/html") && len(p.reflectedText) > 3 &&
		bytes.Contains(r.Raw, []byte(p.reflectedText)) {
		t.Errorf("%s: the value is reflected into HTML", p.name)
	}
	if r.Header.Get("Set-Cookie") != "" && strings.Contains(p.name, "hostile") {
		t.Errorf("%s: a header was injected: Set-Cookie %q", p.name, r.Header.Get("Set-Cookie"))
	}
}

func trim(b []byte) string {
	if len(b) > 300 {
		return string(b[:300]) + "…"
	}
	return string(b)
}

// digest fingerprints the tables a hostile request must never change.
func digest(t testing.TB, db *pgxpool.Pool) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, table := range []string{"services", "projects", "settings", "admin_users"} {
		var d string
		if err := db.QueryRow(context.Background(),
			`SELECT coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') FROM `+table+` t`).Scan(&d); err != nil {
			t.Fatalf("%s: %v", table, err)
		}
		out[table] = d
	}
	return out
}

// TestBadInputPublicRoutes sends, to every public route including the chat's, malformed JSON, wrong types, oversized bodies, overlong
// strings, invalid UTF-8, NUL bytes and SQL and script injection in every field, query
// parameter and path parameter of every public route: each answer is a 4xx with the
// envelope (or a 2xx when the value is harmless text), never a 5xx; the catalogue and the
// settings are unchanged; and every booking accepted is stored exactly as answered.
func TestBadInputPublicRoutes(t *testing.T) {
	dbURL := database(t)
	e := baseEnv(t, dbURL)
	e["DOTA_MAX_BODY_BYTES"] = "65536"
	// The chat's budgets would answer most probes 429 (TestChatRateLimits-style tests
	// prove them); here every probe must reach the handlers.
	e["DOTA_CHAT_SESSION_RATE"], e["DOTA_CHAT_IP_RATE"] = "1000000", "1000000"
	e["DOTA_CHAT_IP_OPEN_RATE"] = "1000000"
	srv := startDota(t, e)
	db := pool(t, dbURL)
	before := digest(t, db)
	chat := must(t, "POST", srv.URL+"/api/chat/sessions", map[string]any{"lang": "fr"})
	chatID, _ := chat.Body["session_id"].(string)
	if chat.Status != http.StatusCreated || chatID == "" {
		t.Fatalf("chat: %d %s", chat.Status, chat.Raw)
	}

	ps := probes(publicRoutes(chatID), 65536)
	created := map[string]map[string]any{}
	var mu sync.Mutex
	sendAll(t, srv.URL, ps, func(p probe, r reply) {
		if r.Status == http.StatusCreated && p.path == "/api/appointments" {
			if id, _ := r.Body["id"].(string); id != "" {
				mu.Lock()
				created[id] = r.Body
				mu.Unlock()
			}
		}
	})
	t.Logf("%d hostile requests, %d bookings accepted as plain text", len(ps), len(created))

	after := digest(t, db)
	for table, d := range before {
		if after[table] != d {
			t.Errorf("table %s changed under hostile input", table)
		}
	}
	for id, answered := range created {
		var name, email, message, company, service, sector string
		err := db.QueryRow(context.Background(), `SELECT name, coalesce(email, ''), coalesce(message, ''),
			coalesce(company, ''), coalesce(service, ''), coalesce(sector, '') FROM appointments WHERE id = $1`, id).
			Scan(&name, &email, &message, &company, &service, &sector)
		if err != nil {
			t.Errorf("accepted booking %s: %v", id, err)
			continue
		}
		for field, stored := range map[string]string{"name": name, "email": email, "message": message,
			"company": company, "service": service, "sector": sector} {
			want, _ := answered[field].(string)
			if stored != want {
				t.Errorf("booking %s: %s stored as %q but answered %q", id, field, stored, want)
			}
			if !utf8.ValidString(stored) || strings.ContainsRune(stored, 0) {
				t.Errorf("booking %s: %s stored with invalid text %q", id, field, stored)
			}
		}
	}
}
