package blackbox

import (
	"context"
	"fmt"
	"net/http"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/dota-agency/dota/migrations/testdb"
)

// attempt is one booking request of the load and what came of it.
type attempt struct {
	Key        string
	Start, End time.Time
	Status     int    // 0 when the request got no answer
	Code       string // the envelope's code
	ID         string // the appointment's id, on 201
	Replayed   bool
	Err        string
}

// bookingLoad keeps workers booking appointments through the public form, each with its
// own Idempotency-Key, retrying a key after a failure as a careful client would.
type bookingLoad struct {
	t       testing.TB
	url     string
	run     string
	client  *http.Client
	stopped chan struct{}
	wg      sync.WaitGroup

	mu       sync.Mutex
	attempts []attempt
	pending  map[string]bool // keys sent and not yet acknowledged
}

// startLoad starts workers booking against url until stop.
func startLoad(t testing.TB, url string, workers int) *bookingLoad {
	l := &bookingLoad{
		t: t, url: url, run: testdb.RandomHex(4), stopped: make(chan struct{}), pending: map[string]bool{},
		client: &http.Client{Timeout: 20 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: workers}},
	}
	for w := 0; w < workers; w++ {
		l.wg.Add(1)
		go l.worker(w)
	}
	return l
}

// bookingBody is a valid form request, unique to key.
func bookingBody(key string, n int) map[string]any {
	return map[string]any{
		"name": "Client Charge", "email": key + "@load.example", "phone": fmt.Sprintf("055%07d", n),
		"service": "Développement web", "message": "charge " + key,
	}
}

func (l *bookingLoad) worker(w int) {
	defer l.wg.Done()
	for i := 0; ; i++ {
		key := fmt.Sprintf("load-%s-%d-%d", l.run, w, i)
		n := w*1_000_000 + i
		for {
			select {
			case <-l.stopped:
				return
			default:
			}
			if a := l.book(key, n); a.Status == http.StatusCreated {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// book sends one attempt for key and records it.
func (l *bookingLoad) book(key string, n int) attempt {
	a := attempt{Key: key, Start: time.Now()}
	l.mu.Lock()
	if _, seen := l.pending[key]; !seen {
		l.pending[key] = true
	}
	l.mu.Unlock()
	r, err := call(l.client, http.MethodPost, l.url+"/api/appointments", bookingBody(key, n), "Idempotency-Key", key)
	a.End = time.Now()
	if err != nil {
		a.Err = err.Error()
	}
	a.Status, a.Code = r.Status, r.code()
	a.Replayed = r.Header.Get("Idempotent-Replayed") == "true"
	if id, ok := r.Body["id"].(string); ok && r.Status == http.StatusCreated {
		a.ID = id
	}
	l.mu.Lock()
	l.attempts = append(l.attempts, a)
	if a.Status == http.StatusCreated {
		delete(l.pending, key)
	}
	l.mu.Unlock()
	return a
}

// stop ends the workers and waits for them.
func (l *bookingLoad) stop() {
	close(l.stopped)
	l.wg.Wait()
}

// snapshot returns every attempt so far, in start order.
func (l *bookingLoad) snapshot() []attempt {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := append([]attempt(nil), l.attempts...)
	sort.Slice(out, func(i, j int) bool { return out[i].Start.Before(out[j].Start) })
	return out
}

// finishPending retries every key sent but never acknowledged until it is, as a client
// that keeps its Idempotency-Key would after the outage.
func (l *bookingLoad) finishPending(url string, timeout time.Duration) {
	l.t.Helper()
	l.mu.Lock()
	keys := make([]string, 0, len(l.pending))
	for k := range l.pending {
		keys = append(keys, k)
	}
	l.mu.Unlock()
	l.url = url
	deadline := time.Now().Add(timeout)
	for _, k := range keys {
		var n int
		var w, i int
		_, _ = fmt.Sscanf(k[len("load-"+l.run+"-"):], "%d-%d", &w, &i)
		n = w*1_000_000 + i
		for {
			a := l.book(k, n)
			if a.Status == http.StatusCreated {
				break
			}
			if time.Now().After(deadline) {
				l.t.Fatalf("key %s still not booked after the outage: %d %s %s", k, a.Status, a.Code, a.Err)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
}

// acknowledged maps each key answered 201 to its appointment id.
func (l *bookingLoad) acknowledged() map[string]string {
	out := map[string]string{}
	for _, a := range l.snapshot() {
		if a.Status == http.StatusCreated {
			if prev, ok := out[a.Key]; ok && prev != a.ID {
				l.t.Errorf("key %s answered two appointments: %s and %s", a.Key, prev, a.ID)
			}
			out[a.Key] = a.ID
		}
	}
	return out
}

// summary counts the attempts by outcome, for logs.
func summary(as []attempt) string {
	counts := map[string]int{}
	for _, a := range as {
		switch {
		case a.Err != "" && a.Status == 0:
			counts["no answer"]++
		case a.Replayed:
			counts[fmt.Sprintf("%d replayed", a.Status)]++
		default:
			counts[fmt.Sprintf("%d %s", a.Status, a.Code)]++
		}
	}
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	s := fmt.Sprintf("%d attempts:", len(as))
	for _, k := range keys {
		s += fmt.Sprintf(" %s×%d", k, counts[k])
	}
	return s
}

// checkStored proves that every acknowledged booking is stored once, under its key, with
// its client and its notification, and that no key made two appointments.
func checkStored(t testing.TB, db *pgxpool.Pool, acked map[string]string, run string) {
	t.Helper()
	ctx := context.Background()
	rows, err := db.Query(ctx, `SELECT a.idempotency_key, a.id::text, count(*) OVER (PARTITION BY a.idempotency_key),
			a.client_id IS NOT NULL AND EXISTS (SELECT 1 FROM clients c WHERE c.id = a.client_id),
			(SELECT count(*) FROM notifications n WHERE n.appointment_id = a.id)
		FROM appointments a WHERE a.idempotency_key LIKE $1`, "load-"+run+"-%")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	stored := map[string]string{}
	for rows.Next() {
		var key, id string
		var perKey, notes int
		var hasClient bool
		if err := rows.Scan(&key, &id, &perKey, &hasClient, &notes); err != nil {
			t.Fatal(err)
		}
		stored[key] = id
		if perKey != 1 {
			t.Errorf("key %s made %d appointments", key, perKey)
		}
		if !hasClient {
			t.Errorf("appointment %s has no client", id)
		}
		if notes != 1 {
			t.Errorf("appointment %s has %d notifications, want 1", id, notes)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	for key, id := range acked {
		if got, ok := stored[key]; !ok {
			t.Errorf("acknowledged booking %s (%s) is not in the database", key, id)
		} else if got != id {
			t.Errorf("acknowledged booking %s answered %s but %s is stored", key, id, got)
		}
	}
	var orphans int
	if err := db.QueryRow(ctx, `SELECT count(*) FROM appointments a WHERE a.client_id IS NULL
		OR NOT EXISTS (SELECT 1 FROM notifications n WHERE n.appointment_id = a.id)`).Scan(&orphans); err != nil {
		t.Fatal(err)
	}
	if orphans > 0 {
		t.Errorf("%d appointments lack their client or their notification", orphans)
	}
}
