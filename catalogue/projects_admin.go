package catalogue

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
)

// The back-office's side of the portfolio: staff list, add, change and remove projects.

// Paging is the page of a list that staff asked for; zero values take the defaults.
type Paging struct {
	Page int
	Size int
}

// resolve gives a page its defaults, 1 and 20, and refuses one out of bounds: any size up
// to 100.
func (p Paging) resolve() (Paging, error) {
	if p.Page == 0 {
		p.Page = 1
	}
	if p.Size == 0 {
		p.Size = 20
	}
	if p.Page < 1 || p.Page > 1_000_000 {
		return p, invalidField("page", "invalid_option")
	}
	if p.Size < 1 || p.Size > 100 {
		return p, invalidField("size", "invalid_option")
	}
	return p, nil
}

// ProjectPage is one page of projects, with the total that matched.
type ProjectPage struct {
	Items []ProjectView `json:"items"`
	Total int           `json:"total"`
	Page  int           `json:"page"`
	Size  int           `json:"size"`
}

// Projects lists projects newest first; q matches title, description, category (in any
// language) and service; status, when set, filters.
func (s *Store) Projects(ctx context.Context, q, status string, p Paging) (ProjectPage, error) {
	p, err := p.resolve()
	if err != nil {
		return ProjectPage{}, err
	}
	if status != "" && !slices.Contains(ProjectStatuses, status) {
		return ProjectPage{}, invalidField("status", "invalid_option")
	}
	out := ProjectPage{Page: p.Page, Size: p.Size, Items: []ProjectView{}}
	var conds []string
	var args []any
	if q = strings.TrimSpace(q); q != "" {
		args = append(args, likePattern(q))
		conds = append(conds, fmt.Sprintf(`(service ILIKE $%[1]d OR EXISTS (SELECT 1 FROM (
			SELECT value FROM jsonb_each_text(title)
			UNION ALL SELECT value FROM jsonb_each_text(coalesce(description, '{}'))
			UNION ALL SELECT value FROM jsonb_each_text(coalesce(category, '{}'))) t WHERE t.value ILIKE $%[1]d))`, len(args)))
	}
	if status != "" {
		args = append(args, status)
		conds = append(conds, fmt.Sprintf(`status = $%d`, len(args)))
	}
	where := "TRUE"
	if len(conds) > 0 {
		where = strings.Join(conds, " AND ")
	}
	if err := s.db.QueryRow(ctx, `SELECT count(*) FROM projects WHERE `+where, args...).Scan(&out.Total); err != nil {
		return out, err
	}
	n := len(args)
	args = append(args, p.Size, (p.Page-1)*p.Size)
	rows, err := s.db.Query(ctx, `SELECT `+projectColumns+` FROM projects WHERE `+where+
		fmt.Sprintf(` ORDER BY created_at DESC, id LIMIT $%d OFFSET $%d`, n+1, n+2), args...)
	if err != nil {
		return out, err
	}
	list, err := pgx.CollectRows(rows, scanProject)
	for _, pr := range list {
		out.Items = append(out.Items, viewOf(pr))
	}
	return out, err
}

// likePattern makes a search text an ILIKE pattern matching it anywhere, its wildcards
// taken literally.
func likePattern(q string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(strings.TrimSpace(q)) + "%"
}

// CreateProject validates and adds a project; status defaults to En cours, type to
// internal, published to false.
func (s *Store) CreateProject(ctx context.Context, in ProjectInput) (ProjectView, error) {
	p := Project{Type: ProjectTypes[0], Status: ProjectStatuses[0]}
	if err := in.apply(&p); err != nil {
		return ProjectView{}, err
	}
	saved, err := collectProject(s.db.Query(ctx, `INSERT INTO projects (title, description, primary_image, secondary_image,
		youtube_video, category, technologies, year, service, type, department, fournisseur, published, devis,
		versement, paiement, status, attachment_drive_link, facture_drive_link)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
		RETURNING `+projectColumns, projectArgs(p)...))
	return viewOf(saved), err
}

// UpdateProject changes the given fields of a project in one transaction: the project as
// stored is locked, changed and validated; an invalid change leaves it as it was.
func (s *Store) UpdateProject(ctx context.Context, id string, in ProjectInput) (ProjectView, error) {
	if !isUUID(id) {
		return ProjectView{}, ErrNotFound
	}
	var out Project
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		p, err := collectProject(tx.Query(ctx, `SELECT `+projectColumns+` FROM projects WHERE id = $1 FOR UPDATE`, id))
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
			WHERE id = $1 RETURNING `+projectColumns, append([]any{id}, projectArgs(p)...)...))
		return err
	})
	return viewOf(out), err
}

// SetPublished publishes or unpublishes a project.
func (s *Store) SetPublished(ctx context.Context, id string, published bool) (ProjectView, error) {
	return s.UpdateProject(ctx, id, ProjectInput{Published: &published})
}

// DeleteProject removes a project.
func (s *Store) DeleteProject(ctx context.Context, id string) error {
	if !isUUID(id) {
		return ErrNotFound
	}
	tag, err := s.db.Exec(ctx, `DELETE FROM projects WHERE id = $1`, id)
	if err == nil && tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return err
}

func projectArgs(p Project) []any {
	if p.Technologies == nil {
		p.Technologies = []string{}
	}
	return []any{p.Title, p.Description.orNull(), p.PrimaryImage, p.SecondaryImage, p.YouTubeVideo, p.Category.orNull(),
		p.Technologies, p.Year, p.Service, p.Type, p.Department, p.Fournisseur, p.Published, p.Devis, p.Versement,
		p.Paiement, p.Status, p.AttachmentDriveLink, p.FactureDriveLink}
}

// collectProject reads the one project of rows, ErrNotFound when there is none.
func collectProject(rows pgx.Rows, err error) (Project, error) {
	if err != nil {
		return Project{}, err
	}
	p, err := pgx.CollectExactlyOneRow(rows, scanProject)
	if errors.Is(err, pgx.ErrNoRows) {
		return p, ErrNotFound
	}
	return p, err
}
