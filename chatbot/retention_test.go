package chatbot

import (
	"context"
	"testing"
	"time"

	"github.com/dota-agency/dota/booking"
)

// Retention purges the transcripts of conversations that booked nothing once they are
// older than the setting, and nothing else.
func TestRetentionPurgesOnlyOldTranscriptsThatBookedNothing(t *testing.T) {
	ctx := context.Background()
	e, core := newEngine(t, time.Now(), Config{})
	if _, err := pool.Exec(ctx, `UPDATE settings SET transcript_retention_days = 180`); err != nil {
		t.Fatal(err)
	}
	res, err := core.Book(ctx, booking.Request{Name: "Nassim Hadj", Phone: "0555 12 12 12", Source: booking.SourceChat})
	if err != nil {
		t.Fatal(err)
	}
	conv := func(session string, ageDays int, state string, appointment, linked bool) string {
		var id string
		var appt any
		if appointment {
			appt = res.Appointment.ID
		}
		if err := pool.QueryRow(ctx, `INSERT INTO chat_conversations (session_id, appointment_id, state, started_at, updated_at)
			VALUES ($1, $2, $3, now() - make_interval(days => $4), now() - make_interval(days => $4)) RETURNING id`,
			session+newSessionID()[:8], appt, state, ageDays).Scan(&id); err != nil {
			t.Fatal(err)
		}
		if _, err := pool.Exec(ctx, `INSERT INTO chat_messages (conversation_id, sender, text) VALUES ($1, 'user', 'bonjour')`, id); err != nil {
			t.Fatal(err)
		}
		if linked {
			if _, err := pool.Exec(ctx, `INSERT INTO chat_conversation_appointments (conversation_id, appointment_id) VALUES ($1, $2)`,
				id, res.Appointment.ID); err != nil {
				t.Fatal(err)
			}
		}
		return id
	}
	old := conv("old", 200, "bot", false, false)
	booked := conv("booked", 200, "bot", true, false)
	linked := conv("linked", 200, "bot", false, true)
	recent := conv("recent", 170, "bot", false, false)
	waiting := conv("waiting", 200, "waiting", false, false)

	if _, err := e.PurgeTranscripts(ctx); err != nil {
		t.Fatal(err)
	}
	for id, kept := range map[string]bool{old: false, booked: true, linked: true, recent: true, waiting: true} {
		var n int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM chat_messages WHERE conversation_id = $1`, id).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if (n == 1) != kept {
			t.Errorf("conversation %s: %d messages left, kept %v", id, n, kept)
		}
	}
	// A shorter retention reaches the recent one too.
	if _, err := pool.Exec(ctx, `UPDATE settings SET transcript_retention_days = 30`); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _, _ = pool.Exec(ctx, `UPDATE settings SET transcript_retention_days = 180`) })
	if n, err := e.PurgeTranscripts(ctx); err != nil || n != 1 {
		t.Errorf("with 30 days: %d purged, %v", n, err)
	}
}
