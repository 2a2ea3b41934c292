package api

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"
	"syscall"

	"github.com/gin-gonic/gin"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/redis/go-redis/v9"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/chatbot"
	"github.com/dota-agency/dota/console"
	"github.com/dota-agency/dota/httpx"
)

// Error is a failure the HTTP layer reports as such: its status, its contract code and a
// message code of the catalogue in messages.go.
type Error struct {
	Status     int
	Code       string
	MessageKey string
	Fields     map[string]string
	RetryAfter int // seconds, for rate_limited
	// Challenge is "required" when the client must solve a proof-of-work challenge
	// (GET /api/challenge) and send the request again with it.
	Challenge string
	Err       error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return e.Code + ": " + e.Err.Error()
	}
	return e.Code
}

func (e *Error) Unwrap() error { return e.Err }

// Errors the handlers return.
func errValidation(key string, fields map[string]string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: "validation", MessageKey: key, Fields: fields}
}

var (
	errTooLarge    = &Error{Status: http.StatusRequestEntityTooLarge, Code: "too_large", MessageKey: "too_large"}
	errNotFound    = &Error{Status: http.StatusNotFound, Code: "not_found", MessageKey: "not_found"}
	errUnavailable = &Error{Status: http.StatusServiceUnavailable, Code: "unavailable", MessageKey: "unavailable"}
)

// RateLimited is the error for a request over its budget.
func RateLimited(retryAfter int) *Error {
	return &Error{Status: http.StatusTooManyRequests, Code: "rate_limited", MessageKey: "rate_limited", RetryAfter: retryAfter}
}

// body is the error object of the contract's envelope (httpx.WriteError).
type body struct {
	Code         string             `json:"code"`
	Message      string             `json:"message"`
	Fields       map[string]string  `json:"fields,omitempty"`
	Alternatives []booking.SlotRef  `json:"alternatives,omitempty"`
	Upcoming     []booking.Upcoming `json:"upcoming,omitempty"`
	RetryAfter   int                `json:"retry_after,omitempty"`
	Challenge    string             `json:"challenge,omitempty"`
}

// localizer is implemented by domain errors that carry their own texts.
type localizer interface{ LocalizedMessage(lang string) string }

// errorHandler turns the first error a handler recorded into the contract's envelope.
// It is the only place where errors become HTTP.
func errorHandler(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		c.Next()
		if len(c.Errors) == 0 || c.Writer.Written() {
			return
		}
		err := c.Errors[0].Err
		lang := langOf(c)
		status, b := describe(err, lang, isAdminPath(c.Request.URL.Path))
		switch {
		case status == http.StatusServiceUnavailable:
			// An outage of a dependency: one line per request, not an error of ours.
			log.WarnContext(c.Request.Context(), "dependency unavailable", "request_id", requestID(c),
				"method", c.Request.Method, "route", c.FullPath(), "err", err)
		case status >= 500:
			log.ErrorContext(c.Request.Context(), "request failed", "request_id", requestID(c),
				"method", c.Request.Method, "route", c.FullPath(), "status", status, "err", err)
		}
		httpx.WriteError(c, status, b, b.RetryAfter)
	}
}

// describe maps an error to its status and envelope body; on the console's routes
// (admin), the booking core's errors speak the console's catalogue.
func describe(err error, lang string, admin bool) (int, body) {
	var (
		apiErr   *Error
		valErr   *booking.ValidationError
		catErr   *catalogue.ValidationError
		takenErr *booking.SlotTakenError
		closeErr *booking.SlotClosedError
		refused  *booking.SlotsRefusedError
		lateErr  *booking.TooLateError
		upcoming *booking.UpcomingError
		rateErr  *chatbot.RateLimitedError
	)
	if status, b, ok := describeConsole(err, lang); ok {
		return status, b
	}
	if status, b, ok := describeBackup(err, lang); ok {
		return status, b
	}
	if admin {
		if status, b, ok := describeForConsole(err, lang); ok {
			return status, b
		}
	}
	switch {
	case errors.As(err, &apiErr):
		return apiErr.Status, body{Code: apiErr.Code, Message: text(lang, apiErr.MessageKey, "minutes", waitMinutes(apiErr.RetryAfter)),
			Fields: localizeFields(lang, apiErr.Fields), RetryAfter: apiErr.RetryAfter, Challenge: apiErr.Challenge}
	case errors.As(err, &valErr):
		return http.StatusBadRequest, body{Code: "validation", Message: valErr.LocalizedMessage(lang),
			Fields: valErr.LocalizedFields(lang)}
	case errors.As(err, &catErr):
		return http.StatusBadRequest, body{Code: "validation", Message: catErr.LocalizedMessage(lang),
			Fields: catErr.LocalizedFields(lang)}
	case errors.As(err, &refused):
		// A change of several appointments, refused as a whole: each refused one by id.
		status, code := http.StatusUnprocessableEntity, "slot_closed"
		if refused.Taken() {
			status, code = http.StatusConflict, "slot_taken"
		}
		return status, body{Code: code, Message: refused.LocalizedMessage(lang), Fields: refused.LocalizedFields(lang)}
	case errors.As(err, &takenErr):
		return http.StatusConflict, body{Code: "slot_taken", Message: takenErr.LocalizedMessage(lang),
			Alternatives: booking.LabelSlots(takenErr.Alternatives, lang)}
	case errors.As(err, &closeErr):
		return http.StatusUnprocessableEntity, body{Code: "slot_closed", Message: closeErr.LocalizedMessage(lang),
			Alternatives: booking.LabelSlots(closeErr.Alternatives, lang)}
	case errors.As(err, &upcoming):
		return http.StatusConflict, body{Code: "upcoming", Message: upcoming.LocalizedMessage(lang), Upcoming: upcoming.Upcoming}
	case errors.As(err, &lateErr):
		return http.StatusUnprocessableEntity, body{Code: "too_late", Message: lateErr.LocalizedMessage(lang)}
	case errors.As(err, &rateErr):
		return http.StatusTooManyRequests, body{Code: "rate_limited", Message: text(lang, "rate_limited"),
			RetryAfter: rateErr.RetryAfter}
	case errors.Is(err, chatbot.ErrBusy):
		return http.StatusConflict, body{Code: "conflict", Message: text(lang, "chat_busy")}
	case errors.Is(err, chatbot.ErrBadWindow):
		return http.StatusBadRequest, body{Code: "validation", Message: text(lang, "bad_query"),
			Fields: map[string]string{"window": text(lang, "bad_query")}}
	case errors.Is(err, catalogue.ErrAlreadySubscribed):
		return http.StatusConflict, body{Code: "already_subscribed", Message: catalogue.Text(lang, "already_subscribed")}
	case errors.Is(err, booking.ErrGone):
		return http.StatusGone, body{Code: "gone", Message: localizedOr(err, lang, booking.Text(lang, "offer_gone"))}
	case errors.Is(err, booking.ErrNotFound), errors.Is(err, catalogue.ErrNotFound):
		return http.StatusNotFound, body{Code: "not_found", Message: text(lang, "not_found")}
	case errors.Is(err, booking.ErrConflict):
		return http.StatusConflict, body{Code: "conflict", Message: localized(err, lang, "conflict")}
	case isUnavailable(err):
		return http.StatusServiceUnavailable, body{Code: "unavailable", Message: text(lang, "unavailable")}
	default:
		return http.StatusInternalServerError, body{Code: "internal", Message: text(lang, "internal")}
	}
}

// waitMinutes is retryAfter seconds in whole minutes, at least 1.
func waitMinutes(retryAfter int) string { return strconv.Itoa(max(1, (retryAfter+59)/60)) }

// localizeFields resolves fields whose value is a message key of the catalogue; other
// values are texts already.
func localizeFields(lang string, fields map[string]string) map[string]string {
	if len(fields) == 0 {
		return fields
	}
	out := make(map[string]string, len(fields))
	for f, v := range fields {
		if messages.Has(v) {
			v = text(lang, v)
		}
		out[f] = v
	}
	return out
}

// localizedOr is the error's own message in lang, or fallback when it has none.
func localizedOr(err error, lang, fallback string) string {
	var l localizer
	if errors.As(err, &l) {
		return l.LocalizedMessage(lang)
	}
	return fallback
}

func localized(err error, lang, fallback string) string {
	var l localizer
	if errors.As(err, &l) {
		return l.LocalizedMessage(lang)
	}
	return text(lang, fallback)
}

// isUnavailable reports whether err comes from PostgreSQL or Redis being out of reach:
// a refused or reset connection, one the server closed mid-answer, a server shutting
// down, starting or out of connections, or a time-out.
func isUnavailable(err error) bool {
	var (
		connErr *pgconn.ConnectError
		pgErr   *pgconn.PgError
		netErr  net.Error
	)
	switch {
	case errors.As(err, &connErr), errors.As(err, &netErr):
		return true
	case errors.As(err, &pgErr):
		// Class 08: connection exception; class 53: insufficient resources (too many
		// connections); 57P01-57P03: the server is shutting down or starting.
		class := pgErr.Code[:2]
		return class == "08" || class == "53" || pgErr.Code == "57P01" || pgErr.Code == "57P02" ||
			pgErr.Code == "57P03"
	case errors.Is(err, redis.ErrClosed), errors.Is(err, context.DeadlineExceeded),
		errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF), errors.Is(err, pgconn.ErrConnClosed),
		errors.Is(err, net.ErrClosed), errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNRESET),
		errors.Is(err, syscall.EPIPE), errors.Is(err, chatbot.ErrUnavailable):
		return true
	}
	return pgconn.Timeout(err) || pgconn.SafeToRetry(err)
}

// describeConsole maps the console's errors.
func describeConsole(err error, lang string) (int, body, bool) {
	var (
		forbidden *console.ForbiddenError
		throttled *console.ThrottledError
	)
	switch {
	case errors.Is(err, console.ErrUnauthenticated):
		return http.StatusUnauthorized, body{Code: "unauthenticated", Message: console.Text(lang, "unauthenticated")}, true
	case errors.Is(err, console.ErrInvalidCredentials):
		return http.StatusUnauthorized, body{Code: "invalid_credentials", Message: console.Text(lang, "invalid_credentials")}, true
	case errors.Is(err, console.ErrCSRF):
		return http.StatusForbidden, body{Code: "csrf", Message: console.Text(lang, "csrf")}, true
	case errors.As(err, &forbidden):
		return http.StatusForbidden, body{Code: "forbidden", Message: forbidden.LocalizedMessage(lang)}, true
	case errors.As(err, &throttled):
		return http.StatusTooManyRequests, body{Code: "rate_limited", Message: console.Text(lang, "login_throttled"),
			RetryAfter: throttled.RetryAfter}, true
	}
	return 0, body{}, false
}

// isAdminPath reports whether path is one of the console's routes, /api/admin.
func isAdminPath(path string) bool {
	return path == "/api/admin" || strings.HasPrefix(path, "/api/admin/")
}

// describeForConsole maps the booking core's errors as the console shows them: a
// validation error that names no catalogue of its own speaks the console's (which falls
// back to the booking core's), and a client still booked is the console's conflict.
func describeForConsole(err error, lang string) (int, body, bool) {
	var (
		valErr  *booking.ValidationError
		refused *booking.OutcomeRefusedError
	)
	switch {
	case errors.As(err, &refused):
		// The outcome of a meeting whose time has not come, or that was cancelled.
		return http.StatusUnprocessableEntity, body{Code: "validation", Message: refused.LocalizedMessage(lang),
			Fields: refused.LocalizedFields(lang)}, true
	case errors.As(err, &valErr) && valErr.Catalogue == nil:
		v := *valErr
		v.Catalogue = console.Text
		return http.StatusBadRequest, body{Code: "validation", Message: v.LocalizedMessage(lang),
			Fields: v.LocalizedFields(lang)}, true
	case errors.Is(err, booking.ErrClientBooked):
		return http.StatusConflict, body{Code: "conflict", Message: console.Text(lang, "client_has_appointments")}, true
	}
	return 0, body{}, false
}
