package api

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"reflect"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/redis/go-redis/v9"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/console"
)

// TestIsUnavailable pins which failures are a dependency out of reach (503) and which are
// ours (500). The connection cases come from PostgreSQL restarts and crashes under load.
func TestIsUnavailable(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
		want bool
	}{
		{"server closed the connection mid-answer", fmt.Errorf("settings: %w", io.ErrUnexpectedEOF), true},
		{"server closed the connection", io.EOF, true},
		{"connection already closed", fmt.Errorf("begin: %w", pgconn.ErrConnClosed), true},
		{"connection refused", &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}, true},
		{"connection reset", fmt.Errorf("read: %w", syscall.ECONNRESET), true},
		{"broken pipe", fmt.Errorf("write: %w", syscall.EPIPE), true},
		{"admin shutdown", &pgconn.PgError{Code: "57P01"}, true},
		{"starting up", &pgconn.PgError{Code: "57P03"}, true},
		{"connection failure", &pgconn.PgError{Code: "08006"}, true},
		{"too many connections", &pgconn.PgError{Code: "53300"}, true},
		{"redis closed", redis.ErrClosed, true},
		{"deadline", context.DeadlineExceeded, true},
		{"unique violation", &pgconn.PgError{Code: "23505"}, false},
		{"invalid byte sequence", &pgconn.PgError{Code: "22021"}, false},
		{"syntax error", &pgconn.PgError{Code: "42601"}, false},
		{"a bug", errors.New("nil map"), false},
		{"not found", booking.ErrNotFound, false},
	} {
		if got := isUnavailable(tc.err); got != tc.want {
			t.Errorf("%s: isUnavailable(%v) = %v, want %v", tc.name, tc.err, got, tc.want)
		}
	}
}

// TestDescribeForConsole pins how the booking core's errors read on the console's
// routes: as the console wrote them when it passed them on, in its own catalogue.
func TestDescribeForConsole(t *testing.T) {
	codeOnlyInConsole := booking.CheckIDs(nil, "select_appointments")
	for _, tc := range []struct {
		name  string
		err   error
		admin bool
		want  error // the error whose envelope it must match
	}{
		{"a client still booked", booking.ErrClientBooked, true, &console.ConflictError{Key: "client_has_appointments"}},
		{"a validation error", codeOnlyInConsole, true,
			&booking.ValidationError{Fields: map[string]string{"ids": "select_appointments"}, Catalogue: console.Text}},
		{"the settings' own words", booking.Settings{}.Validate(), true, booking.Settings{}.Validate()},
	} {
		for _, lang := range []string{"fr", "en", "ar"} {
			gotStatus, got := describe(tc.err, lang, tc.admin)
			wantStatus, want := describe(tc.want, lang, false)
			if gotStatus != wantStatus || !reflect.DeepEqual(got, want) {
				t.Errorf("%s (%s): %d %+v, want %d %+v", tc.name, lang, gotStatus, got, wantStatus, want)
			}
		}
	}
	if _, b := describe(codeOnlyInConsole, "en", false); b.Message == "" {
		t.Error("outside the console, a validation error has no message")
	}
}
