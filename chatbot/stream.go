package chatbot

import (
	"context"
	"time"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/ratelimit"
)

// A visitor's stream of their own conversation (push.go says what it carries) is open
// only where something can be pushed: a conversation the visitor has written in — the
// only ones staff see and may take, and the waitlist is joined by writing. One client
// address keeps at most Config.StreamsPerAddress streams open at once, counted in Redis
// (ratelimit holds) so that every replica agrees; a stream renews its place every
// streamCheck, and a replica that dies leaks its places for streamLease at most. A
// stream lasts no longer than its session: it ends when the session expires (checked
// when its time-to-live runs out, and with each renewal) or is erased (forgetSessions
// publishes the end to every replica).

// DefaultStreamsPerAddress is how many streams one client address (an IPv6 /64) keeps
// open at once: a few tabs.
const DefaultStreamsPerAddress = 4

// StreamRetryAfter is when a refused stream may be tried again, in seconds.
const StreamRetryAfter = 30

const (
	streamCheck = 15 * time.Second
	streamLease = 3 * streamCheck
)

func streamPlaces(address string) string { return "stream:ip:" + address }

// Stream delivers a visitor's conversation as it goes on: first the messages after the
// numbered one that are not the visitor's own (from the session), then each one pushed
// from now on, in order and once each, until ctx ends, the session ends or the stream
// falls behind (the channel is then closed, and the visitor reconnects with the last
// number they have). client is the visitor's address, whose streams are counted; ""
// counts none. A conversation unknown, ended or not written in is booking.ErrNotFound;
// past the address's streams, a RateLimitedError.
func (e *Engine) Stream(ctx context.Context, sessionID string, after int, client string) (<-chan Push, error) {
	if !validSessionID(sessionID) {
		return nil, booking.ErrNotFound
	}
	l, err := e.hub.listen(e, sessionID)
	if err != nil {
		return nil, unavailable(err)
	}
	s, found, err := e.load(ctx, sessionID)
	if err == nil && (!found || !s.written()) {
		err = booking.ErrNotFound
	}
	address, holder := ratelimit.AddressKey(client), newSessionID()
	if err == nil && address != "" {
		err = e.holdStream(ctx, address, holder)
	}
	if err != nil {
		e.hub.drop(sessionID, l)
		return nil, err
	}
	var view *HandoffView
	if h := s.Handoff; h != nil {
		view = &HandoffView{State: h.State, Agent: h.Agent}
	}
	out := make(chan Push, streamBuffer)
	go func() {
		defer close(out)
		defer e.hub.drop(sessionID, l)
		if address != "" {
			defer e.releaseStream(ctx, address, holder)
		}
		last := after
		send := func(p Push) bool {
			if p.Seq() <= last {
				return true
			}
			select {
			case out <- p:
				last = p.Seq()
				return true
			case <-ctx.Done():
				return false
			}
		}
		for i, m := range s.Messages {
			p := Push{Message: m, Handoff: view}
			if i == len(s.Messages)-1 && len(s.QuickReplies) > 0 {
				p.QuickReplies = s.QuickReplies
			}
			if m.Sender != SenderUser && !send(p) {
				return
			}
		}
		check := time.NewTimer(min(streamCheck, e.cfg.SessionTTL))
		defer check.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-check.C:
				next, alive := e.checkStream(ctx, sessionID, address, holder)
				if !alive {
					return
				}
				check.Reset(next)
			case p, ok := <-l:
				if !ok || !send(p) {
					return
				}
			}
		}
	}()
	return out, nil
}

// written reports whether the visitor has written in the conversation.
func (s *session) written() bool {
	for _, m := range s.Messages {
		if m.Sender == SenderUser {
			return true
		}
	}
	return false
}

// holdStream takes one of the address's places for a stream, or refuses it.
func (e *Engine) holdStream(ctx context.Context, address, holder string) error {
	ok, err := e.limiter.Hold(ctx, streamPlaces(address), holder, e.cfg.StreamsPerAddress, streamLease)
	switch {
	case err != nil:
		return unavailable(err)
	case !ok:
		rateLimited.WithLabelValues("stream").Inc()
		e.opsIncr("rate_limited")
		return &RateLimitedError{Scope: "stream", RetryAfter: StreamRetryAfter}
	}
	return nil
}

// releaseStream gives a closed stream's place back.
func (e *Engine) releaseStream(ctx context.Context, address, holder string) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if err := e.limiter.Release(ctx, streamPlaces(address), holder); err != nil {
		e.log.WarnContext(ctx, "chat streams: a closed stream's place was not given back; its lease frees it", "err", err)
	}
}

// checkStream tells whether a stream's session is still there and, when it is, renews the
// stream's place and says when to check again: at the next renewal, or as the session
// expires. A session gone, or a place lost and taken by another stream, ends the stream;
// Redis not answering does not.
func (e *Engine) checkStream(ctx context.Context, sessionID, address, holder string) (time.Duration, bool) {
	ttl, err := e.rdb.PTTL(ctx, e.stateKey(sessionID)).Result()
	switch {
	case err != nil:
		return streamCheck, true
	case ttl == -2: // no such key
		return 0, false
	}
	if address != "" {
		ok, err := e.limiter.Hold(ctx, streamPlaces(address), holder, e.cfg.StreamsPerAddress, streamLease)
		if err == nil && !ok {
			return 0, false
		}
	}
	if ttl < 0 { // no expiry
		return streamCheck, true
	}
	return min(streamCheck, ttl+50*time.Millisecond), true
}
