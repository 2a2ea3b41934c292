package blackbox

import (
	"syscall"
	"testing"
	"time"
)

// TestKillUnderLoad kills dota with SIGKILL while visitors book, then starts it again:
// no acknowledged booking is missing, no appointment lacks its client or its
// notification, and clients retrying their unanswered requests with the same
// Idempotency-Key get their booking once.
func TestKillUnderLoad(t *testing.T) {
	dbURL := database(t)
	e := baseEnv(t, dbURL)
	srv := startDota(t, e)
	load := startLoad(t, srv.URL, 6)
	time.Sleep(2 * time.Second)
	srv.signal(syscall.SIGKILL)
	if _, exited := srv.wait(5 * time.Second); !exited {
		t.Fatal("dota survived SIGKILL")
	}
	time.Sleep(300 * time.Millisecond) // the clients meet a dead server
	load.stop()
	killed := load.snapshot()
	t.Log("before the restart: " + summary(killed))

	again := startDota(t, e)
	load.finishPending(again.URL, 15*time.Second)
	all := load.snapshot()
	t.Log("after the restart: " + summary(all))
	for _, a := range all {
		if a.Status != 0 && a.Status != 201 {
			t.Errorf("booking %s: status %d %q, want 201 (or no answer from the killed server)", a.Key, a.Status, a.Code)
		}
	}
	var lost int
	for _, a := range killed {
		if a.Status == 0 {
			lost++
		}
	}
	if lost == 0 {
		t.Log("no request was cut by the kill this time; the acknowledged ones are still checked")
	}
	checkStored(t, pool(t, dbURL), load.acknowledged(), load.run)
}
