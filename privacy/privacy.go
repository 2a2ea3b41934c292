// Package privacy runs a person's requests about their personal data (Algeria's law
// 18-07): the export of everything held on them, as one document, and the erasure of
// their data everywhere it is stored, in one transaction. Whom a request is about is
// known by People (booking, over its clients and their appointments); every other package
// that keeps personal data takes part through a Part it registers. privacy owns the
// record of the erasures, without the erased data. It knows nothing of HTTP.
package privacy

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// ErasedName stands for an erased person's name where one is required, and for their
// address or number where another person's text named it.
const ErasedName = "[effacé]"

// Person is whom a request is about: the client, every address and number they are known
// by in the tables, and their appointments.
type Person struct {
	ClientID string
	// Name is the client's name as the console shows it, "prenom nom".
	Name string
	// Emails are lowercased; Phones are in E.164, as every table keeps its numbers beside
	// the numbers as typed: a number is theirs however it was written.
	Emails, Phones []string
	AppointmentIDs []string
}

// People knows whom requests are about, and holds the first share of each.
type People interface {
	// Person reads whom a request about the client is about.
	Person(ctx context.Context, clientID string) (Person, error)
	// ExportPerson returns the sections of the export it holds on p, by name.
	ExportPerson(ctx context.Context, p Person) (map[string]any, error)
	// ErasePerson begins the erasure inside tx: it reads the person again with their rows
	// locked, checks the request, erases its share, and returns the person, its counts by
	// name, and what to do once the transaction committed (nil for nothing).
	ErasePerson(ctx context.Context, tx pgx.Tx, clientID string, req Request) (Person, map[string]int, func(context.Context), error)
}

// Part is a package's share of the requests about a person.
type Part struct {
	// Name is its section of the exported document, and its count in the erasure's.
	Name string
	// Export returns what the package holds on the person.
	Export func(ctx context.Context, p Person) (any, error)
	// Erase removes the person's data from the package's tables inside the request's
	// transaction, and returns how many rows it erased and what to do once it committed
	// (nil for nothing).
	Erase func(ctx context.Context, tx pgx.Tx, p Person) (int, func(context.Context), error)
	// Hold, when set, runs before the erasure's transaction, with the person as they stand
	// then: it keeps what the package writes outside the transaction from bringing the
	// person's data back while the erasure runs (the chat's turns on their way to the
	// transcript), and returns what ends the hold, run once the erasure failed, or
	// committed and every Erase's follow-up ran.
	Hold func(ctx context.Context, p Person) (func(context.Context), error)
}

// Runner runs the requests, safe for concurrent use.
type Runner struct {
	db     *pgxpool.Pool
	people People
	now    func() time.Time

	mu    sync.Mutex
	parts []Part
}

// Option configures a Runner.
type Option func(*Runner)

// WithClock replaces the wall clock, for tests.
func WithClock(now func() time.Time) Option { return func(r *Runner) { r.now = now } }

// New returns the runner of the requests about people, over the database pool that
// holds every part's tables.
func New(db *pgxpool.Pool, people People, opts ...Option) *Runner {
	r := &Runner{db: db, people: people, now: time.Now}
	for _, o := range opts {
		o(r)
	}
	return r
}

// Register makes packages' tables part of every export and erasure.
func (r *Runner) Register(parts ...Part) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.parts = append(r.parts, parts...)
}

func (r *Runner) registered() []Part {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.parts)
}
