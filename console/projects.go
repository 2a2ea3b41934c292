package console

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/booking"
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
	Title               *string   `json:"title"`
	Description         *string   `json:"description"`
	PrimaryImage        *string   `json:"primary_image"`
	SecondaryImage      *string   `json:"secondary_image"`
	YouTubeVideo        *string   `json:"youtube_video"`
	Category            *string   `json:"category"`
	Technologies        *[]string `json:"technologies"`
	Year                *int      `json:"year"`
	Service             *string   `json:"service"`
	Type                *string   `json:"type"`
	Department          *string   `json:"department"`
	Fournisseur         *string   `json:"fournisseur"`
	Published           *bool     `json:"published"`
	Devis               *Money    `json:"devis"`
	Versement           *Money    `json:"versement"`
	Paiement            *Money    `json:"paiement"`
	Status              *string   `json:"status"`
	AttachmentDriveLink *string   `json:"attachment_drive_link"`
	FactureDriveLink    *string   `json:"facture_drive_link"`
}

// apply merges the input into p and validates the result.
func (in ProjectInput) apply(p *booking.Project) error {
	opt := func(dst **string, src *string) {
		if src != nil {
			*dst = booking.NullIfEmpty(strings.TrimSpace(*src))
		}
	}
	if in.Title != nil {
		p.Title = strings.TrimSpace(*in.Title)
	}
	opt(&p.Description, in.Description)
	opt(&p.PrimaryImage, in.PrimaryImage)
	opt(&p.SecondaryImage, in.SecondaryImage)
	opt(&p.YouTubeVideo, in.YouTubeVideo)
	opt(&p.Category, in.Category)
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
	if p.Title == "" {
		v.Add("title", "title_required")
	} else if len([]rune(p.Title)) > booking.ShortMaxLen {
		v.Add("title", "too_long")
	}
	if p.Description != nil && len([]rune(*p.Description)) > 10*booking.MessageMaxLen {
		v.Add("description", "too_long")
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
	var conds []string
	var args []any
	if q = strings.TrimSpace(q); q != "" {
		args = append(args, booking.LikePattern(q))
		conds = append(conds, fmt.Sprintf(`(title ILIKE $%[1]d OR description ILIKE $%[1]d OR category ILIKE $%[1]d OR service ILIKE $%[1]d)`, len(args)))
	}
	if status != "" {
		args = append(args, status)
		conds = append(conds, fmt.Sprintf(`status = $%d`, len(args)))
	}
	where := "TRUE"
	if len(conds) > 0 {
		where = strings.Join(conds, " AND ")
	}
	out := ProjectPage{Page: p.Page, Size: p.Size, Items: []ProjectView{}}
	if err := c.db.QueryRow(ctx, `SELECT count(*) FROM projects WHERE `+where, args...).Scan(&out.Total); err != nil {
		return out, err
	}
	n := len(args)
	args = append(args, p.Size, (p.Page-1)*p.Size)
	rows, err := c.db.Query(ctx, `SELECT `+booking.ProjectColumns+` FROM projects WHERE `+where+
		fmt.Sprintf(` ORDER BY created_at DESC, id LIMIT $%d OFFSET $%d`, n+1, n+2), args...)
	if err != nil {
		return out, err
	}
	list, err := pgx.CollectRows(rows, booking.ScanProject)
	for _, pr := range list {
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
	return collectProject(c.db.Query(ctx, `INSERT INTO projects (title, description, primary_image, secondary_image,
		youtube_video, category, technologies, year, service, type, department, fournisseur, published, devis,
		versement, paiement, status, attachment_drive_link, facture_drive_link)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
		RETURNING `+booking.ProjectColumns, projectArgs(p)...))
}

// UpdateProject changes the given fields of a project.
func (c *Console) UpdateProject(ctx context.Context, id string, in ProjectInput) (ProjectView, error) {
	var out ProjectView
	err := pgx.BeginFunc(ctx, c.db, func(tx pgx.Tx) error {
		p, err := projectForUpdate(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := in.apply(&p); err != nil {
			return err
		}
		out, err = collectProject(tx.Query(ctx, `UPDATE projects SET title = $2, description = $3, primary_image = $4,
			secondary_image = $5, youtube_video = $6, category = $7, technologies = $8, year = $9, service = $10,
			type = $11, department = $12, fournisseur = $13, published = $14, devis = $15, versement = $16,
			paiement = $17, status = $18, attachment_drive_link = $19, facture_drive_link = $20, updated_at = now()
			WHERE id = $1 RETURNING `+booking.ProjectColumns, append([]any{id}, projectArgs(p)...)...))
		return err
	})
	return out, err
}

// SetPublished publishes or unpublishes a project.
func (c *Console) SetPublished(ctx context.Context, id string, published bool) (ProjectView, error) {
	return c.UpdateProject(ctx, id, ProjectInput{Published: &published})
}

// DeleteProject removes a project.
func (c *Console) DeleteProject(ctx context.Context, id string) error {
	if !booking.IsUUID(id) {
		return booking.ErrNotFound
	}
	tag, err := c.db.Exec(ctx, `DELETE FROM projects WHERE id = $1`, id)
	if err == nil && tag.RowsAffected() == 0 {
		return booking.ErrNotFound
	}
	return err
}

func projectForUpdate(ctx context.Context, tx pgx.Tx, id string) (booking.Project, error) {
	if !booking.IsUUID(id) {
		return booking.Project{}, booking.ErrNotFound
	}
	rows, err := tx.Query(ctx, `SELECT `+booking.ProjectColumns+` FROM projects WHERE id = $1 FOR UPDATE`, id)
	if err != nil {
		return booking.Project{}, err
	}
	p, err := pgx.CollectExactlyOneRow(rows, booking.ScanProject)
	if errors.Is(err, pgx.ErrNoRows) {
		return p, booking.ErrNotFound
	}
	return p, err
}

func projectArgs(p booking.Project) []any {
	if p.Technologies == nil {
		p.Technologies = []string{}
	}
	return []any{p.Title, p.Description, p.PrimaryImage, p.SecondaryImage, p.YouTubeVideo, p.Category,
		p.Technologies, p.Year, p.Service, p.Type, p.Department, p.Fournisseur, p.Published, p.Devis, p.Versement,
		p.Paiement, p.Status, p.AttachmentDriveLink, p.FactureDriveLink}
}

func collectProject(rows pgx.Rows, err error) (ProjectView, error) {
	if err != nil {
		return ProjectView{}, err
	}
	saved, err := pgx.CollectExactlyOneRow(rows, booking.ScanProject)
	return viewOf(saved), err
}
