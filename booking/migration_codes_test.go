package booking_test

import (
	"context"
	"testing"
)

// TestMigrationMasksTheCodesTheLedgerKept: code messages recorded before the ledger
// masked their code lose it; other subjects stay.
func TestMigrationMasksTheCodesTheLedgerKept(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, migrateUp := beforeMigration(t, 15, nil)
	if _, err := db.Exec(ctx, `INSERT INTO deliveries (kind, recipient, subject) VALUES
		('code', 'a@b.dz', '291398 : votre code Dota'), ('code', 'a@b.dz', ''),
		('waitlist_offer', 'a@b.dz', 'Place libre le 24/11 à 10:00')`); err != nil {
		t.Fatal(err)
	}
	migrateUp()
	var subjects []string
	if err := db.QueryRow(ctx, `SELECT array_agg(subject ORDER BY kind, subject) FROM deliveries`).Scan(&subjects); err != nil {
		t.Fatal(err)
	}
	want := []string{"", "•••••• : votre code Dota", "Place libre le 24/11 à 10:00"}
	if len(subjects) != 3 || subjects[0] != want[0] || subjects[1] != want[1] || subjects[2] != want[2] {
		t.Errorf("subjects %q, want %q", subjects, want)
	}
}
