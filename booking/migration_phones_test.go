package booking_test

import (
	"context"
	"testing"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/migrations/testdb"
)

// TestMigrationBackfillsCanonicalPhones: clients stored before the canonical phone
// columns get them from the migration, as booking.CanonicalPhone writes them for new
// ones; what is no number gets none.
func TestMigrationBackfillsCanonicalPhones(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, migrateUp := beforeMigration(t, 2, nil)
	typed := []string{"0555 33 44 55", "0555-33-44-55", "0555334455", "+213 555 33 44 55", "+213 (0)555 33 44 55",
		"00213 555 33 44 55", "(021) 23 45 67", "+33 6 12 34 56 78", "0770112233"}
	none := []string{"++++++++++", "0000000000", "12", ""}
	for _, p := range append(append([]string{}, typed...), none...) {
		if _, err := db.Exec(ctx, `INSERT INTO clients (nom, prenom, numero_1, numero_2) VALUES ('X', 'Y', $1, $1)`, p); err != nil {
			t.Fatal(err)
		}
	}
	migrateUp()
	rows, err := db.Query(ctx, `SELECT numero_1, coalesce(numero_1_e164, ''), coalesce(numero_2_e164, '') FROM clients`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var p, e1, e2 string
		if err := rows.Scan(&p, &e1, &e2); err != nil {
			t.Fatal(err)
		}
		n++
		want, _ := booking.CanonicalPhone(p)
		if e1 != want || e2 != want {
			t.Errorf("%q backfilled as %q and %q, the application says %q", p, e1, e2, want)
		}
	}
	if err := rows.Err(); err != nil || n != len(typed)+len(none) {
		t.Fatalf("%d clients read back: %v", n, err)
	}
}

// TestMigrationBackfillsCanonicalNumbersEverywhere: the numbers appointments, waitlist
// entries and conversations kept before their canonical columns existed get them from the
// migration, as booking.CanonicalPhone writes them for new ones; what is no number gets
// none.
func TestMigrationBackfillsCanonicalNumbersEverywhere(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, migrateUp := beforeMigration(t, 13, nil)
	typed := []string{"0555 33 44 55", "0555-33-44-55", "+213 555 33 44 55", "+213 (0)555 33 44 55",
		"00213 555 33 44 55", "555 33 44 55", "(021) 23 45 67", "+33 6 12 34 56 78", "++++++++++", "0000000000", "12", ""}
	for i, p := range typed {
		if _, err := db.Exec(ctx, `INSERT INTO appointments (name, phone) VALUES ('X', $1)`, p); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(ctx, `INSERT INTO waitlist (date, time, starts_at, name, email, phone, source)
			VALUES (current_date + $2::int, '10:00', now(), 'X', 'x@y.dz', $1, 'form')`, p, i); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(ctx, `INSERT INTO chat_conversations (session_id, collected)
			VALUES ($1, jsonb_build_object('phone', $2::text))`, testdb.RandomHex(16), p); err != nil {
			t.Fatal(err)
		}
	}
	migrateUp()
	rows, err := db.Query(ctx, `SELECT phone, coalesce(phone_e164, '') FROM appointments
		UNION ALL SELECT phone, coalesce(phone_e164, '') FROM waitlist
		UNION ALL SELECT collected->>'phone', coalesce(phone_e164, '') FROM chat_conversations`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var p, e string
		if err := rows.Scan(&p, &e); err != nil {
			t.Fatal(err)
		}
		n++
		if want, _ := booking.CanonicalPhone(p); e != want {
			t.Errorf("%q backfilled as %q, the application says %q", p, e, want)
		}
	}
	if err := rows.Err(); err != nil || n != 3*len(typed) {
		t.Fatalf("%d numbers read back: %v", n, err)
	}
}
