package chatbot

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promauto"
	"github.com/redis/go-redis/v9"
)

// The operations series are counted in Redis, in one hash per minute and one per hour
// shared by every replica, so the console can chart them without a Prometheus server.
const (
	opsKeep = 8 * 24 * time.Hour
)

// latencyBoundsMs are the upper bounds of the AI latency buckets, in milliseconds; the
// last bucket holds everything slower.
var latencyBoundsMs = []int64{100, 250, 500, 1000, 2000, 3000, 5000, 8000, 12000, 15000, 30000}

// OpsPoint is one interval of the operations series.
type OpsPoint struct {
	Time             time.Time        `json:"t"`
	Messages         map[string]int64 `json:"messages"` // by answer source: rule, ai, cache, fallback
	AIRequests       int64            `json:"ai_requests"`
	AIFailures       int64            `json:"ai_failures"`
	Fallbacks        int64            `json:"fallbacks"`
	AILatencyP50Ms   int64            `json:"ai_latency_p50_ms"`
	AILatencyP95Ms   int64            `json:"ai_latency_p95_ms"`
	QueueDepthMax    int64            `json:"queue_depth_max"`
	RateLimited      int64            `json:"rate_limited"`
	Started          int64            `json:"conversations_started"`
	ContactCollected int64            `json:"contact_collected"`
	Booked           int64            `json:"booked"`
	latency          []int64
}

// OpsReport is the series of one window, oldest point first, with the window's totals.
type OpsReport struct {
	Window      string     `json:"window"`
	StepSeconds int        `json:"step_seconds"`
	From        time.Time  `json:"from"`
	To          time.Time  `json:"to"`
	Points      []OpsPoint `json:"points"`
	Totals      OpsPoint   `json:"totals"`
}

// ErrBadWindow is returned by Ops for a window other than 1h, 24h or 7d.
var ErrBadWindow = errors.New("window must be 1h, 24h or 7d")

// Ops returns the chat and AI series for the window 1h (one point a minute), 24h (one an
// hour) or 7d (one an hour).
func (e *Engine) Ops(ctx context.Context, window string) (OpsReport, error) {
	var n int
	var step time.Duration
	var unit string
	switch window {
	case "1h":
		n, step, unit = 60, time.Minute, "m"
	case "24h":
		n, step, unit = 24, time.Hour, "h"
	case "7d":
		n, step, unit = 168, time.Hour, "h"
	default:
		return OpsReport{}, ErrBadWindow
	}
	e.ops.flush(ctx) // this replica's counts so far
	end := e.now().UTC().Truncate(step)
	start := end.Add(-time.Duration(n-1) * step)
	pipe := e.rdb.Pipeline()
	cmds := make([]*redis.MapStringStringCmd, n)
	for i := range n {
		cmds[i] = pipe.HGetAll(ctx, e.opsKey(unit, start.Add(time.Duration(i)*step)))
	}
	if _, err := pipe.Exec(ctx); err != nil && !errors.Is(err, redis.Nil) {
		return OpsReport{}, unavailable(err)
	}
	rep := OpsReport{Window: window, StepSeconds: int(step.Seconds()), From: start, To: end.Add(step),
		Points: make([]OpsPoint, n), Totals: newPoint(time.Time{})}
	for i, c := range cmds {
		p := newPoint(start.Add(time.Duration(i) * step))
		for f, v := range c.Val() {
			x, _ := strconv.ParseInt(v, 10, 64)
			p.add(f, x)
			rep.Totals.add(f, x)
		}
		p.percentiles()
		rep.Points[i] = p
	}
	rep.Totals.percentiles()
	return rep, nil
}

func newPoint(t time.Time) OpsPoint {
	return OpsPoint{Time: t, Messages: map[string]int64{SourceRule: 0, SourceAI: 0, SourceCache: 0, SourceFallback: 0},
		latency: make([]int64, len(latencyBoundsMs)+1)}
}

func (p *OpsPoint) add(field string, v int64) {
	switch field {
	case "msg_" + SourceRule, "msg_" + SourceAI, "msg_" + SourceCache, "msg_" + SourceFallback:
		p.Messages[field[4:]] += v
		if field == "msg_"+SourceFallback {
			p.Fallbacks += v
		}
	case "ai_ok":
		p.AIRequests += v
	case "ai_fail":
		p.AIRequests += v
		p.AIFailures += v
	case "queue_max":
		p.QueueDepthMax = max(p.QueueDepthMax, v)
	case "rate_limited":
		p.RateLimited += v
	case "funnel_started":
		p.Started += v
	case "funnel_contact":
		p.ContactCollected += v
	case "funnel_booked":
		p.Booked += v
	default:
		if len(field) > 4 && field[:4] == "lat_" {
			if i, err := strconv.Atoi(field[4:]); err == nil && i >= 0 && i < len(p.latency) {
				p.latency[i] += v
			}
		}
	}
}

// percentiles reads p50 and p95 from the latency buckets: the upper bound of the bucket
// where the quantile falls.
func (p *OpsPoint) percentiles() {
	var total int64
	for _, c := range p.latency {
		total += c
	}
	if total == 0 {
		return
	}
	q := func(f float64) int64 {
		need := int64(f*float64(total) + 0.999999)
		var seen int64
		for i, c := range p.latency {
			seen += c
			if seen >= need {
				if i < len(latencyBoundsMs) {
					return latencyBoundsMs[i]
				}
				return latencyBoundsMs[len(latencyBoundsMs)-1] * 2
			}
		}
		return 0
	}
	p.AILatencyP50Ms, p.AILatencyP95Ms = q(0.50), q(0.95)
}

func (e *Engine) opsKey(unit string, t time.Time) string {
	return e.key("ops", unit, strconv.FormatInt(t.Unix(), 10))
}

func (e *Engine) opsKeys() (minute, hour string) {
	t := e.now().UTC()
	return e.opsKey("m", t.Truncate(time.Minute)), e.opsKey("h", t.Truncate(time.Hour))
}

// opsIncr counts one event of each field in the current minute and hour (ops_buffer.go).
func (e *Engine) opsIncr(fields ...string) { e.ops.add(fields...) }

func (e *Engine) opsLatency(d time.Duration) {
	i := len(latencyBoundsMs)
	for j, b := range latencyBoundsMs {
		if d.Milliseconds() <= b {
			i = j
			break
		}
	}
	e.opsIncr("lat_" + strconv.Itoa(i))
}

// maxSource keeps the largest value of a field of each hash in KEYS: ARGV holds the
// field, the value and the hashes' time to live in seconds.
const maxSource = `
for _, k in ipairs(KEYS) do
  local cur = tonumber(redis.call('HGET', k, ARGV[1]) or '-1')
  if tonumber(ARGV[2]) > cur then redis.call('HSET', k, ARGV[1], ARGV[2]) end
  redis.call('EXPIRE', k, ARGV[3])
end
return 1`

// opsMax keeps the largest value of field seen in the current minute and hour.
func (e *Engine) opsMax(field string, v int64) { e.ops.max(field, v) }

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

var (
	chatMessages = promauto.NewCounterVec(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "chat", Name: "messages_total",
		Help: "Bot answers to chat messages, by language and answer source (rule, ai, cache, fallback).",
	}, []string{"lang", "source"})
	flowTransitions = promauto.NewCounterVec(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "chat", Name: "flow_transitions_total",
		Help: "Moves of the conversation from one step to another.",
	}, []string{"from", "to"})
	bookingsCompleted = promauto.NewCounter(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "chat", Name: "bookings_completed_total",
		Help: "Appointments booked through the chat.",
	})
	bookingsAbandoned = promauto.NewCounterVec(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "chat", Name: "bookings_abandoned_total",
		Help: "Booking flows cancelled or restarted by the visitor, by the step they were at.",
	}, []string{"step"})
	bookingFailures = promauto.NewCounterVec(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "chat", Name: "booking_failures_total",
		Help: "Chat bookings that could not be saved, by reason (slot_taken, slot_closed, invalid, error).",
	}, []string{"reason"})
	aiQueueDepth = promauto.NewGauge(prometheus.GaugeOpts{
		Namespace: "dota", Subsystem: "ai", Name: "queue_depth",
		Help: "AI calls waiting ahead of the latest one in the shared queue.",
	})
	rateLimited = promauto.NewCounterVec(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "chat", Name: "rate_limited_total",
		Help: "Chat requests refused by a rate limit, by scope (ip, session, stream).",
	}, []string{"scope"})
	cacheLookups = promauto.NewCounterVec(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "chat", Name: "cache_lookups_total",
		Help: "Chat cache lookups, by cache (reply, catalogue) and result (hit, miss, stale).",
	}, []string{"cache", "result"})
	handoffsStarted = promauto.NewCounterVec(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "handoff", Name: "started_total",
		Help: "Conversations handed to staff, by reason (asked, failures, callback).",
	}, []string{"reason"})
	handoffsTaken = promauto.NewCounter(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "handoff", Name: "taken_total",
		Help: "Waiting conversations a staff member took.",
	})
	handoffsTimedOut = promauto.NewCounter(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "handoff", Name: "timed_out_total",
		Help: "Waiting conversations nobody took within the hand-off timeout: Dota took them back.",
	})
	handoffsReleased = promauto.NewCounter(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "handoff", Name: "released_total",
		Help: "Conversations staff handed back to Dota.",
	})
	handoffRatings = promauto.NewCounterVec(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "handoff", Name: "ratings_total",
		Help: "Visitors' answers to whether the staff member who held their conversation helped, by answer.",
	}, []string{"answer"})
	handoffsTakenOver = promauto.NewCounter(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "handoff", Name: "taken_over_total",
		Help: "Conversations a staff member took over from another.",
	})
	handoffsStaffAway = promauto.NewCounterVec(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "handoff", Name: "staff_away_total",
		Help: "Conversations Dota took back from the staff member holding them, by reason (idle: silent for staff_idle_release_minutes; gone: account deactivated or deleted).",
	}, []string{"reason"})
	handoffFirstReply = promauto.NewHistogram(prometheus.HistogramOpts{
		Namespace: "dota", Subsystem: "handoff", Name: "first_reply_seconds",
		Help:    "Time from a hand-off to the first staff answer.",
		Buckets: []float64{5, 10, 20, 30, 45, 60, 90, 120, 180, 300, 600},
	})
	handoffWaiting = promauto.NewGauge(prometheus.GaugeOpts{
		Namespace: "dota", Subsystem: "handoff", Name: "waiting",
		Help: "Visitors waiting for a person now.",
	})
	handoffOldestWait = promauto.NewGauge(prometheus.GaugeOpts{
		Namespace: "dota", Subsystem: "handoff", Name: "oldest_wait_seconds",
		Help: "How long the visitor who has waited longest for a person has waited.",
	})
	chatStreams = promauto.NewGauge(prometheus.GaugeOpts{
		Namespace: "dota", Subsystem: "chat", Name: "streams",
		Help: "Visitors' event streams open on this replica.",
	})
)

func init() {
	// Every reason is exported from the start, so dashboards and alerts see zeros, not gaps.
	for _, r := range []string{ReasonAsked, ReasonFailures, ReasonCallback} {
		handoffsStarted.WithLabelValues(r)
	}
	for _, r := range []string{awayIdle, awayGone} {
		handoffsStaffAway.WithLabelValues(r)
	}
}
