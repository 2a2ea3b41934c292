package api

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/httpx"
	"github.com/dota-agency/dota/i18n"
)

const ctxRequestID = "request_id"

// requestIDs gives every request an id, taken from X-Request-ID when it is sane.
func requestIDs() gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader("X-Request-ID")
		if len(id) == 0 || len(id) > 64 || !printable(id) {
			b := make([]byte, 8)
			_, _ = rand.Read(b)
			id = hex.EncodeToString(b)
		}
		c.Set(ctxRequestID, id)
		c.Header("X-Request-ID", id)
		c.Next()
	}
}

func requestID(c *gin.Context) string { return c.GetString(ctxRequestID) }

func printable(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x21 || s[i] > 0x7e {
			return false
		}
	}
	return true
}

// languages resolves the request's language: ?lang=, then Accept-Language, then French.
func languages() gin.HandlerFunc {
	return func(c *gin.Context) {
		lang := i18n.Normalize(c.Query("lang"))
		if lang == "" {
			for _, part := range strings.Split(c.GetHeader("Accept-Language"), ",") {
				tag, _, _ := strings.Cut(part, ";")
				if lang = i18n.Normalize(tag); lang != "" {
					break
				}
			}
		}
		if lang == "" {
			lang = i18n.Default
		}
		httpx.SetLang(c, lang)
		c.Next()
	}
}

// langOf is the request's language (languages).
func langOf(c *gin.Context) string {
	if l := httpx.Lang(c); l != "" {
		return l
	}
	return i18n.Default
}

// accessLog writes one structured line per request.
func accessLog(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		if c.Request.URL.Path == "/healthz" || c.Request.URL.Path == "/metrics" {
			return
		}
		log.LogAttrs(c.Request.Context(), slog.LevelInfo, "http",
			slog.String("request_id", requestID(c)),
			slog.String("method", c.Request.Method),
			slog.String("path", loggedPath(c.Request.URL.Path)),
			slog.String("route", routeOf(c)),
			slog.Int("status", c.Writer.Status()),
			slog.Int("bytes", c.Writer.Size()),
			slog.Duration("duration", time.Since(start)),
			slog.String("ip", c.ClientIP()))
	}
}

// secretPaths start the paths whose next segment is a credential — a manage link's
// token, a waitlist offer's token, a chat session's id (whoever holds it reads and
// writes the conversation), a signed link reopening one: the log keeps the route, never
// the secret.
var secretPaths = []string{"/api/manage/", "/manage/", "/api/waitlist/offers/", "/waitlist/offers/",
	"/api/chat/sessions/", "/api/chat/resume/"}

// loggedPath is path with the credential of a secret path masked.
func loggedPath(path string) string {
	for _, p := range secretPaths {
		if rest, ok := strings.CutPrefix(path, p); ok {
			if i := strings.IndexByte(rest, '/'); i >= 0 {
				return p + "…" + rest[i:]
			}
			return p + "…"
		}
	}
	return path
}

// DefaultBodyTimeout bounds the time a client takes to send a request's body when the
// configuration sets no other (DOTA_BODY_TIMEOUT).
const DefaultBodyTimeout = 30 * time.Second

// bodyDeadline gives a client d to send a request's body: a body that trickles in
// slower is cut (the read fails with a time-out) and the connection is closed, so a
// slow client cannot hold a connection and a handler forever. The deadline is on the
// connection's reads only and is lifted once the body is read: answers of any length,
// the console's live event streams among them, are never cut by it. Requests without
// a body get none: the server's ReadHeaderTimeout covers their headers.
func bodyDeadline(d time.Duration) gin.HandlerFunc {
	return func(c *gin.Context) {
		if c.Request.ContentLength == 0 || c.Request.Body == nil || c.Request.Body == http.NoBody {
			c.Next()
			return
		}
		rc := http.NewResponseController(c.Writer)
		if err := rc.SetReadDeadline(time.Now().Add(d)); err != nil {
			c.Next() // a writer that is not a connection's (tests' recorders): nothing to bound
			return
		}
		c.Request.Body = &deadlineBody{ReadCloser: c.Request.Body, rc: rc}
		c.Next()
	}
}

// deadlineBody lifts the read deadline once the body has been read to its end: the
// server then reads the connection only to notice the client leaving, which must not
// time out while a long answer is being written.
type deadlineBody struct {
	io.ReadCloser
	rc     *http.ResponseController
	lifted bool
}

func (b *deadlineBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if errors.Is(err, io.EOF) && !b.lifted {
		b.lifted = true
		_ = b.rc.SetReadDeadline(time.Time{})
	}
	return n, err
}

// bodyLimit refuses request bodies larger than max bytes with 413 too_large.
func bodyLimit(max int64) gin.HandlerFunc {
	return func(c *gin.Context) {
		if c.Request.ContentLength > max {
			_ = c.Error(errTooLarge)
			c.Abort()
			return
		}
		c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, max)
		c.Next()
	}
}

// cleanURL refuses a path or a query parameter that is not valid UTF-8 or holds a NUL
// byte: PostgreSQL rejects both, and no route has a use for them. A bad path is not
// found; a bad parameter is a validation error naming it.
func cleanURL() gin.HandlerFunc {
	return func(c *gin.Context) {
		if !cleanParam(c.Request.URL.Path) {
			_ = c.Error(errNotFound)
			c.Abort()
			return
		}
		for k, vs := range c.Request.URL.Query() {
			field := k
			if !cleanParam(k) {
				field = "query"
			}
			for _, v := range append(vs, k) {
				if !cleanParam(v) {
					_ = c.Error(errValidation("bad_query", map[string]string{field: text(langOf(c), "bad_query")}))
					c.Abort()
					return
				}
			}
		}
		c.Next()
	}
}

func cleanParam(s string) bool { return utf8.ValidString(s) && !strings.ContainsRune(s, 0) }

// contentSecurityPolicy allows the app's own scripts only, and YouTube embeds.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: https://i.ytimg.com; font-src 'self' data:; connect-src 'self'; " +
	"frame-src https://www.youtube-nocookie.com https://www.youtube.com; frame-ancestors 'none'; " +
	"base-uri 'self'; form-action 'self'; object-src 'none'"

// securityHeaders sets the headers every response carries. HSTS goes with every answer
// when the site's public address is https (the balancer in front terminates TLS), and
// with answers over a TLS connection of our own.
func securityHeaders(httpsSite bool) gin.HandlerFunc {
	return func(c *gin.Context) {
		h := c.Writer.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		if httpsSite || c.Request.TLS != nil {
			h.Set("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
		}
		c.Next()
	}
}

// noStore keeps an answer out of every cache: the console's, and every answer that
// carries a visitor's personal data (chat transcripts, bookings, subscriptions).
func noStore() gin.HandlerFunc {
	return func(c *gin.Context) {
		c.Header("Cache-Control", "no-store")
		c.Next()
	}
}
