package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/chatbot"
)

// chatStreams serves each visitor the event stream of their own conversation: a staff
// member's answers during a hand-off, and Dota taking the conversation back. An event's
// id is the message's number in the conversation; a widget that reconnects sends the
// last one it has (Last-Event-ID, or ?after= on its first connection) and gets what
// followed, from the session. The stream writes its events itself, in order, as the
// engine hands them over: the first ones (what the widget missed) are ready before a
// relay such as the console's could register the connection.
//
// A replica holds at most perReplica streams (each is a connection and its goroutines):
// past it the answer is 503 with Retry-After, and the balancer's other replicas take the
// visitor's next try. The engine bounds the streams of one client address across
// replicas, and ends a stream with its session.
type chatStreams struct {
	engine     *chatbot.Engine
	heartbeat  time.Duration
	perReplica int
	stopping   <-chan struct{} // the server shuts down: every stream ends

	mu    sync.Mutex
	total int            // streams open on this replica
	open  map[string]int // of which, by conversation
}

// MaxStreamsPerConversation bounds the streams one conversation keeps open on a replica
// (a few tabs); past it the answer is 429, so that one conversation cannot hold the
// replica's connections.
const MaxStreamsPerConversation = 4

// DefaultChatStreamsPerReplica bounds the visitors' streams a replica holds open when
// the configuration sets no other (DOTA_CHAT_STREAMS_PER_REPLICA): a stream costs some
// 25 to 50 KB resident, and this many keep a replica near its 100 MB (measured: 300
// streams, +7.5 MB; 1,200, +56 MB).
const DefaultChatStreamsPerReplica = 300

// chatStreamsRetryAfter is when a visitor's stream refused by a full replica may be
// tried again, in seconds.
const chatStreamsRetryAfter = 10

func newChatStreams(e *chatbot.Engine, perReplica int, stopping <-chan struct{}) *chatStreams {
	if perReplica <= 0 {
		perReplica = DefaultChatStreamsPerReplica
	}
	return &chatStreams{engine: e, heartbeat: HeartbeatInterval, perReplica: perReplica, stopping: stopping,
		open: map[string]int{}}
}

// hold counts a stream of the conversation, or refuses it past a bound; release undoes it.
func (h *chatStreams) hold(id string) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	switch {
	case h.total >= h.perReplica:
		return &Error{Status: http.StatusServiceUnavailable, Code: "unavailable", MessageKey: "unavailable",
			RetryAfter: chatStreamsRetryAfter}
	case h.open[id] >= MaxStreamsPerConversation:
		return RateLimited(chatbot.StreamRetryAfter)
	}
	h.total++
	h.open[id]++
	return nil
}

func (h *chatStreams) release(id string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.total--
	if h.open[id]--; h.open[id] <= 0 {
		delete(h.open, id)
	}
}

// after is the number of the last message the widget has.
func after(c *gin.Context) int {
	for _, v := range []string{c.GetHeader("Last-Event-ID"), c.Query("after")} {
		if n, err := strconv.Atoi(v); err == nil && n >= 0 {
			return n
		}
	}
	return 0
}

func (h *chatStreams) serve(c *gin.Context) error {
	id := c.Param("id")
	if err := h.hold(id); err != nil {
		return err
	}
	defer h.release(id)
	ctx, cancel := context.WithCancel(c.Request.Context())
	defer cancel()
	pushes, err := h.engine.Stream(ctx, id, after(c), c.ClientIP())
	if err != nil {
		return err
	}
	w := &deadlineWriter{ResponseWriter: c.Writer, rc: http.NewResponseController(c.Writer), fail: cancel}
	hd := c.Writer.Header()
	hd.Set("Content-Type", "text/event-stream")
	hd.Set("Cache-Control", "no-store")
	hd.Set("X-Accel-Buffering", "no")
	c.Status(http.StatusOK)
	w.Flush()
	beat := time.NewTicker(h.heartbeat)
	defer beat.Stop()
	var buf bytes.Buffer
	for {
		buf.Reset()
		select {
		case <-ctx.Done():
			return nil
		case <-h.stopping:
			return nil // the widget reconnects, to another replica
		case <-beat.C:
			buf.WriteString(": ping\n\n")
		case p, ok := <-pushes:
			if !ok {
				return nil // fallen behind or the subscription broke: the widget reconnects
			}
			raw, err := json.Marshal(p)
			if err != nil {
				return nil
			}
			fmt.Fprintf(&buf, "id: %s\nevent: message\ndata: %s\n\n", p.Message.ID, raw)
		}
		if _, err := w.Write(buf.Bytes()); err != nil {
			return nil
		}
		w.Flush()
	}
}
