package chatbot

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"sync"
	"time"
)

// The transcript writer. Each replica keeps one queue of turns to store; one goroutine
// writes whatever is queued in one transaction (writeTurns: one round trip for many
// turns) as soon as the previous write is done, after waiting at most transcriptDelay for
// more to gather, and at once when a turn waits for its write or the queue holds
// transcriptBatch turns. A turn that waits (persist's wait) is confirmed once it and every
// turn queued before it are written; the reads that need the transcript complete on this
// replica (the inbox, a conversation, staff acting on it) flush the queue first. At
// shutdown the queue is written before the process ends (Engine.Close).

// Limits of the transcript writer.
const (
	// transcriptBatch is the most turns one write stores.
	transcriptBatch = 256
	// transcriptDelay is how long the writer waits for more turns before writing.
	transcriptDelay = 5 * time.Millisecond
)

// transcriptTurn is one turn to store: the conversation as it stands, and its new messages.
type transcriptTurn struct {
	conversation, session, lang, step, appointment string
	started                                        time.Time
	collected                                      Collected
	change                                         *stateChange
	msgs                                           []Message
	done                                           chan error // closed with the write's outcome, when waited for
}

type transcriptWriter struct {
	e       *Engine
	mu      sync.Mutex
	pending []transcriptTurn
	urgent  bool          // a turn waits: write without delay
	wake    chan struct{} // a turn was queued
	stop    chan struct{}
	stopped chan struct{}
	once    sync.Once
}

func newTranscriptWriter(e *Engine) *transcriptWriter {
	w := &transcriptWriter{e: e, wake: make(chan struct{}, 1), stop: make(chan struct{}), stopped: make(chan struct{})}
	go w.run()
	return w
}

// queue adds a turn, written soon.
func (w *transcriptWriter) queue(t transcriptTurn) {
	w.mu.Lock()
	w.pending = append(w.pending, t)
	w.urgent = w.urgent || t.done != nil || len(w.pending) >= transcriptBatch
	w.mu.Unlock()
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// queueAndWait adds a turn and waits until it is written, with every turn before it.
func (w *transcriptWriter) queueAndWait(ctx context.Context, t transcriptTurn) error {
	t.done = make(chan error, 1)
	w.queue(t)
	select {
	case err := <-t.done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// flush waits until every turn queued so far is written.
func (w *transcriptWriter) flush(ctx context.Context) error {
	return w.queueAndWait(ctx, transcriptTurn{})
}

func (w *transcriptWriter) run() {
	defer close(w.stopped)
	for {
		select {
		case <-w.wake:
		case <-w.stop:
			w.writeAll()
			return
		}
		w.mu.Lock()
		urgent := w.urgent
		w.mu.Unlock()
		if !urgent {
			select {
			case <-time.After(transcriptDelay):
			case <-w.stop:
			}
		}
		w.writeAll()
	}
}

// writeAll writes the queue, a batch at a time, until it is empty.
func (w *transcriptWriter) writeAll() {
	for {
		w.mu.Lock()
		n := min(len(w.pending), transcriptBatch)
		batch := w.pending[:n:n]
		w.pending = w.pending[n:]
		if len(w.pending) == 0 {
			w.pending, w.urgent = nil, false
		}
		w.mu.Unlock()
		if n == 0 {
			return
		}
		w.write(batch)
	}
}

func (w *transcriptWriter) write(batch []transcriptTurn) {
	turns := make([]transcriptTurn, 0, len(batch))
	msgs := 0
	for _, t := range batch {
		if t.msgs != nil || t.change != nil {
			turns = append(turns, t)
			msgs += len(t.msgs)
		}
	}
	var err error
	if len(turns) > 0 {
		ctx, cancel := context.WithTimeout(context.Background(), w.e.cfg.DBTimeout)
		err = w.e.writeTurns(ctx, turns)
		cancel()
		transcriptWrites.Observe(float64(len(turns)))
		if err != nil {
			transcriptErrors.Add(float64(msgs))
			w.e.log.Warn("chat transcript: storing messages failed", "turns", len(turns), "err", err)
		}
	}
	for _, t := range batch {
		if t.done != nil {
			t.done <- err
		}
	}
}

// close writes what is queued and stops the writer, waiting as long as ctx allows.
func (w *transcriptWriter) close(ctx context.Context) error {
	w.once.Do(func() { close(w.stop) })
	select {
	case <-w.stopped:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// FlushTranscripts waits until every turn this replica has queued is in the transcript.
func (e *Engine) FlushTranscripts(ctx context.Context) error {
	if e.db == nil {
		return nil
	}
	return e.transcripts.flush(ctx)
}

// written waits until the turns this replica queued are in the transcript, before a read
// that shows it; a failure is logged, and the read shows what is stored.
func (e *Engine) written(ctx context.Context) {
	if err := e.FlushTranscripts(ctx); err != nil {
		e.log.WarnContext(ctx, "chat transcript: queued turns not written before a read", "err", err)
	}
}

// Close writes the transcript's queue and the operations counters gathered, and stops
// their writers; the engine must not take turns after it.
func (e *Engine) Close(ctx context.Context) error {
	opsErr := e.ops.close(ctx)
	if e.db == nil {
		return opsErr
	}
	return errors.Join(e.transcripts.close(ctx), opsErr)
}

// newUUID returns a random (version 4) UUID: a conversation's id, given on its first turn.
func newUUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
