package transcript

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

// The transcript's stream. A turn's transcript record is added to a Redis stream in the
// transaction (MULTI) that saves the session, before the turn is answered: a turn that
// was answered is in the stream, and a replica that dies after answering loses nothing.
// The transcript writers of the replicas read the stream as one consumer group and store
// its turns in PostgreSQL (transcript_writer.go); an entry leaves the stream once its turn
// is committed. The stream's length is thus the backlog: past Config.Backlog, a
// turn waits for room before it is taken, and is refused as unavailable when none comes
// within the database's time-out. A turn that books or hands off is answered once its
// record is written.

// Errors of the transcript's stream; both are ErrUnavailable.
var (
	// ErrBacklog refuses a turn while the transcript's backlog stays full.
	ErrBacklog = fmt.Errorf("%w: the chat transcript's backlog is full", ErrUnavailable)
	// ErrPending says a turn that must be stored before it is answered is not stored yet;
	// it stays in the stream and will be.
	ErrPending = fmt.Errorf("%w: the turn is not in the chat transcript yet", ErrUnavailable)
)

// transcriptPoll is how often a replica looks at the stream for what another replica did:
// a writer for entries to write, a turn for its write or for room.
const transcriptPoll = 25 * time.Millisecond

// Key names the stream; WritersGroup its consumer group.
func (st *Store) Key() string { return st.key("transcript") }

const WritersGroup = "writers"

// turnRecord is a turn's transcript as the stream holds it.
type turnRecord struct {
	Conversation string          `json:"conversation"`
	Session      string          `json:"session"`
	Lang         string          `json:"lang"`
	Step         string          `json:"step"`
	Appointment  string          `json:"appointment,omitempty"`
	Started      time.Time       `json:"started"`
	Collected    Collected       `json:"collected"`
	Change       *Change         `json:"change,omitempty"`
	Messages     []recordMessage `json:"messages"`
}

type recordMessage struct {
	Seq        int       `json:"seq"`
	Sender     string    `json:"sender"`
	Text       string    `json:"text"`
	Source     string    `json:"source,omitempty"`
	Step       string    `json:"step,omitempty"`
	Author     string    `json:"author,omitempty"`
	At         time.Time `json:"at"`
	Unanswered bool      `json:"unanswered,omitempty"`
}

// seq is the message's number in its conversation; 0 when it has none.
func (m Message) seq() int {
	n, _ := strconv.Atoi(m.ID)
	return n
}

// Encode is a turn's record as the stream holds it, for AddTurn.
func Encode(t Turn) []byte {
	r := turnRecord{Conversation: t.Conversation, Session: t.Session, Lang: t.Lang, Step: t.Step,
		Appointment: t.Appointment, Started: t.Started, Collected: t.Collected, Change: t.Change,
		Messages: make([]recordMessage, len(t.Messages))}
	for i, m := range t.Messages {
		r.Messages[i] = recordMessage{Seq: m.seq(), Sender: m.Sender, Text: m.Text, Source: m.Source, Step: m.Step,
			Author: m.Author, At: m.Timestamp, Unanswered: m.Unanswered}
	}
	b, _ := json.Marshal(r) // plain strings, times and booleans: it cannot fail
	return b
}

func decodeTurn(b []byte) (Turn, error) {
	var r turnRecord
	if err := json.Unmarshal(b, &r); err != nil {
		return Turn{}, err
	}
	if r.Conversation == "" || r.Session == "" {
		return Turn{}, errors.New("a transcript record without its conversation")
	}
	t := Turn{Conversation: r.Conversation, Session: r.Session, Lang: r.Lang, Step: r.Step,
		Appointment: r.Appointment, Started: r.Started, Collected: r.Collected, Change: r.Change,
		Messages: make([]Message, len(r.Messages))}
	for i, m := range r.Messages {
		t.Messages[i] = Message{ID: strconv.Itoa(m.Seq), Sender: m.Sender, Text: m.Text, Source: m.Source, Step: m.Step,
			Author: m.Author, Timestamp: m.At, Unanswered: m.Unanswered}
	}
	return t, nil
}

// AddTurn adds a turn's record to the stream, in the transaction that saves its session.
func (st *Store) AddTurn(ctx context.Context, pipe redis.Pipeliner, record []byte) *redis.StringCmd {
	return pipe.XAdd(ctx, &redis.XAddArgs{Stream: st.Key(), Values: []any{"turn", record}})
}

// Backlog reads the stream's length in a pipeline; nil without a transcript.
func (st *Store) Backlog(ctx context.Context, pipe redis.Pipeliner) *redis.IntCmd {
	if st.db == nil {
		return nil
	}
	return pipe.XLen(ctx, st.Key())
}

// Room lets a turn be taken when the backlog read with it (n) is under the bound, or once
// the writers made room; it refuses the turn (ErrBacklog) when no room comes
// within the database's time-out.
func (st *Store) Room(ctx context.Context, n int64) error {
	if st.db == nil {
		return nil
	}
	transcriptBacklog.Set(float64(n))
	if n < int64(st.cfg.Backlog) {
		return nil
	}
	deadline := time.Now().Add(st.cfg.DBTimeout)
	for {
		st.writer.poke()
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(transcriptPoll):
		}
		n, err := st.rdb.XLen(ctx, st.Key()).Result()
		if err != nil {
			return Unavailable(err)
		}
		transcriptBacklog.Set(float64(n))
		if n < int64(st.cfg.Backlog) {
			transcriptBacklogWaits.WithLabelValues("taken").Inc()
			return nil
		}
		if time.Now().After(deadline) {
			transcriptBacklogWaits.WithLabelValues("refused").Inc()
			return ErrBacklog
		}
	}
}

// RoomNow reads the backlog and waits for room (see Room), for a turn that takes no
// session lock: a conversation's first.
func (st *Store) RoomNow(ctx context.Context) error {
	if st.db == nil {
		return nil
	}
	n, err := st.rdb.XLen(ctx, st.Key()).Result()
	if err != nil {
		return Unavailable(err)
	}
	return st.Room(ctx, n)
}

// waitWritten waits until the stream's entry id and every entry before it are written
// (gone from the stream), as long as ctx allows.
func (st *Store) waitWritten(ctx context.Context, id string) error {
	for {
		progress := st.writer.progressed()
		st.writer.poke()
		left, err := st.rdb.XRangeN(ctx, st.Key(), "-", id, 1).Result()
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return Unavailable(err)
		}
		if len(left) == 0 {
			return nil
		}
		select {
		case <-progress:
		case <-time.After(transcriptPoll):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// Flush waits until every turn added to the transcript's stream so far, by
// any replica, is written to PostgreSQL.
func (st *Store) Flush(ctx context.Context) error {
	if st.db == nil {
		return nil
	}
	last, err := st.rdb.XRevRangeN(ctx, st.Key(), "+", "-", 1).Result()
	if err != nil {
		return Unavailable(err)
	}
	if len(last) == 0 {
		return nil
	}
	return st.waitWritten(ctx, last[0].ID)
}

// Written waits, at most the database's time-out, until the turns taken so far are in the
// transcript, before a read that shows it; a failure is logged, and the read shows what
// is stored.
func (st *Store) Written(ctx context.Context) {
	wctx, cancel := context.WithTimeout(ctx, st.cfg.DBTimeout)
	defer cancel()
	if err := st.Flush(wctx); err != nil {
		st.log.WarnContext(ctx, "chat transcript: turns not written before a read", "err", err)
	}
}

// Stored waits until a turn that must be stored before it is answered is written;
// ErrPending when it is not within the database's time-out.
func (st *Store) Stored(ctx context.Context, id string) error {
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), st.cfg.DBTimeout)
	defer cancel()
	err := st.waitWritten(wctx, id)
	if err == nil {
		return nil
	}
	st.log.WarnContext(ctx, "chat transcript: a turn that must be stored is not yet", "entry", id, "err", err)
	if errors.Is(err, ErrUnavailable) {
		return err
	}
	return ErrPending
}
