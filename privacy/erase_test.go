package privacy_test

import (
	"context"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/dota-agency/dota/migrations/testdb"
	"github.com/dota-agency/dota/privacy"
)

var pool *pgxpool.Pool

func TestMain(m *testing.M) {
	os.Exit(testdb.Main(m, "privacy", func(_ context.Context, p *pgxpool.Pool) error {
		pool = p
		return nil
	}))
}

// journal records what an erasure's steps did, in order.
type journal struct{ steps []string }

func (j *journal) add(step string) { j.steps = append(j.steps, step) }

// people is a People that knows one client and notes each step.
type people struct {
	j      *journal
	refuse error
}

func (f people) Person(_ context.Context, clientID string) (privacy.Person, error) {
	return privacy.Person{ClientID: clientID, Name: "Ouardia"}, nil
}

func (f people) ExportPerson(context.Context, privacy.Person) (map[string]any, error) {
	return map[string]any{"client": "Ouardia"}, nil
}

func (f people) ErasePerson(_ context.Context, _ pgx.Tx, clientID string, _ privacy.Request) (
	privacy.Person, map[string]int, func(context.Context), error,
) {
	f.j.add("people erase")
	if f.refuse != nil {
		return privacy.Person{}, nil, nil, f.refuse
	}
	return privacy.Person{ClientID: clientID}, map[string]int{"appointments": 2},
		func(context.Context) { f.j.add("people after") }, nil
}

// part is a Part that notes each step under its name.
func part(j *journal, name string) privacy.Part {
	return privacy.Part{
		Name:   name,
		Export: func(context.Context, privacy.Person) (any, error) { return name + "'s", nil },
		Erase: func(context.Context, pgx.Tx, privacy.Person) (int, func(context.Context), error) {
			j.add("erase " + name)
			return 1, func(context.Context) { j.add("after " + name) }, nil
		},
		Hold: func(context.Context, privacy.Person) (func(context.Context), error) {
			j.add("hold " + name)
			return func(context.Context) { j.add("release " + name) }, nil
		},
	}
}

func client(t *testing.T) string {
	t.Helper()
	var id string
	if err := pool.QueryRow(context.Background(), `INSERT INTO clients (nom, prenom) VALUES ('Benmansour', 'Ouardia')
		RETURNING id::text`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// An erasure holds, then runs one transaction (People's share first, then each part's,
// and its record), then the follow-ups (the parts', then People's), and releases the
// holds last, in the reverse order.
func TestErasureOrder(t *testing.T) {
	ctx := context.Background()
	j := &journal{}
	r := privacy.New(pool, people{j: j})
	r.Register(part(j, "notes"), part(j, "conversations"))
	id := client(t)
	erased, err := r.Erase(ctx, id, privacy.Request{Confirm: "Ouardia", By: "admin@dota.dz"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"hold notes", "hold conversations", "people erase", "erase notes", "erase conversations",
		"after notes", "after conversations", "people after", "release conversations", "release notes"}
	if !slices.Equal(j.steps, want) {
		t.Errorf("steps:\n%s\nwant:\n%s", strings.Join(j.steps, "\n"), strings.Join(want, "\n"))
	}
	if erased["appointments"] != 2 || erased["notes"] != 1 || erased["conversations"] != 1 {
		t.Errorf("counts %v", erased)
	}
	var by, counts string
	if err := pool.QueryRow(ctx, `SELECT erased_by, counts::text FROM erasures WHERE client_id = $1`, id).Scan(&by, &counts); err != nil ||
		by != "admin@dota.dz" || !strings.Contains(counts, `"notes": 1`) {
		t.Errorf("the record: %q %q %v", by, counts, err)
	}
}

// A refused erasure changes nothing, runs no follow-up and still releases the holds.
func TestRefusedErasureReleasesTheHolds(t *testing.T) {
	ctx := context.Background()
	j := &journal{}
	refused := errors.New("appointments ahead")
	r := privacy.New(pool, people{j: j, refuse: refused})
	r.Register(part(j, "notes"), part(j, "conversations"))
	id := client(t)
	if _, err := r.Erase(ctx, id, privacy.Request{}); !errors.Is(err, refused) {
		t.Fatalf("erase: %v", err)
	}
	want := []string{"hold notes", "hold conversations", "people erase", "release conversations", "release notes"}
	if !slices.Equal(j.steps, want) {
		t.Errorf("steps %q, want %q", j.steps, want)
	}
	var n int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM erasures WHERE client_id = $1`, id).Scan(&n); err != nil || n != 0 {
		t.Errorf("%d erasures recorded (%v)", n, err)
	}
}

// The export holds People's sections, each part's, and its time.
func TestExportSections(t *testing.T) {
	r := privacy.New(pool, people{j: &journal{}})
	r.Register(part(&journal{}, "notes"))
	exp, err := r.Export(context.Background(), "c1")
	if err != nil {
		t.Fatal(err)
	}
	b, err := exp.MarshalJSON()
	if err != nil || !strings.Contains(string(b), `"client":"Ouardia"`) || !strings.Contains(string(b), `"notes":"notes's"`) ||
		!strings.Contains(string(b), `"exported_at"`) || exp.ClientID != "c1" {
		t.Errorf("export %s (%v)", b, err)
	}
}
