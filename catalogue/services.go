package catalogue

import (
	"context"
	"encoding/json"
	"errors"
	"sort"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/i18n"
)

// Icons a service may use; any other name is shown as DefaultIcon.
var Icons = []string{"Code", "Camera", "Smartphone", "Bot", "GraduationCap", "Wrench", "Video",
	"TrendingUp", "Shield", "Search", "ShoppingCart", "Printer", "Share2", "Ruler", "HeartHandshake",
	"PaintBucket", "Presentation"}

// DefaultIcon is the icon of a service that names none, or an unknown one.
const DefaultIcon = "Code"

// FeaturesMarker splits a service's details HTML into its intro and its features.
const FeaturesMarker = "<!-- service-features -->"

// QA is one question and its answer of a service's FAQ.
type QA struct {
	Question string `json:"question"`
	Answer   string `json:"answer"`
}

// Service is one line of the agency's catalogue, with its texts in every language.
type Service struct {
	ID          string              `json:"id"`
	Slug        string              `json:"slug"`
	Name        Localized           `json:"name"`
	Description Localized           `json:"description"`
	Icon        string              `json:"icon"`
	Category    Localized           `json:"category"`
	Tags        map[string][]string `json:"tags"`
	Keywords    map[string][]string `json:"keywords,omitempty"`
	Details     Localized           `json:"details"`
	QA          map[string][]QA     `json:"qa"`
	IsActive    bool                `json:"is_active"`
	CreatedAt   time.Time           `json:"created_at"`
	// Modes are the meeting modes the service offers (Modes' order), DefaultMode the one
	// a booking that names none gets.
	Modes       []string `json:"modes"`
	DefaultMode string   `json:"default_mode"`
	// Questions are what a booking of the service is asked after it (questions.go).
	Questions []Question `json:"questions"`
}

// ServiceView is a service with its texts resolved for one language and its details
// HTML sanitized.
type ServiceView struct {
	ID            string         `json:"id"`
	Slug          string         `json:"slug"`
	Name          string         `json:"name"`
	Description   string         `json:"description"`
	Icon          string         `json:"icon"`
	Category      string         `json:"category"`
	Tags          []string       `json:"tags"`
	Details       string         `json:"details"`
	DetailsBlocks [2]string      `json:"details_blocks"`
	QA            []QA           `json:"qa"`
	IsActive      bool           `json:"is_active"`
	CreatedAt     time.Time      `json:"created_at"`
	Modes         []string       `json:"modes"`
	DefaultMode   string         `json:"default_mode"`
	Questions     []QuestionView `json:"questions"`
}

// In resolves the service for lang with the catalogue's fallbacks.
func (s Service) In(lang string) ServiceView {
	v := ServiceView{
		ID: s.ID, Slug: s.Slug, Name: s.Name.In(lang), Description: s.Description.In(lang),
		Icon: s.Icon, Category: s.Category.In(lang), Tags: listIn(s.Tags, lang), IsActive: s.IsActive, CreatedAt: s.CreatedAt,
		Modes: s.Modes, DefaultMode: s.DefaultMode, Questions: questionsIn(s.Questions, lang),
	}
	if v.Description == "" {
		v.Description = Text(lang, "unknown_service")
	}
	if !validIcon(v.Icon) {
		v.Icon = DefaultIcon
	}
	if v.Tags == nil {
		v.Tags = []string{}
	}
	v.DetailsBlocks = SplitDetails(s.Details.In(lang))
	v.Details = strings.TrimSpace(v.DetailsBlocks[0] + "\n" + v.DetailsBlocks[1])
	for _, k := range []string{i18n.Normalize(lang), "en"} {
		if qa := s.QA[k]; len(qa) > 0 {
			v.QA = qa
			break
		}
	}
	if v.QA == nil {
		v.QA = []QA{}
	}
	return v
}

// ForBrowser returns the service with its details HTML sanitized in every language, for
// the answers that give every language at once (?raw=1): no stored HTML reaches a
// browser unsanitized.
func (s Service) ForBrowser() Service {
	details := make(Localized, len(s.Details))
	for lang, html := range s.Details {
		details[lang] = SanitizeHTML(html)
	}
	s.Details = details
	return s
}

func validIcon(name string) bool {
	for _, i := range Icons {
		if i == name {
			return true
		}
	}
	return false
}

// ServiceOrder is how a list of services is sorted.
type ServiceOrder string

// Orders of the service list.
const (
	OrderRecent ServiceOrder = "recent"
	OrderName   ServiceOrder = "name"
)

const serviceColumns = `id, slug, name, coalesce(description, 'null'), icon, coalesce(category, 'null'), tags,
	coalesce(keywords, 'null'), coalesce(details, 'null'), coalesce(qa, 'null'), is_active, created_at,
	modes, default_mode, questions`

// Services lists the active services, newest first or by name in lang; limit <= 0 means all.
func (s *Store) Services(ctx context.Context, order ServiceOrder, lang string, limit int) ([]Service, error) {
	rows, err := s.db.Query(ctx, `SELECT `+serviceColumns+` FROM services WHERE is_active ORDER BY created_at DESC, slug`)
	if err != nil {
		return nil, err
	}
	list, err := pgx.CollectRows(rows, scanService)
	if err != nil {
		return nil, err
	}
	if order == OrderName {
		sort.SliceStable(list, func(i, j int) bool {
			return strings.ToLower(list[i].Name.In(lang)) < strings.ToLower(list[j].Name.In(lang))
		})
	}
	if limit > 0 && len(list) > limit {
		list = list[:limit]
	}
	return list, nil
}

// ServiceBySlug returns one active service.
func (s *Store) ServiceBySlug(ctx context.Context, slug string) (Service, error) {
	return s.oneService(ctx, `SELECT `+serviceColumns+` FROM services WHERE is_active AND slug = $1`, slug)
}

// oneService runs a statement that reads or changes one service, returning its row;
// ErrNotFound when it names none.
func (s *Store) oneService(ctx context.Context, sql string, args ...any) (Service, error) {
	rows, err := s.db.Query(ctx, sql, args...)
	if err != nil {
		return Service{}, err
	}
	svc, err := pgx.CollectExactlyOneRow(rows, scanService)
	if errors.Is(err, pgx.ErrNoRows) {
		return Service{}, ErrNotFound
	}
	return svc, err
}

func scanService(row pgx.CollectableRow) (Service, error) {
	var s Service
	var name, desc, cat, tags, kw, details, qa, questions []byte
	if err := row.Scan(&s.ID, &s.Slug, &name, &desc, &s.Icon, &cat, &tags, &kw, &details, &qa, &s.IsActive, &s.CreatedAt,
		&s.Modes, &s.DefaultMode, &questions); err != nil {
		return s, err
	}
	for _, f := range []struct {
		raw []byte
		dst any
	}{{name, &s.Name}, {desc, &s.Description}, {cat, &s.Category}, {tags, &s.Tags}, {kw, &s.Keywords}, {details, &s.Details}, {qa, &s.QA}, {questions, &s.Questions}} {
		if err := json.Unmarshal(f.raw, f.dst); err != nil {
			return s, err
		}
	}
	return s, nil
}

// listIn resolves a list stored per language for lang, falling back to English, then to
// French (lists stored before they had languages were French).
func listIn(lists map[string][]string, lang string) []string {
	for _, k := range []string{i18n.Normalize(lang), "en", i18n.Default} {
		if l := lists[k]; len(l) > 0 {
			return l
		}
	}
	return nil
}
