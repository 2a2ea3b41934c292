package blackbox

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"

	"github.com/dota-agency/dota/migrations/testdb"
)

// A visitor's turn that was answered is in the transcript, whatever happens to dota or to
// PostgreSQL after the answer: its record is in Redis before the 200 leaves.

// visitor is a conversation a test drives, with every message its visitor saw, in order,
// and whether they wrote in it: a conversation is stored from its visitor's first message,
// so one whose visitor only read the greeting (a kill came first) holds nothing.
type visitor struct {
	id    string
	seen  []string
	wrote bool
}

// begin opens a conversation in French.
func begin(base string) (*visitor, error) {
	r, err := call(client, "POST", base+"/api/chat/sessions", map[string]string{"lang": "fr"})
	if err != nil {
		return nil, err
	}
	id, _ := r.Body["session_id"].(string)
	if id == "" {
		return nil, fmt.Errorf("no conversation: %d %s", r.Status, r.Raw)
	}
	v := &visitor{id: id}
	v.saw(r)
	return v, nil
}

func (v *visitor) saw(r reply) {
	msgs, _ := r.Body["messages"].([]any)
	for _, m := range msgs {
		text, _ := m.(map[string]any)["text"].(string)
		v.seen = append(v.seen, text)
	}
}

// say sends a message; an answered one joins what the visitor saw, with Dota's answer.
func (v *visitor) say(base, text string) error {
	r, err := chatSay(base, v.id, text)
	if err != nil {
		return err
	}
	v.seen = append(v.seen, text)
	v.wrote = true
	v.saw(r)
	return nil
}

// expected is what the visitor's stored transcript must begin with.
func (v *visitor) expected() []string {
	if !v.wrote {
		return nil
	}
	return v.seen
}

// transcriptOf is a conversation's messages as stored, in order.
func transcriptOf(t *testing.T, db *pgxpool.Pool, session string) []string {
	t.Helper()
	var out []string
	if err := db.QueryRow(context.Background(), `SELECT coalesce(array_agg(m.text ORDER BY m.id), '{}')
		FROM chat_messages m JOIN chat_conversations c ON c.id = m.conversation_id WHERE c.session_id = $1`,
		session).Scan(&out); err != nil {
		t.Fatal(err)
	}
	return out
}

// holdsWhatWasSeen reports whether the stored transcript begins with every message the
// visitor saw, in order, none twice: a turn taken but never answered (its answer cut by
// a kill) may follow.
func holdsWhatWasSeen(stored, seen []string) bool {
	return len(stored) >= len(seen) && strings.Join(stored[:len(seen)], "\n") == strings.Join(seen, "\n")
}

// awaitTranscripts waits until every visitor's transcript holds what they saw, and
// reports those whose transcript does not after the wait.
func awaitTranscripts(t *testing.T, db *pgxpool.Pool, visitors []*visitor, wait time.Duration) {
	t.Helper()
	deadline := time.Now().Add(wait)
	for {
		var missing []*visitor
		for _, v := range visitors {
			if !holdsWhatWasSeen(transcriptOf(t, db, v.id), v.expected()) {
				missing = append(missing, v)
			}
		}
		if len(missing) == 0 {
			t.Logf("every transcript complete after %v", time.Since(deadline.Add(-wait)).Round(time.Millisecond))
			return
		}
		if time.Now().After(deadline) {
			for _, v := range missing {
				stored := transcriptOf(t, db, v.id)
				t.Errorf("conversation %s: %d messages stored, its visitor saw %d\nstored: %q\nseen:   %q", v.id,
					len(stored), len(v.seen), stored, v.seen)
			}
			return
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// chatters keep n visitors chatting with Dota until stop is closed, and return them;
// answered counts the turns answered.
func chatters(base string, n int, stop <-chan struct{}, wg *sync.WaitGroup, answered *atomic.Int64) ([]*visitor, error) {
	var out []*visitor
	for i := range n {
		v, err := begin(base)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; ; k++ {
				select {
				case <-stop:
					return
				default:
				}
				if v.say(base, fmt.Sprintf("Quels sont vos tarifs ? (%d-%d)", i, k)) != nil {
					return
				}
				answered.Add(1)
			}
		}()
	}
	return out, nil
}

// TestKillAfterAnswerLosesNoTurn kills dota with SIGKILL right after a visitor's ordinary
// turn is answered, while others chat, three times over, restarting it on the same
// PostgreSQL and Redis each time: every turn any visitor was answered is in the
// transcript once the restarted dota has written what the killed one left.
func TestKillAfterAnswerLosesNoTurn(t *testing.T) {
	dbURL := database(t)
	e := baseEnv(t, dbURL)
	e["DOTA_CHAT_IP_RATE"] = "100000" // every visitor comes from 127.0.0.1
	e["DOTA_CHAT_SESSION_RATE"] = "100000"
	e["DOTA_CHAT_IP_OPEN_RATE"] = "100000"
	opt, err := redis.ParseURL(testdb.RedisURL())
	if err != nil {
		t.Fatal(err)
	}
	rdb := redis.NewClient(opt)
	defer rdb.Close()
	var all []*visitor
	var left int64
	for round := range 3 {
		srv := startDota(t, e)
		stop := make(chan struct{})
		var wg sync.WaitGroup
		others, err := chatters(srv.URL, 6, stop, &wg, new(atomic.Int64))
		if err != nil {
			t.Fatal(err)
		}
		last, err := begin(srv.URL)
		if err != nil {
			t.Fatal(err)
		}
		for k := range 5 {
			time.Sleep(30 * time.Millisecond)
			if err := last.say(srv.URL, fmt.Sprintf("Et vos délais ? (%d-%d)", round, k)); err != nil {
				t.Fatal(err)
			}
		}
		srv.signal(syscall.SIGKILL) // right after the last 200
		close(stop)
		if _, exited := srv.wait(5 * time.Second); !exited {
			t.Fatal("dota survived SIGKILL")
		}
		wg.Wait()
		all = append(append(all, others...), last)
		left += rdb.XLen(context.Background(), e["DOTA_REDIS_PREFIX"]+"chat:transcript").Val()
	}
	// The kills left turns unwritten, or the test proved nothing.
	t.Logf("%d turns were in the stream, not yet written, when dota was killed", left)
	if left == 0 {
		t.Error("every kill found the transcript written: the test did not kill dota mid-write")
	}
	startDota(t, e) // writes what the last killed one left
	awaitTranscripts(t, pool(t, dbURL), all, 30*time.Second)
}

// TestTableLockLosesNoAnsweredTurn locks chat_messages for twelve seconds, longer than a
// transcript write waits (the database time-out, 10 s), while visitors chat: their turns
// are answered meanwhile, and every one is in the transcript, in order, once the lock is
// gone.
func TestTableLockLosesNoAnsweredTurn(t *testing.T) {
	dbURL := database(t)
	e := baseEnv(t, dbURL)
	e["DOTA_CHAT_IP_RATE"] = "100000"
	e["DOTA_CHAT_SESSION_RATE"] = "100000"
	e["DOTA_CHAT_IP_OPEN_RATE"] = "100000"
	srv := startDota(t, e)
	db := pool(t, dbURL)
	ctx := context.Background()

	stop := make(chan struct{})
	var wg sync.WaitGroup
	var answered atomic.Int64
	visitors, err := chatters(srv.URL, 4, stop, &wg, &answered)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	tx, err := db.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if _, err := tx.Exec(ctx, `LOCK TABLE chat_messages IN ACCESS EXCLUSIVE MODE`); err != nil {
		t.Fatal(err)
	}
	before := answered.Load()
	time.Sleep(12 * time.Second)
	during := answered.Load() - before
	if err := tx.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	close(stop)
	wg.Wait()
	if during == 0 {
		t.Fatal("no turn was answered while the table was locked")
	}
	t.Logf("%d turns answered while the table was locked", during)
	awaitTranscripts(t, db, visitors, 30*time.Second)
}
