package chatbot

import (
	"context"
	"errors"
	"strconv"
	"time"

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
