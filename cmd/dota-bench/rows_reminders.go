package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/dota-agency/dota/booking"
)

// reminderAttempts is booking's maxDeliveryAttempts (booking/jobs.go): River's max_attempts
// of every deliver job.
const reminderAttempts = 12

// seedReminders writes $1 future appointments, each with its reminder in the ledger and
// the River job that sends it, as a booking writes them (booking/deliveries.go, jobs.go): the
// delivery of kind reminder due the reminder lead before the start, and a job of kind
// deliver naming it, scheduled at that time. The appointments spread over a year of days
// from $2, over the slot times $3. Clients, notifications and the confirmations (sent long
// ago, their jobs cleaned away by River) are left out: the row is about what waits.
const seedReminders = `WITH st AS (
		SELECT timezone, make_interval(mins => reminder_lead_minutes) AS lead FROM settings WHERE id = 1
	), a AS (
		INSERT INTO appointments (name, email, phone, service, date, time, message, source, language, starts_at)
		SELECT 'Rappel Bench', 'r' || i || '@bench.test', '+213 77' || lpad((i % 10000000)::text, 7, '0'), 'site-web',
			s.day, s.hhmm, 'Mesure des rappels', 'form', 'fr', (s.day + s.hhmm::time) AT TIME ZONE st.timezone
		FROM generate_series(0, $1 - 1) i, st,
			LATERAL (SELECT $2::date + i % 365 AS day, ($3::text[])[1 + (i / 365) % cardinality($3::text[])] AS hhmm) s
		RETURNING id, email, starts_at
	), d AS (
		INSERT INTO deliveries (appointment_id, kind, language, recipient, actor, sequence, starts_at, due_at)
		SELECT a.id, 'reminder', 'fr', a.email, 'agency', 0, a.starts_at, a.starts_at - st.lead FROM a, st
		RETURNING id, due_at
	)
	INSERT INTO river_job (state, max_attempts, scheduled_at, args, kind)
	SELECT 'scheduled', $4, due_at, jsonb_build_object('delivery_id', id), 'deliver' FROM d`

// memSample is a process's memory at one moment, in MB.
type memSample struct {
	rss  float64 // VmRSS
	heap float64 // HeapInuse right after a collection: the live heap and its spans
}

// memNow collects p's garbage (the heap profile's gc=1), then reads its heap in use and
// its resident set.
func (p *proc) memNow(ctx context.Context) (memSample, error) {
	var m memSample
	body, err := get(ctx, http.DefaultClient, p.pprof+"/debug/pprof/heap?gc=1&debug=1", nil)
	if err != nil {
		return m, err
	}
	for _, l := range strings.Split(string(body), "\n") {
		if v, ok := strings.CutPrefix(l, "# HeapInuse = "); ok {
			var n float64
			if _, err := fmt.Sscan(v, &n); err == nil {
				m.heap = n / (1 << 20)
			}
		}
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.cmd.Process.Pid))
	if err != nil {
		return m, err
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			var kb float64
			if _, err := fmt.Sscan(v, &kb); err == nil {
				m.rss = kb / 1024
			}
		}
	}
	if m.rss == 0 || m.heap == 0 {
		return m, fmt.Errorf("no VmRSS or HeapInuse for dota %s", p.name)
	}
	return m, nil
}

// remindersRow schedules many reminders on a fresh dota process that works the jobs alone,
// and reports its memory and the size of River's table and of the ledger.
func (b *bench) remindersRow(ctx context.Context) row {
	r := row{Name: rowReminders, Unit: "MB heap in use", BaselineName: "same process before the reminders",
		Target: "report: scheduler memory and River's table size for 100k reminders"}
	n, settle := b.sz.reminders, b.sz.reminderSettle
	// Alone, the process is River's leader, which runs the scheduler over the jobs.
	b.env.stopAll()
	started := time.Now()
	p, err := b.env.start(ctx, "r")
	if err != nil {
		r.NotMeasured = "dota: " + err.Error()
		return r
	}
	defer p.stop()
	logf("reminders: %d future appointments with their reminders and River jobs; %v of River before and after", n, settle)
	time.Sleep(settle)
	before, err := p.memNow(ctx)
	if err != nil {
		r.NotMeasured = "memory before: " + err.Error()
		return r
	}
	sizesBefore, err := b.env.relSizes(ctx)
	if err != nil {
		r.NotMeasured = err.Error()
		return r
	}
	// Past the longest reminder lead the settings allow (7 days), so none falls due during the row.
	first := time.Now().In(algiers).AddDate(0, 0, 9).Format(time.DateOnly)
	t := time.Now()
	if _, err := b.env.db.Exec(ctx, seedReminders, n, first, booking.SlotTimes, reminderAttempts); err != nil {
		r.NotMeasured = "seeding the reminders: " + err.Error()
		return r
	}
	seeded := time.Since(t)
	time.Sleep(settle)
	after, err := p.memNow(ctx)
	if err != nil {
		r.NotMeasured = "memory after: " + err.Error()
		return r
	}
	sizes, err := b.env.relSizes(ctx)
	if err != nil {
		r.NotMeasured = err.Error()
		return r
	}
	var scheduled int
	var leader bool
	if err := b.env.db.QueryRow(ctx, `SELECT (SELECT count(*) FROM river_job WHERE kind = 'deliver' AND state = 'scheduled'),
		EXISTS (SELECT 1 FROM river_leader WHERE elected_at >= $1 AND expires_at > now())`, started).Scan(&scheduled, &leader); err != nil {
		r.NotMeasured = err.Error()
		return r
	}
	const mb = 1 << 20
	logf("  RSS %.1f → %.1f MB, heap in use %.1f → %.1f MB; river_job %.1f MB (indexes %.1f MB), deliveries %.1f MB",
		before.rss, after.rss, before.heap, after.heap, float64(sizes.riverJob)/mb, float64(sizes.riverJobIndexes)/mb,
		float64(sizes.deliveries)/mb)
	r.Value, r.Baseline = num(after.heap), num(before.heap)
	r.Ratio = num(ratio(after.heap, before.heap))
	r.add("RSS", after.rss, "MB")
	r.add("RSS before", before.rss, "MB")
	r.add("river_job", float64(sizes.riverJob)/mb, "MB")
	r.add("of which indexes", float64(sizes.riverJobIndexes)/mb, "MB")
	r.add("deliveries", float64(sizes.deliveries)/mb, "MB")
	r.add("river_job per reminder", float64(sizes.riverJob-sizesBefore.riverJob)/float64(n), "bytes")
	r.add("deliveries per reminder", float64(sizes.deliveries-sizesBefore.deliveries)/float64(n), "bytes")
	r.add("jobs scheduled", float64(scheduled), "")
	r.add("seeding", seeded.Seconds(), "s")
	r.Note = fmt.Sprintf("%d future appointments (a year of days from %s) written with one INSERT … SELECT generate_series, "+
		"each with its reminder in the deliveries ledger and its River job of kind deliver, state scheduled, at the "+
		"reminder's due time, as a booking writes them. A fresh dota process works the jobs alone (the others are "+
		"stopped, so it is River's leader and runs its scheduler); its heap in use right after a collection (pprof "+
		"heap, gc=1) and its resident set are read %v after it started and again %v after the seed. The figure is the "+
		"heap, the memory the process holds; RSS lags it both ways, as the runtime returns freed pages to the kernel "+
		"gradually (the start-up's garbage is often still resident at the first reading). River's scheduler moves only "+
		"the jobs that are due, by index, so what waits lives in PostgreSQL, not in the process. "+
		"river_job and deliveries are their total relation sizes (table, TOAST and indexes) at the end, holding the "+
		"earlier rows' rows too; the per-reminder figures are their growth over the seed divided by %d.",
		n, first, settle, settle, n)
	if !leader {
		r.Note += " River's leader table named no leader elected since the process started: its scheduler may not have run."
	}
	return r
}
