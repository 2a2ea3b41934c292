package chatbot

import (
	"context"

	"github.com/dota-agency/dota/chatbot/reader"
	"github.com/dota-agency/dota/chatbot/transcript"
)

// RatingWeeks is how many weeks of ratings the operations page shows.
const RatingWeeks = 8

// Ratings returns the rate of visitors helped per staff member and per week, over the
// last RatingWeeks weeks, newest first, in the agency's time zone.
func (e *Engine) Ratings(ctx context.Context) ([]transcript.RatingWeek, error) {
	st, err := e.core.Settings(ctx)
	if err != nil {
		return nil, err
	}
	return e.transcripts.Ratings(ctx, RatingWeeks, st.Location())
}

// When staff hand a conversation back to Dota — the holder releases it, or has been
// silent in it for staff_idle_release_minutes — Dota asks the visitor one question in
// their language, answered with two taps: was the exchange with the staff member
// helpful? The answer is kept for the operations page (transcript/ratings.go); any other
// message drops the question and is answered as usual.

// ratingAsk is the satisfaction question Dota asked, about the staff member named.
type ratingAsk struct {
	AgentID string `json:"agent_id"`
	Agent   string `json:"agent"`
}

// askRating asks the visitor whether the staff member of h helped them, when one held
// the conversation; it reports whether it asked.
func (t *turn) askRating(h *handoff) bool {
	if h == nil || h.State != HandoffStaff || h.AgentID == "" || t.s.ConversationID == "" {
		return false
	}
	l := t.lang()
	t.s.Rating = &ratingAsk{AgentID: h.AgentID, Agent: h.Agent}
	t.say(text(l, "rating_ask", "agent", h.Agent), SourceFlow)
	t.s.QuickReplies = []QuickReply{{Label: text(l, "qr_rate_yes"), Value: text(l, "qr_rate_yes")},
		{Label: text(l, "qr_rate_no"), Value: text(l, "qr_rate_no")}}
	return true
}

// answerRating reads the answer to the satisfaction question of the previous turn, and
// reports whether the message was one; the question is asked once either way.
func (t *turn) answerRating(msg string, ws []string) bool {
	r := t.s.Rating
	if r == nil {
		return false
	}
	t.s.Rating = nil
	var helpful bool
	switch {
	case isReply(msg, "qr_rate_yes") || reader.YesWords.Exact(ws):
		helpful = true
	case isReply(msg, "qr_rate_no") || reader.NoWords.Exact(ws):
		helpful = false
	default:
		return false
	}
	if err := t.e.transcripts.Rate(t.ctx, t.s.ConversationID, r.AgentID, r.Agent, helpful); err != nil {
		t.e.log.WarnContext(t.ctx, "chat: recording a visitor's rating", "err", err)
	}
	outcome := "unhelpful"
	if helpful {
		outcome = "helpful"
	}
	handoffRatings.WithLabelValues(outcome).Inc()
	t.say(text(t.lang(), "rating_thanks"), SourceFlow)
	t.carryOn()
	return true
}
