package chatbot

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
// is committed. The stream's length is thus the backlog: past Config.TranscriptBacklog, a
// turn waits for room before it is taken, and is refused as unavailable when none comes
// within the database's time-out. A turn that books or hands off is answered once its
// record is written.

// Errors of the transcript's stream; both are ErrUnavailable.
var (
	// ErrTranscriptBacklog refuses a turn while the transcript's backlog stays full.
	ErrTranscriptBacklog = fmt.Errorf("%w: the chat transcript's backlog is full", ErrUnavailable)
	// ErrTranscriptPending says a turn that must be stored before it is answered is not
	// stored yet; it stays in the stream and will be.
	ErrTranscriptPending = fmt.Errorf("%w: the turn is not in the chat transcript yet", ErrUnavailable)
)

// transcriptPoll is how often a replica looks at the stream for what another replica did:
// a writer for entries to write, a turn for its write or for room.
const transcriptPoll = 25 * time.Millisecond

// transcriptKey names the stream; transcriptGroup its consumer group.
func (e *Engine) transcriptKey() string { return e.key("transcript") }

const transcriptGroup = "writers"

// turnRecord is a turn's transcript as the stream holds it.
type turnRecord struct {
	Conversation string          `json:"conversation"`
	Session      string          `json:"session"`
	Lang         string          `json:"lang"`
	Step         string          `json:"step"`
	Appointment  string          `json:"appointment,omitempty"`
	Started      time.Time       `json:"started"`
	Collected    Collected       `json:"collected"`
	Change       *stateChange    `json:"change,omitempty"`
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

func encodeTurn(t transcriptTurn) []byte {
	r := turnRecord{Conversation: t.conversation, Session: t.session, Lang: t.lang, Step: t.step,
		Appointment: t.appointment, Started: t.started, Collected: t.collected, Change: t.change,
		Messages: make([]recordMessage, len(t.msgs))}
	for i, m := range t.msgs {
		r.Messages[i] = recordMessage{Seq: m.seq(), Sender: m.Sender, Text: m.Text, Source: m.Source, Step: m.Step,
			Author: m.Author, At: m.Timestamp, Unanswered: m.Unanswered}
	}
	b, _ := json.Marshal(r) // plain strings, times and booleans: it cannot fail
	return b
}

func decodeTurn(b []byte) (transcriptTurn, error) {
	var r turnRecord
	if err := json.Unmarshal(b, &r); err != nil {
		return transcriptTurn{}, err
	}
	if r.Conversation == "" || r.Session == "" {
		return transcriptTurn{}, errors.New("a transcript record without its conversation")
	}
	t := transcriptTurn{conversation: r.Conversation, session: r.Session, lang: r.Lang, step: r.Step,
		appointment: r.Appointment, started: r.Started, collected: r.Collected, change: r.Change,
		msgs: make([]Message, len(r.Messages))}
	for i, m := range r.Messages {
		t.msgs[i] = Message{ID: strconv.Itoa(m.Seq), Sender: m.Sender, Text: m.Text, Source: m.Source, Step: m.Step,
			Author: m.Author, Timestamp: m.At, Unanswered: m.Unanswered}
	}
	return t, nil
}

// addTurn adds a turn's record to the stream, in the transaction that saves its session.
func (e *Engine) addTurn(ctx context.Context, pipe redis.Pipeliner, record []byte) *redis.StringCmd {
	return pipe.XAdd(ctx, &redis.XAddArgs{Stream: e.transcriptKey(), Values: []any{"turn", record}})
}

// backlog reads the stream's length in a pipeline; nil without a transcript.
func (e *Engine) backlog(ctx context.Context, pipe redis.Pipeliner) *redis.IntCmd {
	if e.db == nil {
		return nil
	}
	return pipe.XLen(ctx, e.transcriptKey())
}

// room lets a turn be taken when the backlog read with it (n) is under the bound, or once
// the writers made room; it refuses the turn (ErrTranscriptBacklog) when no room comes
// within the database's time-out.
func (e *Engine) room(ctx context.Context, n int64) error {
	if e.db == nil {
		return nil
	}
	transcriptBacklog.Set(float64(n))
	if n < int64(e.cfg.TranscriptBacklog) {
		return nil
	}
	deadline := time.Now().Add(e.cfg.DBTimeout)
	for {
		e.transcripts.poke()
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(transcriptPoll):
		}
		n, err := e.rdb.XLen(ctx, e.transcriptKey()).Result()
		if err != nil {
			return unavailable(err)
		}
		transcriptBacklog.Set(float64(n))
		if n < int64(e.cfg.TranscriptBacklog) {
			transcriptBacklogWaits.WithLabelValues("taken").Inc()
			return nil
		}
		if time.Now().After(deadline) {
			transcriptBacklogWaits.WithLabelValues("refused").Inc()
			return ErrTranscriptBacklog
		}
	}
}

// roomNow reads the backlog and waits for room (see room), for a turn that takes no
// session lock: a conversation's first.
func (e *Engine) roomNow(ctx context.Context) error {
	if e.db == nil {
		return nil
	}
	n, err := e.rdb.XLen(ctx, e.transcriptKey()).Result()
	if err != nil {
		return unavailable(err)
	}
	return e.room(ctx, n)
}

// waitWritten waits until the stream's entry id and every entry before it are written
// (gone from the stream), as long as ctx allows.
func (e *Engine) waitWritten(ctx context.Context, id string) error {
	for {
		progress := e.transcripts.progressed()
		e.transcripts.poke()
		left, err := e.rdb.XRangeN(ctx, e.transcriptKey(), "-", id, 1).Result()
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return unavailable(err)
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

// FlushTranscripts waits until every turn added to the transcript's stream so far, by
// any replica, is written to PostgreSQL.
func (e *Engine) FlushTranscripts(ctx context.Context) error {
	if e.db == nil {
		return nil
	}
	last, err := e.rdb.XRevRangeN(ctx, e.transcriptKey(), "+", "-", 1).Result()
	if err != nil {
		return unavailable(err)
	}
	if len(last) == 0 {
		return nil
	}
	return e.waitWritten(ctx, last[0].ID)
}

// written waits, at most the database's time-out, until the turns taken so far are in the
// transcript, before a read that shows it; a failure is logged, and the read shows what
// is stored.
func (e *Engine) written(ctx context.Context) {
	wctx, cancel := context.WithTimeout(ctx, e.cfg.DBTimeout)
	defer cancel()
	if err := e.FlushTranscripts(wctx); err != nil {
		e.log.WarnContext(ctx, "chat transcript: turns not written before a read", "err", err)
	}
}

// stored waits until a turn that must be stored before it is answered is written;
// ErrTranscriptPending when it is not within the database's time-out.
func (e *Engine) stored(ctx context.Context, id string) error {
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), e.cfg.DBTimeout)
	defer cancel()
	err := e.waitWritten(wctx, id)
	if err == nil {
		return nil
	}
	e.log.WarnContext(ctx, "chat transcript: a turn that must be stored is not yet", "entry", id, "err", err)
	if errors.Is(err, ErrUnavailable) {
		return err
	}
	return ErrTranscriptPending
}
