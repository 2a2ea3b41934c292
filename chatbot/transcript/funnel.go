package transcript

import (
	"context"

	"github.com/dota-agency/dota/booking"
)

// Funnel counts the stored conversations by how far they went: started, contact
// collected, booked.
func (st *Store) Funnel(ctx context.Context) (booking.ChatFunnel, error) {
	st.Written(ctx)
	var f booking.ChatFunnel
	err := st.db.QueryRow(ctx, `SELECT count(*),
		count(*) FILTER (WHERE last_step = ANY($1) OR appointment_id IS NOT NULL),
		count(*) FILTER (WHERE appointment_id IS NOT NULL) FROM chat_conversations`, st.cfg.ContactSteps).Scan(
		&f.Started, &f.ContactCollected, &f.Booked)
	return f, err
}
