package api

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/r3labs/sse/v2"

	"github.com/dota-agency/dota/chatbot"
)

// chatStreams serves each visitor the event stream of their own conversation: a staff
// member's answers during a hand-off, and Dota taking the conversation back. An event's
// id is the message's number in the conversation; a widget that reconnects sends the
// last one it has (Last-Event-ID, or ?after= on its first connection) and gets what
// followed, from the session.
type chatStreams struct {
	engine    *chatbot.Engine
	srv       *sse.Server
	seq       atomic.Int64
	heartbeat time.Duration
}

func newChatStreams(e *chatbot.Engine) *chatStreams {
	srv := sse.New()
	srv.AutoReplay = false
	srv.AutoStream = false
	srv.BufferSize = streamBuffer
	srv.Headers = map[string]string{"X-Accel-Buffering": "no", "Cache-Control": "no-store"}
	return &chatStreams{engine: e, srv: srv, heartbeat: HeartbeatInterval}
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

func (h *chatStreams) serve(c *gin.Context) {
	ctx, cancel := context.WithCancel(c.Request.Context())
	defer cancel()
	pushes, err := h.engine.Stream(ctx, c.Param("id"), after(c))
	if err != nil {
		_ = c.Error(err)
		return
	}
	sid := "v" + strconv.FormatInt(h.seq.Add(1), 10)
	h.srv.CreateStream(sid)
	defer h.srv.RemoveStream(sid)
	go func() {
		defer cancel()
		beat := time.NewTicker(h.heartbeat)
		defer beat.Stop()
		for {
			var ev *sse.Event
			select {
			case <-ctx.Done():
				return
			case <-beat.C:
				ev = &sse.Event{Comment: []byte("ping")}
			case p, ok := <-pushes:
				if !ok {
					return // fallen behind or the subscription broke: the widget reconnects
				}
				raw, err := json.Marshal(p)
				if err != nil {
					return
				}
				ev = &sse.Event{ID: []byte(p.Message.ID), Event: []byte("message"), Data: raw}
			}
			if !h.srv.TryPublish(sid, ev) {
				return
			}
		}
	}()
	req := c.Request.WithContext(ctx)
	u := *req.URL
	u.RawQuery = "stream=" + sid
	req.URL = &u
	req.Header.Del("Last-Event-ID") // the engine replays; the library must not
	h.srv.ServeHTTP(&deadlineWriter{ResponseWriter: c.Writer, rc: http.NewResponseController(c.Writer), fail: cancel}, req)
}
