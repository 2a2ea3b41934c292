package chatbot

import (
	"context"
	"sync"
	"time"
)

// The operations counters are gathered in process and added to Redis's hashes once every
// opsFlushEvery, in one round trip, rather than with every turn: a turn counts without
// writing to Redis, and a busy minute costs a few writes. A replica that stops adds what
// it gathered (Engine.Close); one that crashes loses at most the last interval's counts,
// which the dashboards can spare. A read of the series adds this replica's first.

// opsFlushEvery is how often a replica adds its counts to Redis.
const opsFlushEvery = time.Second

// opsCell is one field of one hash: a counter of a minute or of an hour.
type opsCell struct{ key, field string }

type opsBuffer struct {
	e    *Engine
	mu   sync.Mutex
	sums map[opsCell]int64
	maxs map[opsCell]int64

	flushing sync.Mutex // one write at a time, so counts reach Redis in order
	stop     chan struct{}
	stopped  chan struct{}
	once     sync.Once
}

func newOpsBuffer(e *Engine) *opsBuffer {
	b := &opsBuffer{e: e, sums: map[opsCell]int64{}, maxs: map[opsCell]int64{},
		stop: make(chan struct{}), stopped: make(chan struct{})}
	go b.run()
	return b
}

// add counts one event of each field in the current minute and hour.
func (b *opsBuffer) add(fields ...string) {
	if len(fields) == 0 {
		return
	}
	m, h := b.e.opsKeys()
	b.mu.Lock()
	for _, f := range fields {
		b.sums[opsCell{m, f}]++
		b.sums[opsCell{h, f}]++
	}
	b.mu.Unlock()
}

// max keeps the largest value of field seen in the current minute and hour.
func (b *opsBuffer) max(field string, v int64) {
	m, h := b.e.opsKeys()
	b.mu.Lock()
	for _, c := range []opsCell{{m, field}, {h, field}} {
		if cur, ok := b.maxs[c]; !ok || v > cur {
			b.maxs[c] = v
		}
	}
	b.mu.Unlock()
}

func (b *opsBuffer) run() {
	defer close(b.stopped)
	t := time.NewTicker(opsFlushEvery)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			b.flush(context.Background())
		case <-b.stop:
			b.flush(context.Background())
			return
		}
	}
}

// flush adds what was gathered to Redis. Counts that could not be written are kept for
// the next flush.
func (b *opsBuffer) flush(ctx context.Context) {
	b.flushing.Lock()
	defer b.flushing.Unlock()
	b.mu.Lock()
	sums, maxs := b.sums, b.maxs
	if len(sums) == 0 && len(maxs) == 0 {
		b.mu.Unlock()
		return
	}
	b.sums, b.maxs = map[opsCell]int64{}, map[opsCell]int64{}
	b.mu.Unlock()

	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	keys := map[string]bool{}
	pipe := b.e.rdb.TxPipeline() // all or nothing, so that counts kept for later are not counted twice
	for c, n := range sums {
		pipe.HIncrBy(ctx, c.key, c.field, n)
		keys[c.key] = true
	}
	for c, v := range maxs {
		pipe.Eval(ctx, maxSource, []string{c.key}, c.field, v, int64(opsKeep.Seconds()))
	}
	for k := range keys {
		pipe.Expire(ctx, k, opsKeep)
	}
	if _, err := pipe.Exec(ctx); err != nil {
		b.e.log.Debug("chat ops: counting failed; kept for the next write", "err", err)
		b.mu.Lock()
		for c, n := range sums {
			b.sums[c] += n
		}
		for c, v := range maxs {
			if cur, ok := b.maxs[c]; !ok || v > cur {
				b.maxs[c] = v
			}
		}
		b.mu.Unlock()
	}
}

// close adds what was gathered and stops the writes.
func (b *opsBuffer) close(ctx context.Context) error {
	b.once.Do(func() { close(b.stop) })
	select {
	case <-b.stopped:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
