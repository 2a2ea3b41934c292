package chatbot

import (
	"context"
	"encoding/json"
	"strconv"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

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
	// What the visitor reads is noted for the answers e-mailed to those who left (away.go).
	e.noteStream(ctx, sessionID, 1, after)
	out := make(chan Push, streamBuffer)
	go func() {
		defer close(out)
		defer e.hub.drop(sessionID, l)
		if address != "" {
			defer e.releaseStream(ctx, address, holder)
		}
		last := after
		defer func() {
			ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
			defer cancel()
			e.noteStream(ctx, sessionID, -1, last)
		}()
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
		if last > after {
			e.noteStream(ctx, sessionID, 0, last)
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
				e.noteStream(ctx, sessionID, 0, last)
				check.Reset(next)
			case p, ok := <-l:
				if !ok || !send(p) {
					return
				}
				e.noteStream(ctx, sessionID, 0, last)
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

// Messages that reach a visitor without their asking — a staff member's answer, Dota
// taking the conversation back — are stored in the session, then published on one Redis
// channel that every replica relays to the streams of its own visitors. A stream names
// each message by its number in the conversation, so a widget that reconnects says the
// last one it has and gets what followed from the session: none lost, none twice.

// Push is one message pushed to a visitor's stream, with the hand-off as it stands and,
// on the last message of a turn, the quick replies that answer it (a waitlist offer's
// accept and decline).
type Push struct {
	Message      Message      `json:"message"`
	Handoff      *HandoffView `json:"handoff"`
	QuickReplies []QuickReply `json:"quick_replies,omitempty"`
}

// Seq is the message's number in its conversation, the stream's event id.
func (p Push) Seq() int { n, _ := strconv.Atoi(p.Message.ID); return n }

// pushed is a push as the channel carries it, to the streams of its session; End, with
// no push, ends them (the session was erased).
type pushed struct {
	Session string `json:"s"`
	End     bool   `json:"end,omitempty"`
	Push
}

// EventConversationUpdated tells staff that a conversation changed: a visitor waits for
// a person, wrote while staff hold the conversation, or staff took it, answered or handed
// it back. Its Data is the conversation's Summary.
const EventConversationUpdated = "conversation.updated"

// streamBuffer bounds the messages queued for one visitor's stream; a stream that falls
// this far behind is closed, and the widget reconnects and catches up.
const streamBuffer = 64

func (e *Engine) pushChannel() string { return e.key("push") }

// queuePushes adds the publication of a turn's messages to the pipeline that saves it.
func (e *Engine) queuePushes(ctx context.Context, pipe redis.Pipeliner, sessionID string, msgs []Message, h *HandoffView,
	qr []QuickReply) {
	for i, m := range msgs {
		p := Push{Message: m, Handoff: h}
		if i == len(msgs)-1 && len(qr) > 0 {
			p.QuickReplies = qr
		}
		raw, err := json.Marshal(pushed{Session: sessionID, Push: p})
		if err == nil {
			pipe.Publish(ctx, e.pushChannel(), raw)
		}
	}
}

// pushHub relays the pushes every replica publishes to this replica's streams, over one
// Redis subscription opened with the first stream.
type pushHub struct {
	mu      sync.Mutex
	sub     *redis.PubSub
	streams map[string]map[chan Push]struct{}
}

// listen registers a stream of the session, subscribing to the channel first if needed.
func (h *pushHub) listen(e *Engine, sessionID string) (chan Push, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.sub == nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		sub := e.rdb.Subscribe(ctx, e.pushChannel())
		if _, err := sub.Receive(ctx); err != nil {
			sub.Close()
			return nil, err
		}
		h.sub, h.streams = sub, map[string]map[chan Push]struct{}{}
		go h.relay(e, sub)
	}
	l := make(chan Push, streamBuffer)
	if h.streams[sessionID] == nil {
		h.streams[sessionID] = map[chan Push]struct{}{}
	}
	h.streams[sessionID][l] = struct{}{}
	chatStreams.Inc()
	return l, nil
}

// drop unregisters a stream; its channel is closed unless the hub already closed it.
func (h *pushHub) drop(sessionID string, l chan Push) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, ok := h.streams[sessionID][l]; ok {
		delete(h.streams[sessionID], l)
		if len(h.streams[sessionID]) == 0 {
			delete(h.streams, sessionID)
		}
		close(l)
		chatStreams.Dec()
	}
}

// endStreams adds to a pipeline the end of the sessions' streams, on every replica.
func (e *Engine) endStreams(ctx context.Context, pipe redis.Pipeliner, sessionIDs []string) {
	for _, sid := range sessionIDs {
		if raw, err := json.Marshal(pushed{Session: sid, End: true}); err == nil {
			pipe.Publish(ctx, e.pushChannel(), raw)
		}
	}
}

// relay hands each push to the streams of its session, or ends them. When the
// subscription breaks, the pushes published meanwhile are not received: every stream is
// closed, so its widget reconnects and catches up from the session.
func (h *pushHub) relay(e *Engine, sub *redis.PubSub) {
	ctx := context.Background()
	for {
		msg, err := sub.Receive(ctx)
		if err != nil {
			e.log.Warn("chat streams: the Redis subscription broke; closing the streams", "err", err)
			h.closeAll()
			time.Sleep(100 * time.Millisecond)
			continue
		}
		m, ok := msg.(*redis.Message)
		if !ok {
			continue
		}
		var p pushed
		if json.Unmarshal([]byte(m.Payload), &p) != nil {
			continue
		}
		h.mu.Lock()
		for l := range h.streams[p.Session] {
			if !p.End {
				select {
				case l <- p.Push:
					continue
				default: // fallen behind: close it, the widget catches up
				}
			}
			delete(h.streams[p.Session], l)
			close(l)
			chatStreams.Dec()
		}
		if len(h.streams[p.Session]) == 0 {
			delete(h.streams, p.Session)
		}
		h.mu.Unlock()
	}
}

// closeAll closes every stream of this replica.
func (h *pushHub) closeAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for sid, ls := range h.streams {
		for l := range ls {
			close(l)
			chatStreams.Dec()
		}
		delete(h.streams, sid)
	}
}

// announce tells staff that a conversation changed, with its summary.
func (e *Engine) announce(ctx context.Context, conversationID string) {
	if e.pub == nil || conversationID == "" || !e.transcripts.Kept() {
		return
	}
	sum, err := e.transcripts.Summary(ctx, conversationID)
	if err != nil {
		e.log.WarnContext(ctx, "chat: reading a conversation to announce it", "err", err)
		return
	}
	raw, err := json.Marshal(sum)
	if err != nil {
		return
	}
	e.pub.Publish(ctx, booking.Event{Kind: EventConversationUpdated, IDs: []string{conversationID}, Data: raw})
}

// measureWaiting sets the gauges of the visitors waiting for a person.
func (e *Engine) measureWaiting(ctx context.Context, now time.Time) {
	pipe := e.rdb.Pipeline()
	n := pipe.ZCard(ctx, e.key("waiting"))
	oldest := pipe.ZRangeWithScores(ctx, e.key("waiting"), 0, 0)
	if _, err := pipe.Exec(ctx); err != nil {
		return
	}
	handoffWaiting.Set(float64(n.Val()))
	age := 0.0
	if zs := oldest.Val(); len(zs) == 1 {
		age = now.Sub(time.UnixMilli(int64(zs[0].Score))).Seconds()
	}
	handoffOldestWait.Set(max(0, age))
}
