package transcript

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// When staff hand a conversation back to Dota, the visitor is asked one question: were
// they helped? Each answer is kept with the staff member who held the conversation, and
// the operations page shows the rate of yes per staff member and per week.

// Rate records a visitor's answer about the staff member who held the conversation.
func (st *Store) Rate(ctx context.Context, conversationID, agentID, agentName string, helpful bool) error {
	if !st.Kept() {
		return nil
	}
	var agent any
	if agentID != "" {
		agent = agentID
	}
	_, err := st.db.Exec(ctx, `INSERT INTO chat_ratings (conversation_id, agent_id, agent_name, helpful, created_at)
		VALUES ($1, $2, $3, $4, $5)`, conversationID, agent, agentName, helpful, st.now())
	if err != nil {
		return fmt.Errorf("chat ratings: %w", err)
	}
	return nil
}

// RatingWeek is one staff member's answers over one week.
type RatingWeek struct {
	Week    string  `json:"week"` // its Monday, YYYY-MM-DD, in the agency's time zone
	AgentID string  `json:"agent_id"`
	Agent   string  `json:"agent"` // as the visitors last saw them named
	Helpful int     `json:"helpful"`
	Total   int     `json:"total"`
	Rate    float64 `json:"rate"` // Helpful / Total
}

// Ratings returns the answers of the last weeks (this one included) per week, newest
// first, and per staff member within a week, in the agency's time zone loc.
func (st *Store) Ratings(ctx context.Context, weeks int, loc *time.Location) ([]RatingWeek, error) {
	out := []RatingWeek{}
	if !st.Kept() {
		return out, nil
	}
	if loc == nil {
		loc = time.UTC
	}
	now := st.now().In(loc)
	monday := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, loc).
		AddDate(0, 0, -((int(now.Weekday())+6)%7)-7*(weeks-1))
	rows, err := st.db.Query(ctx, `SELECT to_char(date_trunc('week', created_at AT TIME ZONE $2), 'YYYY-MM-DD'),
			coalesce(agent_id::text, ''), (array_agg(agent_name ORDER BY created_at DESC))[1],
			count(*) FILTER (WHERE helpful), count(*)
		FROM chat_ratings WHERE created_at >= $1
		GROUP BY 1, 2 ORDER BY 1 DESC, 3, 2`, monday, loc.String())
	if err != nil {
		return out, fmt.Errorf("chat ratings: %w", err)
	}
	var w RatingWeek
	_, err = pgx.ForEachRow(rows, []any{&w.Week, &w.AgentID, &w.Agent, &w.Helpful, &w.Total}, func() error {
		w.Rate = float64(w.Helpful) / float64(w.Total)
		out = append(out, w)
		return nil
	})
	if err != nil {
		return out, fmt.Errorf("chat ratings: %w", err)
	}
	return out, nil
}
