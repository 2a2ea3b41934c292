package chatbot

import (
	"context"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/redis/go-redis/v9"

	"github.com/dota-agency/dota/booking"
)

// Dota takes conversations back from staff: those nobody took within the hand-off
// timeout, those whose holder has been silent for the settings' staff_idle_release_minutes,
// and those of a staff member whose account was deactivated or deleted. The visitor is
// told each time. RunHandoffTimer sweeps the first two every second on every replica.

// waitingRange selects the conversations waiting since before cutoff, a batch at a time.
func waitingRange(key string, cutoff time.Time) redis.ZRangeArgs {
	return redis.ZRangeArgs{Key: key, Start: "-inf", Stop: strconv.FormatInt(cutoff.UnixMilli(), 10), ByScore: true,
		Count: 50}
}

// ExpireHandoffs gives back to Dota every conversation whose visitor waited for a person
// longer than the hand-off timeout, telling the visitor; RunHandoffTimer calls it every
// second on every replica, and a conversation is given back once. It returns how many
// were given back.
func (e *Engine) ExpireHandoffs(ctx context.Context) (int, error) {
	timeout := e.handoffTimeout(ctx)
	now := e.now()
	due, err := e.rdb.ZRangeArgs(ctx, waitingRange(e.key("waiting"), now.Add(-timeout))).Result()
	if err != nil {
		return 0, unavailable(err)
	}
	n := 0
	for _, sid := range due {
		err := e.locked(ctx, sid, func(t *turn) error {
			if t == nil || t.s.Handoff == nil || t.s.Handoff.State != HandoffWaiting ||
				now.Before(t.s.Handoff.Since.Add(timeout)) {
				return nil
			}
			handoffsTimedOut.Inc()
			t.touched = true
			t.resume("handoff_timeout")
			n++
			return nil
		})
		if err != nil {
			return n, err
		}
		e.rdb.ZRem(ctx, e.key("waiting"), sid)
	}
	e.measureWaiting(ctx, now)
	return n, nil
}

// RunHandoffTimer expires hand-offs and gives back the conversations of silent staff
// every second until ctx ends.
func (e *Engine) RunHandoffTimer(ctx context.Context) {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		if _, err := e.ExpireHandoffs(ctx); err != nil && ctx.Err() == nil {
			e.log.WarnContext(ctx, "chat: expiring hand-offs failed", "err", err)
		}
		if _, err := e.ReleaseIdle(ctx); err != nil && ctx.Err() == nil {
			e.log.WarnContext(ctx, "chat: giving back the conversations of silent staff failed", "err", err)
		}
	}
}

// Why Dota took a conversation back from the staff member holding it.
const (
	awayIdle = "idle" // they were silent for staff_idle_release_minutes
	awayGone = "gone" // their account was deactivated or deleted
)

// heldBatch bounds the conversations one sweep gives back; the next sweep takes the rest.
const heldBatch = 50

// ReleaseIdle gives back to Dota every conversation whose holder has not written in it
// (nor taken it) for the settings' staff_idle_release_minutes, telling the visitor; a
// conversation is given back once. It returns how many were given back.
func (e *Engine) ReleaseIdle(ctx context.Context) (int, error) {
	if !e.transcripts.Kept() {
		return 0, nil
	}
	// No flush of the transcript's queue here, every second: taking a conversation and
	// answering in it are written before they return.
	cutoff := e.now().Add(-e.staffIdle(ctx))
	ids, agents, err := e.transcripts.IdleHeld(ctx, cutoff, heldBatch)
	if err != nil {
		return 0, err
	}
	n := 0
	for i := range ids {
		ok, err := e.giveBack(ctx, ids[i], agents[i], &cutoff, awayIdle)
		if err != nil {
			return n, err
		}
		if ok {
			n++
		}
	}
	return n, nil
}

// ReleaseAgent gives back to Dota every conversation the staff member holds, telling each
// visitor: their account was deactivated or deleted. It returns how many were given back.
func (e *Engine) ReleaseAgent(ctx context.Context, agentID string) (int, error) {
	if !e.transcripts.Kept() || !booking.IsUUID(agentID) {
		return 0, nil
	}
	e.transcripts.Written(ctx)
	ids, err := e.transcripts.HeldBy(ctx, agentID)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		ok, err := e.giveBack(ctx, id, agentID, nil, awayGone)
		if err != nil {
			return n, err
		}
		if ok {
			n++
		}
	}
	return n, nil
}

// giveBack takes the conversation back from the staff member holding it — when they still
// do, and when silentSince is given, only if they have been silent since then — and tells
// the visitor their contact is away. It reports whether it took it back.
func (e *Engine) giveBack(ctx context.Context, conversationID, agentID string, silentSince *time.Time, why string) (bool, error) {
	released := false
	err := e.act(ctx, conversationID, false, func(ctx context.Context, tx pgx.Tx) error {
		var err error
		released, err = e.transcripts.GiveBack(ctx, tx, conversationID, agentID, silentSince)
		return err
	}, func(t *turn) {
		h := t.s.Handoff
		if !released || h == nil || h.State != HandoffStaff {
			return
		}
		t.touched = true
		t.resume("handoff_staff_away", "agent", h.Agent)
	})
	if released {
		handoffsStaffAway.WithLabelValues(why).Inc()
	}
	return released, err
}

// staffIdle is how long a conversation stays with a silent staff member: the settings' value.
func (e *Engine) staffIdle(ctx context.Context) time.Duration {
	st, err := e.core.Settings(ctx)
	if err != nil || st.StaffIdleReleaseMinutes <= 0 {
		return booking.DefaultStaffIdleReleaseMinutes * time.Minute
	}
	return st.StaffIdleRelease()
}
