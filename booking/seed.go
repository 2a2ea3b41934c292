package booking

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

//go:embed seed.json
var seedJSON []byte

type seedData struct {
	// Agency is the demo agency: its name and contact e-mail (settings) and its profile.
	Agency struct {
		SiteName     string `json:"site_name"`
		ContactEmail string `json:"contact_email"`
		Profile      Agency `json:"profile"`
	} `json:"agency"`
	Services []struct {
		Slug        string              `json:"slug"`
		Name        json.RawMessage     `json:"name"`
		Description json.RawMessage     `json:"description"`
		Icon        string              `json:"icon"`
		Category    json.RawMessage     `json:"category"`
		Tags        []string            `json:"tags"`
		Details     json.RawMessage     `json:"details"`
		QA          json.RawMessage     `json:"qa"`
		Keywords    map[string][]string `json:"keywords"`
		DaysAgo     int                 `json:"created_days_ago"`
	} `json:"services"`
	Projects []struct {
		Title          string   `json:"title"`
		Description    string   `json:"description"`
		Category       string   `json:"category"`
		Type           string   `json:"type"`
		Technologies   []string `json:"technologies"`
		Service        string   `json:"service"`
		PrimaryImage   *string  `json:"primary_image"`
		SecondaryImage *string  `json:"secondary_image"`
		YouTubeVideo   *string  `json:"youtube_video"`
		Year           *int     `json:"year"`
		Published      bool     `json:"published"`
		DaysAgo        int      `json:"created_days_ago"`
	} `json:"projects"`
}

// SeedReport counts what Seed added.
type SeedReport struct {
	Services, Projects int
	Agency             bool // the profile was empty and now holds the demo agency's
}

// Seed adds the agency's profile, catalogue and demo portfolio. It is idempotent: a
// profile already filled, a service whose slug exists, or a project whose title exists, is
// left as it is.
func (s *Core) Seed(ctx context.Context) (SeedReport, error) {
	var data seedData
	if err := json.Unmarshal(seedJSON, &data); err != nil {
		return SeedReport{}, fmt.Errorf("seed: %w", err)
	}
	var rep SeedReport
	now := s.now()
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		a := data.Agency
		tag, err := tx.Exec(ctx, `UPDATE settings SET agency = $1, site_name = $2,
			contact_email = CASE WHEN contact_email = '' THEN $3 ELSE contact_email END, updated_at = now()
			WHERE id = 1 AND agency = '{}'`, a.Profile, a.SiteName, a.ContactEmail)
		if err != nil {
			return fmt.Errorf("seed agency: %w", err)
		}
		rep.Agency = tag.RowsAffected() > 0
		for _, sv := range data.Services {
			kw, _ := json.Marshal(sv.Keywords)
			tag, err := tx.Exec(ctx, `INSERT INTO services (slug, name, description, icon, category, tags, details, qa,
				keywords, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (slug) DO NOTHING`,
				sv.Slug, sv.Name, sv.Description, sv.Icon, sv.Category, sv.Tags, sv.Details, sv.QA, kw,
				now.Add(-time.Duration(sv.DaysAgo)*24*time.Hour))
			if err != nil {
				return fmt.Errorf("seed service %s: %w", sv.Slug, err)
			}
			rep.Services += int(tag.RowsAffected())
		}
		for _, p := range data.Projects {
			tag, err := tx.Exec(ctx, `INSERT INTO projects (title, description, category, type, technologies, service,
				primary_image, secondary_image, youtube_video, year, published, created_at)
				SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12
				WHERE NOT EXISTS (SELECT 1 FROM projects WHERE title = $1)`,
				p.Title, p.Description, p.Category, p.Type, p.Technologies, p.Service, p.PrimaryImage,
				p.SecondaryImage, p.YouTubeVideo, p.Year, p.Published, now.Add(-time.Duration(p.DaysAgo)*24*time.Hour))
			if err != nil {
				return fmt.Errorf("seed project %s: %w", p.Title, err)
			}
			rep.Projects += int(tag.RowsAffected())
		}
		return nil
	})
	return rep, err
}
