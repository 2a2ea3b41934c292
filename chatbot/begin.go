package chatbot

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/dota-agency/dota/i18n"
	"github.com/dota-agency/dota/ratelimit"
)

// A conversation is stored from the visitor's first message on. Start gives the widget a
// session id and the greeting, and keeps only the language under the id, for openedTTL;
// the first message sent under that id begins the conversation under it, the greeting at
// its head. Each conversation opened — by Start, or by a message under an unknown id — is
// counted against the conversations its address may open in a minute
// (Config.IPOpenLimit), so that one address cannot fill Redis with them.

// DefaultIPOpenLimit is how many conversations one address (an IPv6 /64) may open in
// a minute.
const DefaultIPOpenLimit = 10

// openedTTL is how long an opened conversation waits for the visitor's first message
// (the session's own time-to-live when shorter); past it, the first message begins a new
// conversation, which the reply names.
const openedTTL = time.Hour

func (e *Engine) openedKey(id string) string { return e.key("o", id) }

func (e *Engine) openedFor() time.Duration { return min(openedTTL, e.cfg.SessionTTL) }

// openBudget is the budget of the conversations an address may open.
func (e *Engine) openBudget(address string) ratelimit.Budget {
	return ratelimit.Budget{Key: "new:ip:" + address, Limit: e.cfg.IPOpenLimit, Window: rateWindow}
}

// open counts a conversation Start opens against the budgets of its address — its
// messages and the conversations it may open — and keeps its language under its id.
func (e *Engine) open(ctx context.Context, s *session, address string) error {
	budgets, scopes := e.budgets(address, "")
	if address != "" {
		budgets, scopes = append(budgets, e.openBudget(address)), append(scopes, "ip")
	}
	if err := e.allowEach(ctx, budgets, scopes); err != nil {
		return err
	}
	if err := e.rdb.Set(ctx, e.openedKey(s.ID), s.Lang, e.openedFor()).Err(); err != nil {
		return unavailable(err)
	}
	return nil
}

func (e *Engine) newSession(lang string) *session {
	if lang = i18n.Normalize(lang); lang == "" {
		lang = i18n.Default
	}
	return &session{ID: newSessionID(), Lang: lang, Step: StepGreeting, StartedAt: e.now()}
}

// begin makes the session of a conversation's first message: under the id sent when
// Start opened it (opened is true; the language is Start's unless the message gives
// one), else under a new id, once that new conversation is counted against the
// conversations its address may open.
func (e *Engine) begin(ctx context.Context, id, lang, address string) (s *session, opened bool, err error) {
	if validSessionID(id) {
		startLang, err := e.rdb.GetDel(ctx, e.openedKey(id)).Result()
		switch {
		case err == nil:
			if lang == "" {
				lang = startLang
			}
			s = e.newSession(lang)
			s.ID = id
			return s, true, nil
		case !errors.Is(err, redis.Nil):
			return nil, false, unavailable(err)
		}
	}
	if address != "" {
		if err := e.allowEach(ctx, []ratelimit.Budget{e.openBudget(address)}, []string{"ip"}); err != nil {
			return nil, false, err
		}
	}
	return e.newSession(lang), false, nil
}
