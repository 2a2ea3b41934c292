package catalogue

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5"
)

// ServiceName is a service as a booking reads the service it names against it: its slug,
// its name in every language, the meeting modes it offers with its default one, and the
// questions a booking of it is asked.
type ServiceName struct {
	Slug        string
	Name        Localized
	Modes       []string
	DefaultMode string
	Questions   []Question
}

// ActiveServiceNames is the statement that lists the active services' slugs and names
// (ScanServiceName reads its rows), for a caller that sends it in a batch of its own: a
// booking reads the service it names in its own round trip.
const ActiveServiceNames = `SELECT slug, name, modes, default_mode, questions FROM services WHERE is_active`

// ScanServiceName reads one row of ActiveServiceNames.
func ScanServiceName(row pgx.CollectableRow) (ServiceName, error) {
	var s ServiceName
	var name, questions []byte
	if err := row.Scan(&s.Slug, &name, &s.Modes, &s.DefaultMode, &questions); err != nil {
		return s, err
	}
	if err := json.Unmarshal(questions, &s.Questions); err != nil {
		return s, err
	}
	return s, json.Unmarshal(name, &s.Name)
}

// ServiceNames reads the active services' slugs and names.
func (s *Store) ServiceNames(ctx context.Context) ([]ServiceName, error) {
	rows, err := s.db.Query(ctx, ActiveServiceNames)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, ScanServiceName)
}

// AllServiceNames reads every service's slug and names, active or not: the names of the
// services stored bookings hold.
func (s *Store) AllServiceNames(ctx context.Context) ([]ServiceName, error) {
	rows, err := s.db.Query(ctx, `SELECT slug, name, modes, default_mode, questions FROM services`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, ScanServiceName)
}
