package calendars

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	ics "github.com/arran4/golang-ical"
	goical "github.com/emersion/go-ical"
	"github.com/emersion/go-webdav"
	"github.com/emersion/go-webdav/caldav"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/httpx"
)

// Source kinds: an ICS address (what Google, Outlook and Apple call a calendar's secret
// or public address) or a CalDAV collection.
const (
	KindICS    = "ics"
	KindCalDAV = "caldav"
)

// source is where a consultant's calendar is read.
type source struct {
	Kind, URL, Username, Password string
}

// ReadError says why a calendar could not be read, in words its owner can act on.
type ReadError struct {
	Code string   // a key of texts/*.json
	Args []string // its placeholders, pairs of name and value
	Err  error
}

func (e *ReadError) Error() string {
	if e.Err != nil {
		return e.Code + ": " + e.Err.Error()
	}
	return e.Code
}

func (e *ReadError) Unwrap() error { return e.Err }

// LocalizedMessage is the reason in lang.
func (e *ReadError) LocalizedMessage(lang string) string { return Text(lang, e.Code, e.Args...) }

// stored is the error as consultant_calendars.last_error keeps it: the code, then its
// arguments, separated by tabs (read back by storedError).
func (e *ReadError) stored() string { return strings.Join(append([]string{e.Code}, e.Args...), "\t") }

func storedError(s string) *ReadError {
	if s == "" {
		return nil
	}
	parts := strings.Split(s, "\t")
	return &ReadError{Code: parts[0], Args: parts[1:]}
}

var errTooLarge = errors.New("calendar larger than allowed")

// read reads a calendar and returns its busy ranges within [from, to).
func (s *Service) read(ctx context.Context, src source, from, to time.Time, loc *time.Location) ([]booking.BusyRange, error) {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	var (
		cals []*ics.Calendar
		err  error
	)
	switch src.Kind {
	case KindICS:
		cals, err = s.readICS(ctx, src)
	case KindCalDAV:
		cals, err = s.readCalDAV(ctx, src, from, to)
	default:
		return nil, &ReadError{Code: "calendar_kind_invalid"}
	}
	if err != nil {
		return nil, classify(err)
	}
	return busyRanges(cals, from, to, loc), nil
}

func (s *Service) readICS(ctx context.Context, src source) ([]*ics.Calendar, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, src.URL, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "text/calendar, */*;q=0.5")
	if src.Username != "" || src.Password != "" {
		req.SetBasicAuth(src.Username, src.Password)
	}
	res, err := s.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, &statusError{code: res.StatusCode}
	}
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return nil, err
	}
	cal, err := parse(b)
	if err != nil {
		return nil, err
	}
	return []*ics.Calendar{cal}, nil
}

// readCalDAV asks a CalDAV collection for its events within [from, to) (a time-range
// query, RFC 4791): the server leaves out what cannot be busy then; recurring events
// come as their master, expanded here.
func (s *Service) readCalDAV(ctx context.Context, src source, from, to time.Time) ([]*ics.Calendar, error) {
	var hc webdav.HTTPClient = statusClient{s.client}
	if src.Username != "" || src.Password != "" {
		hc = webdav.HTTPClientWithBasicAuth(hc, src.Username, src.Password)
	}
	u, err := url.Parse(src.URL)
	if err != nil {
		return nil, err
	}
	c, err := caldav.NewClient(hc, src.URL)
	if err != nil {
		return nil, err
	}
	objs, err := c.QueryCalendar(ctx, u.Path, &caldav.CalendarQuery{
		CompRequest: caldav.CalendarCompRequest{Name: "VCALENDAR", AllProps: true, AllComps: true},
		CompFilter: caldav.CompFilter{Name: "VCALENDAR", Comps: []caldav.CompFilter{
			{Name: "VEVENT", Start: from.UTC(), End: to.UTC()}}},
	})
	if err != nil {
		return nil, err
	}
	cals := make([]*ics.Calendar, 0, len(objs))
	for _, o := range objs {
		if o.Data == nil {
			continue
		}
		// One parser for both paths: the object is written back and read as an ICS file.
		var buf bytes.Buffer
		if err := goical.NewEncoder(&buf).Encode(o.Data); err != nil {
			return nil, &ReadError{Code: "calendar_unreadable", Err: err}
		}
		cal, err := parse(buf.Bytes())
		if err != nil {
			return nil, err
		}
		cals = append(cals, cal)
	}
	return cals, nil
}

// parse reads an ICS file; what is not one is refused.
func parse(b []byte) (*ics.Calendar, error) {
	if !bytes.Contains(b[:min(len(b), 1024)], []byte("BEGIN:VCALENDAR")) {
		return nil, &ReadError{Code: "calendar_unreadable"}
	}
	cal, err := ics.ParseCalendar(bytes.NewReader(b))
	if err != nil {
		return nil, &ReadError{Code: "calendar_unreadable", Err: err}
	}
	return cal, nil
}

// statusError is an answer other than success.
type statusError struct{ code int }

func (e *statusError) Error() string { return "the calendar answered " + strconv.Itoa(e.code) }

// statusClient turns a CalDAV server's refusal into a statusError, so that its status
// says why.
type statusClient struct{ c *http.Client }

func (s statusClient) Do(req *http.Request) (*http.Response, error) {
	res, err := s.c.Do(req)
	if err != nil {
		return nil, err
	}
	if res.StatusCode >= 400 {
		res.Body.Close()
		return nil, &statusError{code: res.StatusCode}
	}
	return res, nil
}

// classify names why a read failed.
func classify(err error) error {
	var (
		re     *ReadError
		st     *statusError
		np     *httpx.NotPublicError
		netErr net.Error
	)
	switch {
	case errors.As(err, &re):
		return re
	case errors.As(err, &st) && (st.code == http.StatusUnauthorized || st.code == http.StatusForbidden):
		return &ReadError{Code: "calendar_denied", Args: []string{"status", strconv.Itoa(st.code)}, Err: err}
	case errors.As(err, &st):
		return &ReadError{Code: "calendar_status", Args: []string{"status", strconv.Itoa(st.code)}, Err: err}
	case errors.As(err, &np):
		return &ReadError{Code: "calendar_not_public", Err: err}
	case errors.Is(err, errTooLarge):
		return &ReadError{Code: "calendar_too_large", Args: []string{"mb", strconv.Itoa(DefaultMaxBytes >> 20)}, Err: err}
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &netErr) && netErr.Timeout():
		return &ReadError{Code: "calendar_timeout", Err: err}
	}
	return &ReadError{Code: "calendar_unreachable", Err: err}
}

// httpxTransport dials only public addresses unless private ones are allowed.
func httpxTransport(allowPrivate bool) http.RoundTripper {
	return httpx.OutboundTransport(allowPrivate)
}

// limitedTransport fails a response whose body grows past max bytes.
type limitedTransport struct {
	next http.RoundTripper
	max  int64
}

func (t *limitedTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	res, err := t.next.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	if res.ContentLength > t.max {
		res.Body.Close()
		return nil, fmt.Errorf("%d bytes: %w", res.ContentLength, errTooLarge)
	}
	res.Body = &limitedBody{r: res.Body, left: t.max}
	return res, nil
}

type limitedBody struct {
	r    io.ReadCloser
	left int64
}

func (b *limitedBody) Read(p []byte) (int, error) {
	if b.left <= 0 {
		// One byte more tells a body of exactly max bytes from a longer one.
		var one [1]byte
		if n, _ := b.r.Read(one[:]); n > 0 {
			return 0, errTooLarge
		}
		return b.r.Read(p)
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.r.Read(p)
	b.left -= int64(n)
	return n, err
}

func (b *limitedBody) Close() error { return b.r.Close() }
