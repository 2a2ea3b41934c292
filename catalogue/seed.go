package catalogue

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
	Services []struct {
		Slug        string              `json:"slug"`
		Name        json.RawMessage     `json:"name"`
		Description json.RawMessage     `json:"description"`
		Icon        string              `json:"icon"`
		Category    json.RawMessage     `json:"category"`
		Tags        map[string][]string `json:"tags"`
		Details     json.RawMessage     `json:"details"`
		QA          json.RawMessage     `json:"qa"`
		Keywords    map[string][]string `json:"keywords"`
		DaysAgo     int                 `json:"created_days_ago"`
		Modes       []string            `json:"modes"`
		DefaultMode string              `json:"default_mode"`
	} `json:"services"`
	Projects []struct {
		Title          Localized `json:"title"`
		Description    Localized `json:"description"`
		Category       Localized `json:"category"`
		Type           string    `json:"type"`
		Technologies   []string  `json:"technologies"`
		Service        string    `json:"service"`
		PrimaryImage   *string   `json:"primary_image"`
		SecondaryImage *string   `json:"secondary_image"`
		YouTubeVideo   *string   `json:"youtube_video"`
		Year           *int      `json:"year"`
		Published      bool      `json:"published"`
		DaysAgo        int       `json:"created_days_ago"`
	} `json:"projects"`
}

// SeedReport counts what Seed added.
type SeedReport struct {
	Services, Projects int
}

// Seed adds the agency's catalogue and demo portfolio (the agency's profile is
// booking.Core.SeedAgency's). It is idempotent: a service whose slug exists is left as it
// is but for the tags of the languages it lacks; a project whose
// French title exists gets only the languages it lacks (projects stored before they had
// texts per language were French).
func (s *Store) Seed(ctx context.Context) (SeedReport, error) {
	var data seedData
	if err := json.Unmarshal(seedJSON, &data); err != nil {
		return SeedReport{}, fmt.Errorf("seed: %w", err)
	}
	var rep SeedReport
	now := s.now()
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		for _, sv := range data.Services {
			kw, _ := json.Marshal(sv.Keywords)
			modes, def := sv.Modes, sv.DefaultMode
			if len(modes) == 0 {
				modes, def = DefaultModes, DefaultModes[0]
			}
			tag, err := tx.Exec(ctx, `INSERT INTO services (slug, name, description, icon, category, tags, details, qa,
				keywords, created_at, modes, default_mode) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
				ON CONFLICT (slug) DO NOTHING`,
				sv.Slug, sv.Name, sv.Description, sv.Icon, sv.Category, sv.Tags, sv.Details, sv.QA, kw,
				now.Add(-time.Duration(sv.DaysAgo)*24*time.Hour), modes, def)
			if err != nil {
				return fmt.Errorf("seed service %s: %w", sv.Slug, err)
			}
			rep.Services += int(tag.RowsAffected())
			if tag.RowsAffected() > 0 {
				continue
			}
			// Stored already: the tags of the languages it lacks are added.
			if _, err := tx.Exec(ctx, `UPDATE services SET tags = $2::jsonb || tags
				WHERE slug = $1 AND NOT (tags ? 'en' AND tags ? 'ar')`, sv.Slug, sv.Tags); err != nil {
				return fmt.Errorf("seed service %s: %w", sv.Slug, err)
			}
		}
		for _, p := range data.Projects {
			args := pgx.NamedArgs{"title": p.Title, "description": p.Description, "category": p.Category,
				"french": p.Title["fr"], "type": p.Type, "technologies": p.Technologies, "service": p.Service,
				"primary_image": p.PrimaryImage, "secondary_image": p.SecondaryImage, "youtube_video": p.YouTubeVideo,
				"year": p.Year, "published": p.Published, "created_at": now.Add(-time.Duration(p.DaysAgo) * 24 * time.Hour)}
			tag, err := tx.Exec(ctx, `INSERT INTO projects (title, description, category, type, technologies, service,
				primary_image, secondary_image, youtube_video, year, published, created_at)
				SELECT @title, @description, @category, @type, @technologies, @service, @primary_image,
					@secondary_image, @youtube_video, @year, @published, @created_at
				WHERE NOT EXISTS (SELECT 1 FROM projects WHERE title->>'fr' = @french)`, args)
			if err != nil {
				return fmt.Errorf("seed project %s: %w", p.Title["fr"], err)
			}
			rep.Projects += int(tag.RowsAffected())
			if tag.RowsAffected() > 0 {
				continue
			}
			// Stored already: the languages it lacks are added, what staff wrote is kept.
			if _, err := tx.Exec(ctx, `UPDATE projects SET title = @title::jsonb || title,
					description = CASE WHEN description IS NULL THEN NULL ELSE @description::jsonb || description END,
					category = CASE WHEN category IS NULL THEN NULL ELSE @category::jsonb || category END
				WHERE title->>'fr' = @french AND NOT (title ? 'en' AND title ? 'ar')`, args); err != nil {
				return fmt.Errorf("seed project %s: %w", p.Title["fr"], err)
			}
		}
		return nil
	})
	return rep, err
}
