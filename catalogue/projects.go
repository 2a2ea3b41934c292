package catalogue

import (
	"context"
	"regexp"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// Project statuses and types of the back-office, with their defaults.
var (
	ProjectStatuses = []string{"En cours", "Version final", "En attent de modification", "Payer et livrer", "Terminer"}
	ProjectTypes    = []string{"internal", "external"}
)

// Project is one item of the agency's portfolio, with its back-office fields.
type Project struct {
	ID                  string    `json:"id"`
	Title               Localized `json:"title"`
	Description         Localized `json:"description"`
	PrimaryImage        *string   `json:"primary_image"`
	SecondaryImage      *string   `json:"secondary_image"`
	YouTubeVideo        *string   `json:"youtube_video"`
	Category            Localized `json:"category"`
	Technologies        []string  `json:"technologies"`
	Year                *int      `json:"year"`
	Service             *string   `json:"service"`
	Type                string    `json:"type"`
	Department          *string   `json:"department"`
	Fournisseur         *string   `json:"fournisseur"`
	Published           bool      `json:"published"`
	Devis               float64   `json:"devis"`
	Versement           float64   `json:"versement"`
	Paiement            float64   `json:"paiement"`
	Status              string    `json:"status"`
	AttachmentDriveLink *string   `json:"attachment_drive_link"`
	FactureDriveLink    *string   `json:"facture_drive_link"`
	CreatedAt           time.Time `json:"created_at"`
	UpdatedAt           time.Time `json:"updated_at"`
}

// PublicProject is what a visitor may see of a project.
type PublicProject struct {
	ID             string    `json:"id"`
	Title          string    `json:"title"`
	Description    string    `json:"description"`
	Category       string    `json:"category"`
	Type           string    `json:"type"`
	Technologies   []string  `json:"technologies"`
	PrimaryImage   string    `json:"primary_image"`
	SecondaryImage string    `json:"secondary_image"`
	YouTubeVideo   string    `json:"youtube_video"`
	YouTubeID      string    `json:"youtube_id"`
	Year           int       `json:"year"`
	Service        string    `json:"service"`
	CreatedAt      time.Time `json:"created_at"`
}

// Public returns the visitor's view of the project, its texts in lang.
func (p Project) Public(lang string) PublicProject {
	v := PublicProject{
		ID: p.ID, Title: p.Title.In(lang), Description: p.Description.In(lang), Category: p.Category.In(lang), Type: p.Type,
		Technologies: p.Technologies, PrimaryImage: deref(p.PrimaryImage), SecondaryImage: deref(p.SecondaryImage),
		YouTubeVideo: deref(p.YouTubeVideo), Service: deref(p.Service), CreatedAt: p.CreatedAt,
	}
	v.YouTubeID = YouTubeID(v.YouTubeVideo)
	if v.YouTubeID == "" {
		v.YouTubeVideo = ""
	}
	if p.Year != nil {
		v.Year = *p.Year
	} else {
		v.Year = p.CreatedAt.Year()
	}
	if v.Technologies == nil {
		v.Technologies = []string{}
	}
	return v
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

var youtubeID = regexp.MustCompile(`(?:youtu\.be/|youtube(?:-nocookie)?\.com/(?:watch\?(?:.*&)?v=|embed/|v/|shorts/|live/))([A-Za-z0-9_-]+)`)

// YouTubeID extracts the video id of a YouTube link; a link is valid only when the id is
// 11 characters long, else "" is returned.
func YouTubeID(link string) string {
	m := youtubeID.FindStringSubmatch(strings.TrimSpace(link))
	if m == nil || len(m[1]) != 11 {
		return ""
	}
	return m[1]
}

// projectColumns lists a project's columns in the order scanProject reads them.
const projectColumns = `id, title, description, primary_image, secondary_image, youtube_video, category,
	technologies, year, service, type, department, fournisseur, published, devis::float8, versement::float8,
	paiement::float8, status, attachment_drive_link, facture_drive_link, created_at, updated_at`

// scanProject reads one row of projectColumns.
func scanProject(row pgx.CollectableRow) (Project, error) {
	var p Project
	err := row.Scan(&p.ID, &p.Title, &p.Description, &p.PrimaryImage, &p.SecondaryImage, &p.YouTubeVideo,
		&p.Category, &p.Technologies, &p.Year, &p.Service, &p.Type, &p.Department, &p.Fournisseur, &p.Published,
		&p.Devis, &p.Versement, &p.Paiement, &p.Status, &p.AttachmentDriveLink, &p.FactureDriveLink,
		&p.CreatedAt, &p.UpdatedAt)
	return p, err
}

// PublishedProjects lists published projects newest first, optionally of one category,
// named in any language.
func (s *Store) PublishedProjects(ctx context.Context, category string) ([]Project, error) {
	rows, err := s.db.Query(ctx, `SELECT `+projectColumns+` FROM projects
		WHERE published AND ($1 = '' OR EXISTS (SELECT 1 FROM jsonb_each_text(coalesce(category, '{}')) c
			WHERE lower(c.value) = lower($1))) ORDER BY created_at DESC, id`, category)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, scanProject)
}

// PublishedProject returns one published project.
func (s *Store) PublishedProject(ctx context.Context, id string) (Project, error) {
	if !isUUID(id) {
		return Project{}, ErrNotFound
	}
	return collectProject(s.db.Query(ctx, `SELECT `+projectColumns+` FROM projects WHERE published AND id = $1`, id))
}

// ServiceProjects lists the published projects that use a service, named by its slug or
// by its name in any language.
func (s *Store) ServiceProjects(ctx context.Context, svc Service) ([]Project, error) {
	names := append([]string{svc.Slug}, svc.Name.All()...)
	for i := range names {
		names[i] = strings.ToLower(names[i])
	}
	rows, err := s.db.Query(ctx, `SELECT `+projectColumns+` FROM projects
		WHERE published AND lower(service) = ANY($1) ORDER BY created_at DESC, id`, names)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, scanProject)
}
