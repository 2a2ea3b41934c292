package api

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/r3labs/sse/v2"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/console"
)

// Live-event stream settings.
const (
	// HeartbeatInterval is how often an idle stream gets a comment, so proxies keep it open.
	HeartbeatInterval = 15 * time.Second
	// streamBuffer bounds the events queued for one stream; a stream that falls this far
	// behind is closed, and the console reconnects and refetches.
	streamBuffer = 256
	// streamWriteTimeout bounds one write to a client that stopped reading.
	streamWriteTimeout = 10 * time.Second
)

// Events relays the live events every replica publishes in Redis to the console streams
// open on this replica, each user receiving only what their role may see. Each
// connection has a stream of its own in the r3labs/sse server, fed without blocking, so a
// slow or vanished client never stalls the others.
type Events struct {
	console   *console.Console
	srv       *sse.Server
	log       *slog.Logger
	heartbeat time.Duration
	seq       atomic.Int64

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup // open streams

	mu      sync.Mutex
	clients map[string]*streamClient
}

type streamClient struct {
	lang    string // the reader's language: a notification is written in it
	user    console.User
	token   string
	session string // console.Session.ID
	cancel  context.CancelFunc
}

// NewEvents subscribes to the live events of every replica and returns the relay. Close
// ends the subscription and every stream.
func NewEvents(c *console.Console, log *slog.Logger) *Events {
	if log == nil {
		log = slog.Default()
	}
	srv := sse.New()
	srv.AutoReplay = false
	srv.AutoStream = false
	srv.BufferSize = streamBuffer
	srv.Headers = map[string]string{"X-Accel-Buffering": "no", "Cache-Control": "no-store"}
	e := &Events{console: c, srv: srv, log: log, heartbeat: HeartbeatInterval, clients: map[string]*streamClient{}}
	e.ctx, e.cancel = context.WithCancel(context.Background())
	if err := c.Subscribe(e.ctx, e.relay); err != nil {
		log.Warn("live events: Redis subscription failed; retrying", "err", err)
		go e.resubscribe()
	}
	go e.beat()
	return e
}

// resubscribe retries the Redis subscription until it succeeds or the relay closes.
func (e *Events) resubscribe() {
	for wait := time.Second; ; wait = min(wait*2, 30*time.Second) {
		select {
		case <-e.ctx.Done():
			return
		case <-time.After(wait):
		}
		if err := e.console.Subscribe(e.ctx, e.relay); err == nil {
			return
		}
	}
}

// Close ends every stream and the subscription; serve.go registers it with
// http.Server.RegisterOnShutdown, since open streams never become idle.
func (e *Events) Close() {
	e.cancel()
	e.mu.Lock()
	for _, cl := range e.clients {
		cl.cancel()
	}
	e.mu.Unlock()
	done := make(chan struct{})
	go func() { e.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
	}
	e.srv.Close()
}

// relay sends an event to every stream whose user may see it.
func (e *Events) relay(ev booking.Event) {
	raw, err := json.Marshal(ev)
	if err != nil {
		return
	}
	id := []byte(strconv.FormatInt(e.seq.Add(1), 10))
	e.mu.Lock()
	defer e.mu.Unlock()
	if ev.Kind == console.EventSessionEnded {
		for _, cl := range e.clients {
			if slices.Contains(ev.IDs, cl.user.ID) || slices.Contains(ev.IDs, cl.session) {
				cl.cancel()
			}
		}
		return
	}
	byLang := map[string][]byte{}
	for sid, cl := range e.clients {
		if !console.Visible(cl.user, ev.Kind) {
			continue
		}
		data := raw
		if ev.Notification != nil && ev.Notification.Code != "" {
			// A notification reads in each reader's language.
			if data = byLang[cl.lang]; data == nil {
				n := *ev.Notification
				n.Localize(cl.lang)
				localized := ev
				localized.Notification = &n
				data, _ = json.Marshal(localized)
				byLang[cl.lang] = data
			}
		}
		if !e.srv.TryPublish(sid, &sse.Event{ID: id, Event: []byte(ev.Kind), Data: data}) {
			console.SSEDropped.Inc()
			cl.cancel() // it fell behind: close it so the console reconnects and refetches
		}
	}
}

// beat sends heartbeat comments and closes the streams whose session has ended.
func (e *Events) beat() {
	t := time.NewTicker(e.heartbeat)
	defer t.Stop()
	for {
		select {
		case <-e.ctx.Done():
			return
		case <-t.C:
		}
		e.mu.Lock()
		clients := make(map[string]*streamClient, len(e.clients))
		for k, v := range e.clients {
			clients[k] = v
		}
		e.mu.Unlock()
		for sid, cl := range clients {
			ctx, cancel := context.WithTimeout(e.ctx, 2*time.Second)
			_, err := e.console.StillValid(ctx, cl.token)
			cancel()
			if errors.Is(err, console.ErrUnauthenticated) {
				cl.cancel()
				continue
			}
			if !e.srv.TryPublish(sid, &sse.Event{Comment: []byte("ping")}) {
				cl.cancel()
			}
		}
	}
}

// serve streams live events to a signed-in user until they leave, their session ends or
// the server shuts down.
func (e *Events) serve(c *gin.Context) error {
	s := sessionOf(c)
	token, _ := c.Cookie(SessionCookie)
	ctx, cancel := context.WithCancel(c.Request.Context())
	defer cancel()
	if e.ctx.Err() != nil {
		return errUnavailable
	}
	sid := "s" + strconv.FormatInt(e.seq.Add(1), 10)
	e.srv.CreateStream(sid)
	e.wg.Add(1)
	e.mu.Lock()
	e.clients[sid] = &streamClient{user: s.User, token: token, session: s.ID(), cancel: cancel, lang: langOf(c)}
	e.mu.Unlock()
	console.SSEClients.Inc()
	defer func() {
		e.mu.Lock()
		delete(e.clients, sid)
		e.mu.Unlock()
		e.srv.RemoveStream(sid)
		console.SSEClients.Dec()
		e.wg.Done()
	}()
	req := c.Request.WithContext(ctx)
	u := *req.URL
	u.RawQuery = "stream=" + sid
	req.URL = &u
	e.srv.ServeHTTP(&deadlineWriter{ResponseWriter: c.Writer, rc: http.NewResponseController(c.Writer), fail: cancel}, req)
	return nil
}

// deadlineWriter bounds each write to the client, and ends the stream on the first failed
// write, so a client that stopped reading cannot hold its stream open.
type deadlineWriter struct {
	http.ResponseWriter
	rc   *http.ResponseController
	fail context.CancelFunc
}

func (w *deadlineWriter) Write(p []byte) (int, error) {
	_ = w.rc.SetWriteDeadline(time.Now().Add(streamWriteTimeout))
	n, err := w.ResponseWriter.Write(p)
	if err != nil {
		w.fail()
	}
	return n, err
}

func (w *deadlineWriter) Flush() {
	if err := w.rc.Flush(); err != nil {
		w.fail()
	}
}
