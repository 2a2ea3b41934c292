package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// handoffRow hands conversations to staff, opens many visitors' event streams over two
// replicas, and measures how long a staff answer posted on one replica takes to reach
// the visitor's stream.
func (b *bench) handoffRow(ctx context.Context) row {
	r := row{Name: rowHandoff, Unit: "ms p99", Target: "p99 < 100 ms, 0 lost"}
	if !routeExists(ctx, newClient(1), http.MethodPost, b.main.base+"/api/admin/conversations/x/claim") {
		r.NotMeasured = absentPrefix + "POST /api/admin/conversations/{id}/claim"
		return r
	}
	second, err := b.env.start(ctx, "c")
	if err != nil {
		r.NotMeasured = "second replica: " + err.Error()
		return r
	}
	defer second.stop()
	cookie, err := b.admin(ctx, b.main.base)
	if err != nil {
		r.NotMeasured = "signing in: " + err.Error()
		return r
	}
	n, held := b.sz.handoffStreams, b.sz.handoffConvs
	logf("hand-off: %d visitors' streams over 2 replicas, %d conversations held by staff", n, held)
	client := newClient(16)
	defer client.CloseIdleConnections()

	// n visitors; the first `held` ask for a person and staff take their conversation.
	sessions := make([]string, n)
	lasts := make([]string, n)
	convs := make([]string, held)
	for i := range n {
		var reply struct {
			SessionID string `json:"session_id"`
			Messages  []struct {
				ID string `json:"id"`
			} `json:"messages"`
		}
		if err := post(ctx, client, b.main.base+"/api/chat/sessions", nil, map[string]string{"lang": "fr"}, http.StatusCreated, &reply); err != nil {
			r.NotMeasured = "starting a conversation: " + err.Error()
			return r
		}
		sessions[i] = reply.SessionID
		// Every visitor writes: a stream opens only on a conversation the visitor wrote in.
		text := "Bonjour"
		if i < held {
			text = "je veux parler à un humain"
		}
		if err := post(ctx, client, b.main.base+"/api/chat/sessions/"+reply.SessionID+"/messages", nil,
			map[string]string{"text": text}, http.StatusOK, &reply); err != nil {
			r.NotMeasured = "writing in the conversation: " + err.Error()
			return r
		}
		lasts[i] = reply.Messages[len(reply.Messages)-1].ID
	}
	var page struct {
		Items []struct {
			ID string `json:"id"`
		} `json:"items"`
	}
	if err := getJSON(ctx, client, b.main.base+"/api/admin/conversations?state=waiting&size=100", cookie, &page); err != nil ||
		len(page.Items) < held {
		r.NotMeasured = fmt.Sprintf("listing the waiting conversations: %d found, %v", len(page.Items), err)
		return r
	}
	for i := range held {
		convs[i] = page.Items[i].ID
		if err := post(ctx, client, b.main.base+"/api/admin/conversations/"+convs[i]+"/claim", b.staff, struct{}{}, http.StatusOK, nil); err != nil {
			r.NotMeasured = "taking a conversation: " + err.Error()
			return r
		}
	}

	streamClient := &http.Client{Transport: &http.Transport{
		DialContext:         (&net.Dialer{Timeout: 5 * time.Second}).DialContext,
		MaxIdleConnsPerHost: n, DisableCompression: true,
	}}
	sctx, stop := context.WithCancel(ctx)
	defer stop()
	replicas := []string{b.main.base, second.base}
	var (
		sent    sync.Map // marker → time posted
		lat     hist
		latMu   sync.Mutex
		got     atomic.Int64
		ended   atomic.Int64
		wg      sync.WaitGroup
		openErr atomic.Value
	)
	ready := make(chan struct{}, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			url := replicas[i%2] + "/api/chat/sessions/" + sessions[i] + "/stream?after=" + lasts[i]
			err := followVisitor(sctx, streamClient, url, ready, func(data string) {
				k := strings.Index(data, "bench#")
				if k < 0 {
					return
				}
				marker := data[k : k+strings.IndexByte(data[k:], '"')]
				if at, ok := sent.Load(marker); ok {
					latMu.Lock()
					lat.record(time.Since(at.(time.Time)))
					latMu.Unlock()
					got.Add(1)
				}
			})
			if err != nil && sctx.Err() == nil {
				ended.Add(1)
				openErr.CompareAndSwap(nil, err.Error())
			}
		}()
	}
	deadline := time.After(60 * time.Second)
	for opened := 0; opened < n; opened++ {
		select {
		case <-ready:
		case <-deadline:
			r.NotMeasured = fmt.Sprintf("only %d of %d streams opened in 60 s (%v)", opened, n, openErr.Load())
			return r
		}
	}
	logf("  %d streams open; staff answer %d times at %d/s", n, b.sz.handoffMessages, b.sz.handoffRate)
	tick := time.NewTicker(time.Second / time.Duration(b.sz.handoffRate))
	var postErrs atomic.Int64
	var pwg sync.WaitGroup
	for i := range b.sz.handoffMessages {
		<-tick.C
		marker := "bench#" + strconv.Itoa(i)
		pwg.Add(1)
		go func() {
			defer pwg.Done()
			sent.Store(marker, time.Now())
			if err := post(ctx, client, b.main.base+"/api/admin/conversations/"+convs[i%held]+"/messages", b.staff,
				map[string]string{"text": "Réponse " + marker}, http.StatusCreated, nil); err != nil {
				postErrs.Add(1)
				sent.Delete(marker)
			}
		}()
	}
	tick.Stop()
	pwg.Wait()
	want := int64(b.sz.handoffMessages) - postErrs.Load()
	for wait := time.Now().Add(5 * time.Second); time.Now().Before(wait) && got.Load() < want; {
		time.Sleep(50 * time.Millisecond)
	}
	stop()
	wg.Wait()
	p50, p99 := ms(lat.quantile(0.5)), ms(lat.quantile(0.99))
	lost := want - got.Load()
	logf("  delivered %d of %d answers; p50 %.1f ms, p99 %.1f ms; %d streams ended early", got.Load(), want, p50, p99, ended.Load())
	r.Value = num(p99)
	r.add("p50", p50, "ms")
	r.add("p99", p99, "ms")
	r.add("answers lost", float64(lost), "")
	r.add("open visitor streams", float64(n), "")
	r.add("streams ended early", float64(ended.Load()), "")
	r.check(p99 < 100, "delivery p99 < 100 ms")
	r.check(lost == 0 && ended.Load() == 0 && postErrs.Load() == 0, "0 answers lost")
	r.Note = fmt.Sprintf("Two dota replicas share the database and Redis; %d visitors' event streams are open, half on each "+
		"replica; staff hold %d of the conversations and answer %d times at %d a second through the first replica. "+
		"Latency runs from sending the staff answer to the visitor's stream reading it: the session saved and the "+
		"message published in Redis, relayed by the visitor's replica, SSE write.", n, held, b.sz.handoffMessages,
		b.sz.handoffRate)
	return r
}

// followVisitor reads a visitor's stream until ctx ends, handing each event's data to fn.
func followVisitor(ctx context.Context, c *http.Client, url string, ready chan<- struct{}, fn func(string)) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "text/event-stream")
	res, err := c.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return &statusError{res.StatusCode, ""}
	}
	ready <- struct{}{}
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		if line := sc.Text(); strings.HasPrefix(line, "data:") {
			fn(line)
		}
	}
	if ctx.Err() != nil {
		return nil
	}
	return fmt.Errorf("stream %s ended", url)
}

// staffAuth is the bench admin's session cookie and CSRF token.
type staffAuth struct {
	cookie *http.Cookie
	csrf   string
}

// post posts v (with the staff's session when given) and decodes the answer into out
// (when not nil); an answer other than want is an error.
func post(ctx context.Context, c *http.Client, url string, staff *staffAuth, v any, want int, out any) error {
	hdr := http.Header{}
	if staff != nil {
		hdr.Set("Cookie", staff.cookie.String())
		hdr.Set("X-CSRF-Token", staff.csrf)
	}
	status, body, err := postJSON(ctx, c, url, v, hdr)
	if err != nil {
		return err
	}
	if status != want {
		return &statusError{status, string(bytes.TrimSpace(body))}
	}
	if out != nil {
		return json.Unmarshal(body, out)
	}
	return nil
}

func getJSON(ctx context.Context, c *http.Client, url string, cookie *http.Cookie, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	req.AddCookie(cookie)
	res, err := c.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		return &statusError{res.StatusCode, string(bytes.TrimSpace(raw))}
	}
	return json.Unmarshal(raw, out)
}
