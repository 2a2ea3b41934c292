package api

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/dota-agency/dota/migrations/testdb"
	"github.com/dota-agency/dota/ratelimit"
)

// TestChatJoinsShareTheFormBudgets: a join in a conversation, which knows its visitor by
// their address key, spends the budgets a form request from that address spends, IPv6
// by its /64 alike; and the contacts' budgets, however the contacts are typed.
func TestChatJoinsShareTheFormBudgets(t *testing.T) {
	rdb, prefix := testdb.Redis(t)
	g := newFormGuard(rdb, prefix, FormLimits{Window: time.Hour, PerAddress: 3, ChallengeAfter: 100, PerContact: 2},
		slog.New(slog.NewTextHandler(io.Discard, nil)))
	joins := chatJoins{g: g}
	ctx := context.Background()
	for i, email := range []string{"a@join.example", "b@join.example"} {
		if !joins.AdmitJoin(ctx, ratelimit.AddressKey("2001:db8:1:2::10"), email, "") {
			t.Fatalf("join %d within the budget refused", i)
		}
	}
	// The form, from another address of the same /64, has one request left.
	if _, retry := g.tally(ctx, "2001:db8:1:2::99", "waitlist", nil); retry != 0 {
		t.Fatal("the form's third request refused")
	}
	if joins.AdmitJoin(ctx, ratelimit.AddressKey("2001:db8:1:2::10"), "c@join.example", "") {
		t.Error("a fourth join from the /64 admitted")
	}
	// Per contact: an address elsewhere, an e-mail already named twice (once by the form).
	if _, retry := g.tally(ctx, "192.0.2.7", "waitlist", contactKeys(" Pat@Join.example", "")); retry != 0 {
		t.Fatal("the contact's first request refused")
	}
	if !joins.AdmitJoin(ctx, "192.0.2.8", "pat@join.example", "") {
		t.Fatal("the contact's second request refused")
	}
	if joins.AdmitJoin(ctx, "192.0.2.9", "PAT@join.example", "") {
		t.Error("the contact's third request admitted")
	}
}
