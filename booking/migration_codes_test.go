package booking_test

import (
	"context"
	"io"
	"testing"

	"github.com/dota-agency/dota/migrations"
	"github.com/dota-agency/dota/migrations/testdb"
)

// TestMigrationMasksTheCodesTheLedgerKept: code messages recorded before the ledger
// masked their code lose it; other subjects stay.
func TestMigrationMasksTheCodesTheLedgerKept(t *testing.T) {
	ctx := context.Background()
	db, d := testdb.New(t)
	m, err := migrations.Open(d.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	// Back to before 00015, whatever migrations came after it.
	retired := func() bool {
		var ok bool
		if err := db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM information_schema.columns
			WHERE table_name = 'verification_codes' AND column_name = 'retired_at')`).Scan(&ok); err != nil {
			t.Fatal(err)
		}
		return ok
	}
	for retired() {
		if err := m.Down(ctx, io.Discard); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.Exec(ctx, `INSERT INTO deliveries (kind, recipient, subject) VALUES
		('code', 'a@b.dz', '291398 : votre code Dota'), ('code', 'a@b.dz', ''),
		('waitlist_offer', 'a@b.dz', 'Place libre le 24/11 à 10:00')`); err != nil {
		t.Fatal(err)
	}
	if err := m.Up(ctx, io.Discard); err != nil {
		t.Fatal(err)
	}
	var subjects []string
	if err := db.QueryRow(ctx, `SELECT array_agg(subject ORDER BY kind, subject) FROM deliveries`).Scan(&subjects); err != nil {
		t.Fatal(err)
	}
	want := []string{"", "•••••• : votre code Dota", "Place libre le 24/11 à 10:00"}
	if len(subjects) != 3 || subjects[0] != want[0] || subjects[1] != want[1] || subjects[2] != want[2] {
		t.Errorf("subjects %q, want %q", subjects, want)
	}
}
