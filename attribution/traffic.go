package attribution

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Store counts the site's visits and opened chats per day, source and campaign.
type Store struct {
	db  *pgxpool.Pool
	now func() time.Time
}

// NewStore returns a store over db.
func NewStore(db *pgxpool.Pool) *Store { return &Store{db: db, now: time.Now} }

// Kinds of arrival counted.
const (
	KindVisit = "visit" // the first page of a visit
	KindChat  = "chat"  // a chat opened
)

// Record counts one arrival of kind on today's row of the visit's source and campaign.
// Only counts are kept: nothing of the visitor.
func (s *Store) Record(ctx context.Context, kind string, v *Visit) error {
	visits, chats := 0, 0
	switch kind {
	case KindVisit:
		visits = 1
	case KindChat:
		chats = 1
	default:
		return nil
	}
	v = v.Clean()
	_, err := s.db.Exec(ctx, `INSERT INTO traffic (day, source, campaign, visits, chats) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (day, source, campaign) DO UPDATE
		SET visits = traffic.visits + excluded.visits, chats = traffic.chats + excluded.chats`,
		s.now().UTC().Format(time.DateOnly), v.Source(), v.Campaign(), visits, chats)
	return err
}

// Count is one source and campaign's arrivals over a period.
type Count struct {
	Source   string `json:"source" db:"source"`
	Campaign string `json:"campaign" db:"campaign"`
	Visits   int    `json:"visits" db:"visits"`
	Chats    int    `json:"chats" db:"chats"`
}

// Counts sums the arrivals of the days from..to (inclusive, YYYY-MM-DD) per source and
// campaign, most visits first.
func (s *Store) Counts(ctx context.Context, from, to string) ([]Count, error) {
	rows, err := s.db.Query(ctx, `SELECT source, campaign, sum(visits)::int AS visits, sum(chats)::int AS chats
		FROM traffic WHERE day BETWEEN $1::date AND $2::date
		GROUP BY source, campaign ORDER BY visits DESC, chats DESC, source, campaign`, from, to)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[Count])
}
