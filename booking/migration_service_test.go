package booking_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/catalogue"
)

// TestMigrationStoresServicesBySlug: bookings and waitlist entries written before services
// were stored by slug, naming them in any language and any case, now hold the slug, so
// that one filter finds them all and the dashboard counts one bar per service; a text
// that names no service stays.
func TestMigrationStoresServicesBySlug(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, migrateUp := beforeMigration(t, 22, func(db *pgxpool.Pool) {
		if _, err := catalogue.New(db).Seed(ctx); err != nil {
			t.Fatal(err)
		}
	})
	if _, err := db.Exec(ctx, `INSERT INTO appointments (name, phone, service, status, source) VALUES
		('A', '0555000001', 'Shooting photo et vidéo', 'pending', 'form'),
		('B', '0555000002', 'Photo and video shooting', 'pending', 'form'),
		('C', '0555000003', '  photo AND   video SHOOTING ', 'pending', 'chat'),
		('D', '0555000004', (SELECT name ->> 'ar' FROM services WHERE slug = 'shooting-photo-video'), 'pending', 'form'),
		('E', '0555000005', 'Référencement', 'pending', 'console'),
		('F', '0555000006', NULL, 'pending', 'form');
		INSERT INTO waitlist (date, time, starts_at, name, email, phone, service, source) VALUES
		('2030-01-06', '10:00', '2030-01-06 09:00Z', 'G', 'g@x.dz', '0555000007', 'Web development', 'form')`); err != nil {
		t.Fatal(err)
	}
	migrateUp()
	var got []string
	if err := db.QueryRow(ctx, `SELECT array_agg(coalesce(service, '-') ORDER BY name) FROM appointments`).Scan(&got); err != nil {
		t.Fatal(err)
	}
	want := []string{"shooting-photo-video", "shooting-photo-video", "shooting-photo-video", "shooting-photo-video", "Référencement", "-"}
	if len(got) != len(want) {
		t.Fatalf("services %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("services %q, want %q", got, want)
			break
		}
	}
	var waiting string
	if err := db.QueryRow(ctx, `SELECT service FROM waitlist`).Scan(&waiting); err != nil || waiting != "developpement-web" {
		t.Errorf("waitlist service %q %v, want developpement-web", waiting, err)
	}
	dash, err := booking.New(db).Dashboard(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range dash.ByService {
		if s.Service == "shooting-photo-video" && s.Count != 4 {
			t.Errorf("the dashboard counts %d for the shoot, want one bar of 4: %+v", s.Count, dash.ByService)
		}
	}
}
