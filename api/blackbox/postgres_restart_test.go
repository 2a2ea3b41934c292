package blackbox

import (
	"net/http"
	"testing"
	"time"
)

// TestPostgresRestartUnderLoad stops PostgreSQL while visitors book, once cleanly and
// once as in a crash, then starts it again: every 201 is in the database, every failure
// is 503 unavailable, a retry with the same Idempotency-Key never makes a duplicate, and
// bookings succeed again within 5 s of PostgreSQL being back, without restarting dota.
func TestPostgresRestartUnderLoad(t *testing.T) {
	pg := startPostgres(t)
	e := env{"DATABASE_URL": pg.url("dota"), "DOTA_LOG_FORMAT": "json", "DOTA_LOG_LEVEL": "warn"}.withRoomyForms()
	runDota(t, e, "migrate", "up")
	runDota(t, e, "seed") // the form books only the catalogue's services
	rs := startRedis(t)
	e["REDIS_URL"] = rs.url()
	srv := startDota(t, e)
	db := pool(t, pg.url("dota"))

	for _, mode := range []string{"fast", "immediate"} {
		t.Run(mode, func(t *testing.T) {
			load := startLoad(t, srv.URL, 6)
			time.Sleep(1500 * time.Millisecond)
			pg.ctl("stop", mode)
			time.Sleep(1500 * time.Millisecond) // bookings meet a database that is down
			pg.ctl("start", "")
			back := time.Now()
			time.Sleep(6 * time.Second)
			load.stop()
			load.finishPending(srv.URL, 15*time.Second)

			all := load.snapshot()
			t.Log(summary(all))
			var firstAfter time.Time
			var failed int
			for _, a := range all {
				switch {
				case a.Status == http.StatusCreated:
					if a.End.After(back) && (firstAfter.IsZero() || a.End.Before(firstAfter)) {
						firstAfter = a.End
					}
				case a.Status == http.StatusServiceUnavailable && a.Code == "unavailable":
					failed++
					if a.Start.After(back.Add(5 * time.Second)) {
						t.Errorf("booking %s started %s after PostgreSQL was back and still got 503",
							a.Key, a.Start.Sub(back).Round(time.Millisecond))
					}
				default:
					t.Errorf("booking %s: status %d code %q err %q, want 201 or 503 unavailable",
						a.Key, a.Status, a.Code, a.Err)
				}
			}
			if failed == 0 {
				t.Error("no booking met the outage: the test proved nothing")
			}
			if firstAfter.IsZero() || firstAfter.Sub(back) > 5*time.Second {
				t.Errorf("service did not resume within 5 s of PostgreSQL being back (first 201 after %v)",
					firstAfter.Sub(back))
			} else {
				t.Logf("first booking %v after PostgreSQL was back", firstAfter.Sub(back).Round(time.Millisecond))
			}
			checkStored(t, db, load.acknowledged(), load.run)
			if r := must(t, "GET", srv.URL+"/readyz", nil); r.Status != http.StatusOK {
				t.Errorf("readyz after the restart: %d %s", r.Status, r.Raw)
			}
		})
	}
}
