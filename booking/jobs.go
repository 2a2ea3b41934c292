package booking

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"
)

// Messages to customers are River jobs (github.com/riverqueue/river): each is inserted in
// the transaction of the change that causes it, next to its row in the ledger
// (deliveries.go), so a crash between the commit and the send loses nothing; every
// replica works them, with retries and back-off. A job names its ledger row and re-checks
// the appointment before sending (deliver.go).

// JobsConfig tunes how this replica works the jobs.
type JobsConfig struct {
	// Workers is how many jobs this replica works at once.
	Workers int
	// RescueAfter is how long a job may stay running before another replica takes it
	// over as crashed; one attempt may take half of it, up to a minute.
	RescueAfter time.Duration
	// RetryBase scales the back-off between attempts: attempt n waits RetryBase·n⁴.
	RetryBase time.Duration
	// Workers adds other packages' job workers (staff alerts, backups) to the one River
	// client, so that every replica works every kind of job.
	AddWorkers []func(*river.Workers) error
	// Periodic are jobs enqueued on a schedule, by one replica at a time (River's leader).
	Periodic []*river.PeriodicJob
}

// Job defaults.
const (
	DefaultJobWorkers     = 10
	DefaultJobRescueAfter = 5 * time.Minute
	DefaultJobRetryBase   = time.Second
	// maxJobTimeout bounds one attempt: rendering, and the SMTP conversation.
	maxJobTimeout = time.Minute
	// maxDeliveryAttempts is how often a message is tried before it is recorded as failed
	// (with the default back-off, about a day and a half).
	maxDeliveryAttempts = 12
)

func (c *JobsConfig) defaults() {
	if c.Workers <= 0 {
		c.Workers = DefaultJobWorkers
	}
	if c.RescueAfter <= 0 {
		c.RescueAfter = DefaultJobRescueAfter
	}
	if c.RetryBase <= 0 {
		c.RetryBase = DefaultJobRetryBase
	}
}

// deliverArgs is the job that sends one row of the ledger.
type deliverArgs struct {
	DeliveryID string `json:"delivery_id"`
}

// Kind names the job in River's tables.
func (deliverArgs) Kind() string { return "deliver" }

// retryPolicy waits base·n⁴ after the n-th failed attempt (1 s, 16 s, 81 s, … with the
// default base), as River's own policy does, with a base tests can shorten.
type retryPolicy struct{ base time.Duration }

func (p retryPolicy) NextRetry(job *rivertype.JobRow) time.Time {
	n := time.Duration(job.Attempt)
	return time.Now().Add(p.base * n * n * n * n)
}

// newJobs builds the River client over the pool: it inserts jobs at once and works them
// once StartJobs is called.
func newJobs(db *pgxpool.Pool, s *Core, cfg JobsConfig) (*river.Client[pgx.Tx], error) {
	cfg.defaults()
	workers := river.NewWorkers()
	if err := river.AddWorkerSafely(workers, &deliverWorker{core: s}); err != nil {
		return nil, err
	}
	if err := river.AddWorkerSafely(workers, &waitlistWorker{core: s}); err != nil {
		return nil, err
	}
	if err := river.AddWorkerSafely(workers, &outcomesDueWorker{core: s}); err != nil {
		return nil, err
	}
	for _, add := range cfg.AddWorkers {
		if err := add(workers); err != nil {
			return nil, err
		}
	}
	return river.NewClient(riverpgxv5.New(db), &river.Config{
		Queues:               map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: cfg.Workers}},
		Workers:              workers,
		PeriodicJobs:         append(slices.Clip(cfg.Periodic), s.outcomesDuePeriodic()),
		JobTimeout:           min(maxJobTimeout, cfg.RescueAfter/2),
		RescueStuckJobsAfter: cfg.RescueAfter,
		MaxAttempts:          maxDeliveryAttempts,
		RetryPolicy:          retryPolicy{base: cfg.RetryBase},
		Logger:               slog.New(quietHandler{s.log.Handler()}),
	})
}

// quietHandler passes on River's warnings and errors only: its routine information
// (clients starting, jobs scheduled) would drown Dota's own log.
type quietHandler struct{ slog.Handler }

func (h quietHandler) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= slog.LevelWarn && h.Handler.Enabled(ctx, l)
}
func (h quietHandler) WithAttrs(a []slog.Attr) slog.Handler {
	return quietHandler{h.Handler.WithAttrs(a)}
}
func (h quietHandler) WithGroup(n string) slog.Handler { return quietHandler{h.Handler.WithGroup(n)} }

// StartJobs makes this replica work the jobs until ctx ends or StopJobs is called.
func (s *Core) StartJobs(ctx context.Context) error { return s.jobs.Start(ctx) }

// Jobs is the River client other packages insert their jobs with, in their own
// transactions (their workers are added through JobsConfig.AddWorkers).
func (s *Core) Jobs() *river.Client[pgx.Tx] { return s.jobs }

// StopJobs lets the jobs being worked finish (as long as ctx allows) and stops.
func (s *Core) StopJobs(ctx context.Context) error { return s.jobs.Stop(ctx) }

// newDelivery is a message a change causes, written to the ledger with its job.
type newDelivery struct {
	Kind        string
	Appointment Appointment
	OldStartsAt *time.Time
	Actor       string // mail.ByCustomer or mail.ByAgency
	DueAt       time.Time
	// Skipped, when set, records the message as skipped for this reason, with no job.
	Skipped string
}

// actorAgency says, in a message, that the agency acted (the customer reads "we");
// ActorCustomer that the customer did.
const actorAgency = "agency"

// enqueue writes the deliveries to the ledger and inserts a job for each one that was
// written and is not skipped, in tx. A reminder already written for the same start is not
// written again (deliveries_reminder_once).
func (s *Core) enqueue(ctx context.Context, tx pgx.Tx, ds []newDelivery) error {
	if len(ds) == 0 {
		return nil
	}
	r := ledgerRowsOf(ds)
	named := r.args()
	named["appointments"] = r.appointments
	args, err := insertLedgerRows.args(named)
	if err != nil {
		return err
	}
	rows, err := tx.Query(ctx, insertLedgerRows.sql, args...)
	if err != nil {
		return fmt.Errorf("deliveries: %w", err)
	}
	var ids []string
	var dues []time.Time
	var (
		id  string
		due time.Time
	)
	if _, err = pgx.ForEachRow(rows, []any{&id, &due}, func() error {
		ids, dues = append(ids, id), append(dues, due)
		return nil
	}); err != nil {
		return fmt.Errorf("deliveries: %w", err)
	}
	return s.queueDeliveries(ctx, tx, ids, dues)
}

// ledgerRows are deliveries as the columns of their ledger rows, but for the appointment.
type ledgerRows struct {
	appointments                                      []string
	kinds, langs, recipients, states, reasons, actors []string
	seqs                                              []int32
	starts, olds, dues                                []*time.Time
}

func ledgerRowsOf(ds []newDelivery) ledgerRows {
	var r ledgerRows
	for _, d := range ds {
		a := d.Appointment
		state := DeliveryScheduled
		if d.Skipped != "" {
			state = DeliverySkipped
		}
		due := d.DueAt
		r.appointments, r.kinds, r.langs = append(r.appointments, a.ID), append(r.kinds, d.Kind), append(r.langs, a.Language)
		r.recipients, r.states, r.reasons = append(r.recipients, a.Email), append(r.states, state), append(r.reasons, d.Skipped)
		r.actors, r.seqs = append(r.actors, d.Actor), append(r.seqs, int32(a.Sequence))
		r.starts, r.olds, r.dues = append(r.starts, a.StartsAt), append(r.olds, d.OldStartsAt), append(r.dues, &due)
	}
	return r
}

// args are the rows' columns but the appointment, named as insertDeliveries reads them.
func (r ledgerRows) args() pgx.NamedArgs {
	return pgx.NamedArgs{
		"delivery_kinds":      r.kinds,
		"delivery_languages":  r.langs,
		"delivery_recipients": r.recipients,
		"delivery_states":     r.states,
		"delivery_reasons":    r.reasons,
		"delivery_actors":     r.actors,
		"delivery_sequences":  r.seqs,
		"delivery_starts":     r.starts,
		"delivery_old_starts": r.olds,
		"delivery_dues":       r.dues,
	}
}

// insertLedgerRows writes the rows of deliveries for other appointments than a booking's,
// each named by its row's appointment, and returns the id and due time of those scheduled.
var insertLedgerRows = named(`WITH d AS (` + insertDeliveries("unnest(@appointments::uuid[])") + `)
	SELECT id, due_at FROM d WHERE scheduled`)

// insertDeliveries is the statement that writes ledger rows: their appointments come
// from appointments (a set-returning expression or column, one per row), their other
// columns from the array parameters of ledgerRows.args, one element a row. It returns
// each written row's id, due time and whether it is scheduled (not skipped).
func insertDeliveries(appointments string) string {
	return `INSERT INTO deliveries (appointment_id, kind, language, recipient, state, reason,
			actor, sequence, starts_at, old_starts_at, due_at)
		SELECT ` + appointments + `, unnest(@delivery_kinds::text[]), unnest(@delivery_languages::text[]),
			unnest(@delivery_recipients::text[]), unnest(@delivery_states::text[]),
			unnest(@delivery_reasons::text[]), unnest(@delivery_actors::text[]),
			unnest(@delivery_sequences::int[]), unnest(@delivery_starts::timestamptz[]),
			unnest(@delivery_old_starts::timestamptz[]), unnest(@delivery_dues::timestamptz[])
		ON CONFLICT DO NOTHING
		RETURNING id, due_at, state = 'scheduled' AS scheduled`
}

// queueDeliveries inserts, in tx, the job of each scheduled delivery: available at once
// when it is due, else at its due time.
func (s *Core) queueDeliveries(ctx context.Context, tx pgx.Tx, ids []string, dues []time.Time) error {
	if len(ids) == 0 {
		return nil
	}
	jobs := make([]river.InsertManyParams, len(ids))
	for i, id := range ids {
		opts := &river.InsertOpts{}
		if dues[i].After(time.Now()) {
			opts.ScheduledAt = dues[i] // else it is available at once, with no wait for the scheduler
		}
		jobs[i] = river.InsertManyParams{Args: deliverArgs{DeliveryID: id}, InsertOpts: opts}
	}
	// One INSERT: a change queues one or two jobs, for which COPY (InsertManyFastTx) costs
	// more round trips than it saves.
	if _, err := s.jobs.InsertManyTx(ctx, tx, jobs); err != nil {
		return fmt.Errorf("deliveries: jobs: %w", err)
	}
	return nil
}

// pipelineTx is a transaction that was begun inside a pipelined batch (Book's) on conn,
// seen as a pgx.Tx so River can insert jobs into it. Commit and Rollback end it.
type pipelineTx struct {
	conn *pgx.Conn
}

var _ pgx.Tx = pipelineTx{}

func (t pipelineTx) Begin(context.Context) (pgx.Tx, error) {
	return nil, errors.New("booking: no nested transaction inside the booking pipeline")
}
func (t pipelineTx) Commit(ctx context.Context) error {
	_, err := t.conn.Exec(ctx, "COMMIT")
	return err
}
func (t pipelineTx) Rollback(ctx context.Context) error {
	_, err := t.conn.Exec(ctx, "ROLLBACK")
	return err
}
func (t pipelineTx) CopyFrom(ctx context.Context, table pgx.Identifier, cols []string, src pgx.CopyFromSource) (int64, error) {
	return t.conn.CopyFrom(ctx, table, cols, src)
}
func (t pipelineTx) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults {
	return t.conn.SendBatch(ctx, b)
}
func (t pipelineTx) LargeObjects() pgx.LargeObjects { return pgx.LargeObjects{} }
func (t pipelineTx) Prepare(ctx context.Context, name, sql string) (*pgconn.StatementDescription, error) {
	return t.conn.Prepare(ctx, name, sql)
}
func (t pipelineTx) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	return t.conn.Exec(ctx, sql, args...)
}
func (t pipelineTx) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	return t.conn.Query(ctx, sql, args...)
}
func (t pipelineTx) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	return t.conn.QueryRow(ctx, sql, args...)
}
func (t pipelineTx) Conn() *pgx.Conn { return t.conn }
