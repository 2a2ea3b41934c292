package transcript

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/redis/go-redis/v9"
)

// The transcript writer stores the turns of the transcript's stream (transcript_stream.go)
// in PostgreSQL. Every replica runs one; they read the stream as one consumer group and
// take turns through a lease in Redis, so that one writer at a time stores the turns, in
// the order the stream holds them — a conversation's turns are added under its session's
// lock, so in the order they were taken, whichever replica took them. The lease holder
// reads up to transcriptBatch turns, writes them in one transaction (WriteTurns: one
// round trip for many turns) and acknowledges and removes them once it committed.
//
// A write that fails is tried again, the same turns in the same order, after a delay that
// doubles up to transcriptRetryMax, for as long as it fails: nothing behind it is written
// meanwhile, and nothing is lost. Writing a turn again adds nothing twice (WriteTurns). A
// turn PostgreSQL refuses for its own data is written alone, without an appointment
// deleted since, and given up (logged and counted) only if refused still.
//
// A writer that dies (its replica crashed or was killed) leaves the turns it read
// unacknowledged; its lease expires after transcriptLease, and the next holder claims
// them (XAUTOCLAIM) and writes them before anything else. A writer that stops writes what
// it can and gives the lease up.

// Limits of the transcript writer.
const (
	// transcriptBatch is the most turns one write stores.
	transcriptBatch = 256
	// transcriptLease is how long a writer's lease lasts unless renewed; the holder renews
	// it every third of that while it lives.
	transcriptLease = 3 * time.Second
	// transcriptTick is how often a writer looks for turns another replica added, and for
	// the lease when another holds it.
	transcriptTick = 2 * transcriptPoll
	// The delays between two attempts of a failed write.
	transcriptRetryMin = 100 * time.Millisecond
	transcriptRetryMax = 5 * time.Second
)

// Turn is one turn to store: the conversation as it stands, and its new messages.
type Turn struct {
	Conversation, Session, Lang, Step, Appointment string
	Started                                        time.Time
	Collected                                      Collected
	Change                                         *Change
	Messages                                       []Message
}

type transcriptWriter struct {
	st      *Store
	name    string        // its name in the consumer group, and its token on the lease
	wake    chan struct{} // a turn was added by this replica, or waits
	stop    chan struct{}
	stopped chan struct{}
	once    sync.Once

	// While the lease is held without a break: whether the entries of writers gone were
	// claimed, and whether the writer's own unacknowledged entries may remain.
	claimed, own bool

	mu       sync.Mutex
	progress chan struct{} // closed when the writer removes written turns from the stream
}

func newTranscriptWriter(st *Store) *transcriptWriter {
	w := &transcriptWriter{st: st, name: writerName(), wake: make(chan struct{}, 1), stop: make(chan struct{}),
		stopped: make(chan struct{}), progress: make(chan struct{})}
	go w.run()
	return w
}

// writerName is unique to a writer: a replica restarted is another consumer.
func writerName() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return fmt.Sprintf("writer-%x", b)
}

// poke wakes the writer.
func (w *transcriptWriter) poke() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// progressed returns a channel closed the next time this writer removes turns it wrote.
func (w *transcriptWriter) progressed() <-chan struct{} {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.progress
}

func (w *transcriptWriter) advance() {
	w.mu.Lock()
	close(w.progress)
	w.progress = make(chan struct{})
	w.mu.Unlock()
}

func (w *transcriptWriter) run() {
	defer close(w.stopped)
	tick := time.NewTicker(transcriptTick)
	defer tick.Stop()
	for {
		final := false
		select {
		case <-w.wake:
		case <-tick.C:
		case <-w.stop:
			final = true
		}
		w.drain()
		if final {
			w.resign()
			return
		}
	}
}

// drain writes the stream's turns while this writer holds the lease, until none is left.
func (w *transcriptWriter) drain() {
	ctx, lost := context.WithCancel(context.Background())
	defer lost()
	if !w.lease(ctx) {
		return
	}
	defer w.keep(ctx, lost)()
	for ctx.Err() == nil {
		entries, err := w.next(ctx)
		if err != nil {
			if ctx.Err() == nil {
				transcriptWriteFailures.Inc()
				w.st.log.Warn("chat transcript: reading the stream failed", "err", err)
			}
			return
		}
		if len(entries) == 0 || !w.store(ctx, entries) {
			return
		}
		if err := w.ack(entries); err != nil {
			w.own = true // written again later, harmlessly
			w.st.log.Warn("chat transcript: written turns not acknowledged", "err", err)
			return
		}
	}
}

// leaseScript takes the lease KEYS[1] for ARGV[1] for ARGV[2] ms, or renews it when
// ARGV[1] holds it: 2 when taken, 1 when renewed, 0 when another holds it.
var leaseScript = redis.NewScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then
	redis.call('PEXPIRE', KEYS[1], ARGV[2])
	return 1
end
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 2 end
return 0`)

// LeaseKey names the writers' lease.
func (st *Store) LeaseKey() string { return st.key("transcript", "lease") }

// lease takes or renews the writer's lease and reports whether it holds it.
func (w *transcriptWriter) lease(ctx context.Context) bool {
	n, err := leaseScript.Run(ctx, w.st.rdb, []string{w.st.LeaseKey()}, w.name, transcriptLease.Milliseconds()).Int()
	if err != nil || n == 0 {
		return false
	}
	if n == 2 {
		w.claimed, w.own = false, true
	}
	return true
}

// keep renews the lease while the writer writes, and cancels its work when the lease is
// lost; the function returned stops it.
func (w *transcriptWriter) keep(ctx context.Context, lost context.CancelFunc) func() {
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(transcriptLease / 3)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				n, err := leaseScript.Run(ctx, w.st.rdb, []string{w.st.LeaseKey()}, w.name, transcriptLease.Milliseconds()).Int()
				if err != nil || n != 1 {
					lost()
					return
				}
			}
		}
	}()
	return func() { close(done) }
}

// resignScript deletes the lease KEYS[1] when ARGV[1] holds it.
var resignScript = redis.NewScript(`if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`)

// resign gives the lease up, so another replica's writer takes over at once.
func (w *transcriptWriter) resign() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	resignScript.Run(ctx, w.st.rdb, []string{w.st.LeaseKey()}, w.name)
}

// next reads the turns to write next, in the stream's order: first those writers gone read
// and did not acknowledge (claimed once the lease is taken), then this writer's own
// unacknowledged ones, then new ones.
func (w *transcriptWriter) next(ctx context.Context) ([]redis.XMessage, error) {
	if !w.claimed {
		if exists, err := w.grouped(ctx, func() error { return w.claim(ctx) }); err != nil || !exists {
			return nil, err
		}
		w.claimed = true
	}
	for {
		var msgs []redis.XMessage
		exists, err := w.grouped(ctx, func() error {
			var err error
			msgs, err = w.read(ctx)
			return err
		})
		if err != nil || !exists {
			return nil, err
		}
		if len(msgs) == 0 && w.own {
			w.own = false
			continue
		}
		return msgs, nil
	}
}

// claim makes this writer's the entries other writers read and did not acknowledge (the
// lease says they are gone), and forgets the writers left with none: a replica restarted
// is a new one.
func (w *transcriptWriter) claim(ctx context.Context) error {
	key := w.st.Key()
	for start := "0-0"; ; {
		_, cursor, err := w.st.rdb.XAutoClaim(ctx, &redis.XAutoClaimArgs{Stream: key,
			Group: WritersGroup, Consumer: w.name, Start: start, Count: transcriptBatch}).Result()
		if err != nil {
			return err
		}
		if cursor == "0-0" || cursor == "" {
			break
		}
		start = cursor
	}
	writers, err := w.st.rdb.XInfoConsumers(ctx, key, WritersGroup).Result()
	if err != nil {
		return err
	}
	for _, c := range writers {
		if c.Name != w.name && c.Pending == 0 {
			w.st.rdb.XGroupDelConsumer(ctx, key, WritersGroup, c.Name)
		}
	}
	return nil
}

// read reads this writer's unacknowledged entries while it may have some, else new ones.
func (w *transcriptWriter) read(ctx context.Context) ([]redis.XMessage, error) {
	from := ">"
	if w.own {
		from = "0"
	}
	res, err := w.st.rdb.XReadGroup(ctx, &redis.XReadGroupArgs{Group: WritersGroup, Consumer: w.name,
		Streams: []string{w.st.Key(), from}, Count: transcriptBatch, Block: -1}).Result()
	switch {
	case errors.Is(err, redis.Nil):
		return nil, nil
	case err != nil || len(res) == 0:
		return nil, err
	}
	return res[0].Messages, nil
}

// grouped runs a read of the consumer group and, when the group does not exist, creates it
// and reads again; exists is false when there is no stream: no turn was ever added, or
// the stream was removed.
func (w *transcriptWriter) grouped(ctx context.Context, read func() error) (exists bool, err error) {
	err = read()
	if err == nil || !strings.HasPrefix(err.Error(), "NOGROUP") {
		return true, err
	}
	err = w.st.rdb.XGroupCreate(ctx, w.st.Key(), WritersGroup, "0").Err()
	switch {
	case err == nil, strings.HasPrefix(err.Error(), "BUSYGROUP"):
		return true, read()
	case strings.Contains(err.Error(), "requires the key to exist"):
		return false, nil
	}
	return false, err
}

// store writes the entries' turns, trying again until they are written; false when the
// writer stops or loses its lease first.
func (w *transcriptWriter) store(ctx context.Context, entries []redis.XMessage) bool {
	turns := make([]Turn, 0, len(entries))
	for _, m := range entries {
		raw, _ := m.Values["turn"].(string)
		if raw == "" {
			continue // removed from the stream meanwhile
		}
		t, err := decodeTurn([]byte(raw))
		if err != nil {
			transcriptErrors.Inc()
			w.st.log.Error("chat transcript: an unreadable record given up", "entry", m.ID, "err", err)
			continue
		}
		turns = append(turns, t)
	}
	return w.write(ctx, turns)
}

// write stores turns, trying again with a growing delay while it fails.
func (w *transcriptWriter) write(ctx context.Context, turns []Turn) bool {
	if len(turns) == 0 {
		return true
	}
	for delay := transcriptRetryMin; ; delay = min(2*delay, transcriptRetryMax) {
		err := w.attempt(ctx, turns)
		if err == nil {
			return true
		}
		if ctx.Err() != nil {
			return false
		}
		if refused(err) {
			return w.writeEach(ctx, turns, err)
		}
		transcriptWriteFailures.Inc()
		w.st.log.Warn("chat transcript: storing turns failed; trying again", "turns", len(turns), "in", delay, "err", err)
		select {
		case <-time.After(delay):
		case <-w.stop:
			return false
		case <-ctx.Done():
			return false
		}
	}
}

func (w *transcriptWriter) attempt(ctx context.Context, turns []Turn) error {
	ctx, cancel := context.WithTimeout(ctx, w.st.cfg.DBTimeout)
	defer cancel()
	transcriptWrites.Observe(float64(len(turns)))
	return w.st.WriteTurns(ctx, turns)
}

// writeEach writes turns one at a time after PostgreSQL refused them together: the one it
// refuses alone is written without its appointment when that is gone, or given up.
func (w *transcriptWriter) writeEach(ctx context.Context, turns []Turn, err error) bool {
	if len(turns) > 1 {
		for _, t := range turns {
			if !w.write(ctx, []Turn{t}) {
				return false
			}
		}
		return true
	}
	t := turns[0]
	var pgErr *pgconn.PgError
	if t.Appointment != "" && errors.As(err, &pgErr) && pgErr.Code == "23503" {
		t.Appointment = "" // deleted since: the conversation is not linked to it
		return w.write(ctx, []Turn{t})
	}
	transcriptErrors.Add(float64(len(t.Messages)))
	w.st.log.Error("chat transcript: a turn PostgreSQL refuses given up", "conversation", t.Conversation,
		"messages", len(t.Messages), "err", err)
	return true
}

// refused reports whether PostgreSQL refused the data itself (a data exception or an
// integrity constraint), which no retry changes.
func refused(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && (strings.HasPrefix(pgErr.Code, "22") || strings.HasPrefix(pgErr.Code, "23"))
}

// ack acknowledges written entries and removes them from the stream, in one transaction.
func (w *transcriptWriter) ack(entries []redis.XMessage) error {
	ctx, cancel := context.WithTimeout(context.Background(), w.st.cfg.DBTimeout)
	defer cancel()
	ids := make([]string, len(entries))
	for i, m := range entries {
		ids[i] = m.ID
	}
	key := w.st.Key()
	pipe := w.st.rdb.TxPipeline()
	pipe.XAck(ctx, key, WritersGroup, ids...)
	pipe.XDel(ctx, key, ids...)
	left := pipe.XLen(ctx, key)
	if _, err := pipe.Exec(ctx); err != nil {
		return err
	}
	transcriptBacklog.Set(float64(left.Val()))
	w.advance()
	return nil
}

// close writes what it can of the stream and stops the writer, waiting as long as ctx
// allows; what it leaves stays in the stream for another writer.
func (w *transcriptWriter) close(ctx context.Context) error {
	w.once.Do(func() { close(w.stop) })
	select {
	case <-w.stopped:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Close writes the transcript's stream as far as it can and stops its writer, waiting as
// long as ctx allows; the store must not take turns after it.
func (st *Store) Close(ctx context.Context) error {
	if st.writer == nil {
		return nil
	}
	return st.writer.close(ctx)
}

// Poke wakes the writer: a turn was added to the stream.
func (st *Store) Poke() {
	if st.writer != nil {
		st.writer.poke()
	}
}

// NewUUID returns a random (version 4) UUID: a conversation's id, given on its first turn.
func NewUUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
