package booking

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// An appointment's e-mail may be corrected by staff. What was sent to the old address
// then belongs to someone else: every manage link sent there stops working and the
// messages still due there are not sent, in the transaction of the change; the new
// address gets a fresh confirmation with its own link (messagesFor).

// ReasonRecipientChanged records a message not sent because the appointment's e-mail
// changed since it was written.
const ReasonRecipientChanged = "recipient_changed"

// errRecipientChanged is a message's recipient that is no longer the appointment's e-mail.
var errRecipientChanged = errors.New("recipient changed")

var (
	// revokeManageTokens deletes every manage link of an appointment.
	revokeManageTokens = `DELETE FROM manage_tokens WHERE appointment_id = $1`
	// skipReaddressed skips an appointment's messages still due to another address than $2.
	skipReaddressed = `UPDATE deliveries SET state = 'skipped', reason = $3, updated_at = now()
		WHERE appointment_id = $1 AND state = 'scheduled' AND lower(recipient) <> $2`
)

// readdressed reports whether changing before into after changes the address messages
// go to.
func readdressed(before, after Appointment) bool {
	return before.ID != "" && NormalizeEmail(before.Email) != NormalizeEmail(after.Email)
}

// readdress withdraws, in tx, what the old address of a holds: its manage links and the
// messages still due there.
func (s *Core) readdress(ctx context.Context, tx pgx.Tx, a Appointment) error {
	if _, err := tx.Exec(ctx, revokeManageTokens, a.ID); err != nil {
		return fmt.Errorf("manage links: %w", err)
	}
	if _, err := tx.Exec(ctx, skipReaddressed, a.ID, NormalizeEmail(a.Email), ReasonRecipientChanged); err != nil {
		return fmt.Errorf("deliveries: %w", err)
	}
	return nil
}
