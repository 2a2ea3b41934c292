package api

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/redis/go-redis/v9"

	"github.com/dota-agency/dota/ratelimit"
)

// FormLimits are the budgets of the public forms (the booking form and the newsletter),
// counted in Redis over fixed windows and shared by every replica: per client address
// and per contact (phone, e-mail), and the proof-of-work challenge an address must solve
// once it is past its soft limit. Zero values take the defaults below.
type FormLimits struct {
	Window         time.Duration // the counting window (DOTA_FORM_WINDOW)
	PerAddress     int           // submissions of one form from one address per window (DOTA_FORM_MAX_PER_IP)
	ChallengeAfter int           // past this many from one address, each needs a solved challenge (DOTA_FORM_CHALLENGE_AFTER)
	PerContact     int           // submissions of one form naming one phone or e-mail per window (DOTA_FORM_MAX_PER_CONTACT)
	Challenge      ChallengeConfig
}

// Defaults of FormLimits.
const (
	DefaultFormWindow         = time.Hour
	DefaultFormPerAddress     = 10
	DefaultFormChallengeAfter = 3
	DefaultFormPerContact     = 5
)

func (l FormLimits) withDefaults() FormLimits {
	if l.Window <= 0 {
		l.Window = DefaultFormWindow
	}
	if l.PerAddress <= 0 {
		l.PerAddress = DefaultFormPerAddress
	}
	if l.ChallengeAfter <= 0 {
		l.ChallengeAfter = DefaultFormChallengeAfter
	}
	if l.PerContact <= 0 {
		l.PerContact = DefaultFormPerContact
	}
	l.Challenge = l.Challenge.withDefaults()
	return l
}

// formExtras are the fields the public forms send besides their data.
type formExtras struct {
	// Website is the honeypot: a field hidden from people, which only robots fill.
	Website string `json:"website"`
	// Altcha is a solved challenge, base64-encoded JSON as ALTCHA's widget sends it.
	Altcha string `json:"altcha"`
}

// publicForm is a public form's body: its data, the anti-abuse fields, and the contacts
// it names, which have budgets of their own.
type publicForm interface {
	extras() formExtras
	contacts() (email, phone string)
}

func (x formExtras) extras() formExtras { return x }

// read decodes a public form's body into f and counts it against form's budgets (admit);
// it returns nil when the request may go on.
func (g *formGuard) read(c *gin.Context, form string, f publicForm) error {
	if err := decodeJSON(c, f); err != nil {
		return err
	}
	email, phone := f.contacts()
	return g.admit(c, submission{form: form, contacts: contactKeys(email, phone), formExtras: f.extras()})
}

// submission is what the guard looks at in one form request.
type submission struct {
	form     string   // "book" or "newsletter": each form has budgets of its own
	contacts []string // from contactKeys
	formExtras
}

// formGuard enforces FormLimits before a public form reaches the domain.
type formGuard struct {
	limits     FormLimits
	counter    *ratelimit.Limiter // nil without Redis: nothing is counted
	challenges *challenges
	log        *slog.Logger
}

func newFormGuard(rdb redis.Cmdable, prefix string, limits FormLimits, log *slog.Logger) *formGuard {
	limits = limits.withDefaults()
	g := &formGuard{limits: limits, log: log, challenges: newChallenges(rdb, prefix, limits.Challenge)}
	if rdb != nil {
		g.counter = ratelimit.New(rdb, prefix+"form:")
	}
	return g
}

// Errors of the guard.
var (
	// errHoneypot answers a filled honeypot: a plain refusal, nothing stored. It does
	// not pretend success: a person whose browser filled the hidden field would believe
	// they had booked.
	errHoneypot = &Error{Status: http.StatusBadRequest, Code: "validation", MessageKey: "form_refused",
		Fields: map[string]string{"website": "form_refused"}}
)

// admit counts one submission against the address's and each contact's budget, in one
// round trip to Redis, and returns nil when the request may go on. Past a hard limit it
// is 429 rate_limited with Retry-After; with the honeypot filled, 400 validation; past
// the address's soft limit without a fresh solved challenge, 429 rate_limited with
// `challenge: "required"`. Should Redis not answer, the form is served unguarded (a
// booking matters more than a limit) and a warning logged.
func (g *formGuard) admit(c *gin.Context, s submission) error {
	ds, err := g.count(c, s.form, s.contacts)
	if err != nil || ds == nil {
		return err
	}
	switch {
	case s.Website != "":
		formRefusals.WithLabelValues(s.form, "honeypot").Inc()
		return errHoneypot
	case g.limits.PerAddress-ds[0].Remaining <= g.limits.ChallengeAfter:
		return nil
	}
	if err := g.challenges.redeem(c, s.Altcha); err != nil {
		if err != errChallenge {
			return err
		}
		formRefusals.WithLabelValues(s.form, "challenge").Inc()
		return &Error{Status: http.StatusTooManyRequests, Code: "rate_limited", MessageKey: "challenge_required",
			RetryAfter: windowLeft(g.limits.Window, time.Now()), Challenge: "required"}
	}
	return nil
}

// count counts one request of form against the address's and each key's budget, in one
// round trip to Redis: 429 rate_limited with Retry-After past a hard limit. It returns
// the decisions, the address's first; none when nothing could be counted (no Redis, or
// Redis not answering: the request is served unguarded, and a warning logged).
func (g *formGuard) count(c *gin.Context, form string, keys []string) ([]ratelimit.Decision, error) {
	ds, retry := g.tally(c, c.ClientIP(), form, keys, "request_id", requestID(c))
	if retry > 0 {
		formRefusals.WithLabelValues(form, "rate_limited").Inc()
		return nil, &Error{Status: http.StatusTooManyRequests, Code: "rate_limited", MessageKey: "form_rate_limited", RetryAfter: retry}
	}
	return ds, nil
}

// tally counts one request of form from the address ip against the address's and each
// key's budget, in one round trip to Redis. It returns the decisions, the address's
// first, and the seconds to wait when a budget is spent (0 when none is); no decisions
// when nothing could be counted (no Redis, or Redis not answering: a warning is logged,
// with logArgs).
func (g *formGuard) tally(ctx context.Context, ip, form string, keys []string, logArgs ...any) ([]ratelimit.Decision, int) {
	if g.counter == nil {
		return nil, 0
	}
	budgets := []ratelimit.Budget{{Key: form + ":ip:" + ratelimit.AddressKey(ip),
		Limit: g.limits.PerAddress, Window: g.limits.Window}}
	for _, k := range keys {
		budgets = append(budgets, ratelimit.Budget{Key: form + ":" + k, Limit: g.limits.PerContact, Window: g.limits.Window})
	}
	ds, err := g.counter.AllowEach(ctx, budgets...)
	if err != nil {
		g.log.WarnContext(ctx, "form limits not checked: Redis does not answer",
			append(logArgs, "form", form, "err", err)...)
		return nil, 0
	}
	retry := 0
	for _, d := range ds {
		if !d.Allowed {
			retry = max(retry, d.RetryAfterSeconds())
		}
	}
	return ds, retry
}

// limit is a middleware that counts each request of form against the address's budget and
// the budget of the route parameter param (a manage link's token, hashed).
func (g *formGuard) limit(form, param string) gin.HandlerFunc {
	return func(c *gin.Context) {
		if _, err := g.count(c, form, []string{param + ":" + shortHash(c.Param(param))}); err != nil {
			_ = c.Error(err)
			c.Abort()
		}
	}
}

// windowLeft is how many seconds remain, at least 1, in the fixed window holding now.
func windowLeft(window time.Duration, now time.Time) int {
	left := window - time.Duration(now.UnixMilli()%window.Milliseconds())*time.Millisecond
	return max(1, int((left+time.Second-1)/time.Second))
}

// contactKeys are the budget keys of the contacts a form names, so that one person
// counts once however the contact is typed: the e-mail trimmed and lowercased, the phone
// as its digits only ("0555 12-34-56" and "0555123456" are one number). The keys are
// hashed: Redis holds no contact details.
func contactKeys(email, phone string) []string {
	var keys []string
	if e := strings.ToLower(strings.TrimSpace(email)); e != "" {
		keys = append(keys, "email:"+shortHash(e))
	}
	digits := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, phone)
	if digits != "" {
		keys = append(keys, "phone:"+shortHash(digits))
	}
	return keys
}

func shortHash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:12])
}
