package console

import (
	"context"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/i18n"
)

// Money is an amount in DZD that accepts a JSON number or a numeric string; anything
// else reads as 0, as the spec asks.
type Money float64

// UnmarshalJSON implements json.Unmarshaler; it never fails.
func (m *Money) UnmarshalJSON(b []byte) error {
	var v any
	if json.Unmarshal(b, &v) != nil {
		*m = 0
		return nil
	}
	var f float64
	switch x := v.(type) {
	case float64:
		f = x
	case string:
		f, _ = strconv.ParseFloat(strings.ReplaceAll(strings.TrimSpace(x), ",", "."), 64)
	}
	if math.IsNaN(f) || math.IsInf(f, 0) || f < 0 || f >= 1e12 {
		f = 0
	}
	*m = Money(math.Round(f*100) / 100)
	return nil
}

// ProjectView is a project as the console shows it, with its YouTube video id.
type ProjectView struct {
	booking.Project
	YouTubeID string `json:"youtube_id"`
}

func viewOf(p booking.Project) ProjectView {
	v := ProjectView{Project: p}
	if p.YouTubeVideo != nil {
		v.YouTubeID = booking.YouTubeID(*p.YouTubeVideo)
	}
	if v.Technologies == nil {
		v.Technologies = []string{}
	}
	return v
}

// ProjectInput is a new project, or the changes to one (nil fields stay).
type ProjectInput struct {
	Title               *booking.Localized `json:"title"`
	Description         *booking.Localized `json:"description"`
	PrimaryImage        *string            `json:"primary_image"`
	SecondaryImage      *string            `json:"secondary_image"`
	YouTubeVideo        *string            `json:"youtube_video"`
	Category            *booking.Localized `json:"category"`
	Technologies        *[]string          `json:"technologies"`
	Year                *int               `json:"year"`
	Service             *string            `json:"service"`
	Type                *string            `json:"type"`
	Department          *string            `json:"department"`
	Fournisseur         *string            `json:"fournisseur"`
	Published           *bool              `json:"published"`
	Devis               *Money             `json:"devis"`
	Versement           *Money             `json:"versement"`
	Paiement            *Money             `json:"paiement"`
	Status              *string            `json:"status"`
	AttachmentDriveLink *string            `json:"attachment_drive_link"`
	FactureDriveLink    *string            `json:"facture_drive_link"`
}

// apply merges the input into p and validates the result.
func (in ProjectInput) apply(p *booking.Project) error {
	opt := func(dst **string, src *string) {
		if src != nil {
			*dst = booking.NullIfEmpty(strings.TrimSpace(*src))
		}
	}
	texts := func(dst *booking.Localized, src *booking.Localized) {
		if src != nil {
			*dst = src.Clean()
		}
	}
	texts(&p.Title, in.Title)
	texts(&p.Description, in.Description)
	texts(&p.Category, in.Category)
	opt(&p.PrimaryImage, in.PrimaryImage)
	opt(&p.SecondaryImage, in.SecondaryImage)
	opt(&p.YouTubeVideo, in.YouTubeVideo)
	opt(&p.Service, in.Service)
	opt(&p.Department, in.Department)
	opt(&p.Fournisseur, in.Fournisseur)
	opt(&p.AttachmentDriveLink, in.AttachmentDriveLink)
	opt(&p.FactureDriveLink, in.FactureDriveLink)
	if in.Technologies != nil {
		p.Technologies = dedupe(*in.Technologies)
	}
	if in.Year != nil {
		p.Year = in.Year
		if *in.Year == 0 {
			p.Year = nil
		}
	}
	if in.Type != nil {
		p.Type = strings.TrimSpace(*in.Type)
	}
	if in.Status != nil {
		p.Status = strings.TrimSpace(*in.Status)
	}
	if in.Published != nil {
		p.Published = *in.Published
	}
	for dst, src := range map[*float64]*Money{&p.Devis: in.Devis, &p.Versement: in.Versement, &p.Paiement: in.Paiement} {
		if src != nil {
			*dst = float64(*src)
		}
	}
	v := newValidation()
	if len(p.Title.Clean()) == 0 {
		v.Add("title", "title_required")
	} else if !everyLanguage(p.Title) {
		v.Add("title", "title_languages")
	} else if longest(p.Title) > booking.ShortMaxLen {
		v.Add("title", "too_long")
	}
	if longest(p.Description) > 10*booking.MessageMaxLen {
		v.Add("description", "too_long")
	}
	if longest(p.Category) > booking.ShortMaxLen {
		v.Add("category", "too_long")
	}
	if p.YouTubeVideo != nil && booking.YouTubeID(*p.YouTubeVideo) == "" {
		v.Add("youtube_video", "youtube_invalid")
	}
	if !slices.Contains(booking.ProjectTypes, p.Type) {
		v.Add("type", "invalid_option")
	}
	if !slices.Contains(booking.ProjectStatuses, p.Status) {
		v.Add("status", "invalid_option")
	}
	if p.Year != nil && (*p.Year < 1990 || *p.Year > 2100) {
		v.Add("year", "invalid_option")
	}
	return v.OrNil()
}

// ProjectPage is one page of projects.
type ProjectPage struct {
	Items []ProjectView `json:"items"`
	Total int           `json:"total"`
	Page  int           `json:"page"`
	Size  int           `json:"size"`
}

// projectStore is what the console needs of the booking core, which owns the projects
// table: the console validates a project, the core stores it.
type projectStore interface {
	Projects(ctx context.Context, q, status string, p booking.Paging) (booking.ProjectPage, error)
	CreateProject(ctx context.Context, p booking.Project) (booking.Project, error)
	UpdateProject(ctx context.Context, id string, fn func(*booking.Project) error) (booking.Project, error)
	DeleteProject(ctx context.Context, id string) error
}

// Projects lists projects newest first; q matches title, description, category and
// service; status filters.
func (c *Console) Projects(ctx context.Context, q, status string, p Paging) (ProjectPage, error) {
	p, err := listPaging(p)
	if err != nil {
		return ProjectPage{}, err
	}
	if status != "" && !slices.Contains(booking.ProjectStatuses, status) {
		return ProjectPage{}, invalid("status", "invalid_option")
	}
	out := ProjectPage{Page: p.Page, Size: p.Size, Items: []ProjectView{}}
	page, err := c.projects.Projects(ctx, q, status, p)
	out.Total = page.Total
	for _, pr := range page.Items {
		out.Items = append(out.Items, viewOf(pr))
	}
	return out, err
}

// CreateProject adds a project; status defaults to En cours, type to internal,
// published to false.
func (c *Console) CreateProject(ctx context.Context, in ProjectInput) (ProjectView, error) {
	p := booking.Project{Type: booking.ProjectTypes[0], Status: booking.ProjectStatuses[0]}
	if err := in.apply(&p); err != nil {
		return ProjectView{}, err
	}
	saved, err := c.projects.CreateProject(ctx, p)
	return viewOf(saved), err
}

// UpdateProject changes the given fields of a project.
func (c *Console) UpdateProject(ctx context.Context, id string, in ProjectInput) (ProjectView, error) {
	saved, err := c.projects.UpdateProject(ctx, id, in.apply)
	return viewOf(saved), err
}

// SetPublished publishes or unpublishes a project.
func (c *Console) SetPublished(ctx context.Context, id string, published bool) (ProjectView, error) {
	return c.UpdateProject(ctx, id, ProjectInput{Published: &published})
}

// DeleteProject removes a project.
func (c *Console) DeleteProject(ctx context.Context, id string) error {
	return c.projects.DeleteProject(ctx, id)
}

// longest is the length in characters of a text's longest language.
func longest(l booking.Localized) int {
	n := 0
	for _, t := range l {
		n = max(n, len([]rune(t)))
	}
	return n
}

// everyLanguage reports whether a text reads in every language: written in each, or
// given once for all (the empty key).
func everyLanguage(l booking.Localized) bool {
	for _, lang := range i18n.Languages {
		if l[lang] == "" && l[""] == "" {
			return false
		}
	}
	return true
}
