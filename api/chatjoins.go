package api

import (
	"context"
)

// chatJoins counts the waitlist joins Dota makes for its visitors in the waitlist form's
// budgets (chatbot.JoinGate): a join in a conversation is the same request as the form's,
// made in other words, so it spends the same budgets of the visitor's address and of the
// contacts it names, and a burst of them is refused as at the form.
type chatJoins struct{ g *formGuard }

// AdmitJoin counts one join from address (an address key, which keys the same budget as
// the address it stands for) and reports whether it may go on: not past a hard limit,
// nor past the address's soft limit, where the form asks for a solved challenge that a
// conversation cannot give. Without Redis, or when it does not answer, the join goes on
// (as the form's request does).
func (j chatJoins) AdmitJoin(ctx context.Context, address, email, phone string) bool {
	const form = "waitlist"
	ds, retry := j.g.tally(ctx, address, form, contactKeys(email, phone), "from", "chat")
	switch {
	case retry > 0:
		formRefusals.WithLabelValues(form, "rate_limited").Inc()
		return false
	case ds == nil:
		return true
	case j.g.limits.PerAddress-ds[0].Remaining > j.g.limits.ChallengeAfter:
		formRefusals.WithLabelValues(form, "challenge").Inc()
		return false
	}
	return true
}
