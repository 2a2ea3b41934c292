package booking

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
)

// The back-office's side of the portfolio: staff list, add, change and remove projects.
// booking owns the projects table, as it owns the public reads and the seed.

// ProjectPage is one page of projects, with the total that matched.
type ProjectPage struct {
	Items []Project
	Total int
}

// Projects lists projects newest first, p being resolved already (Paging.ForList); q
// matches title, description, category (in any language) and service; status, when set,
// filters.
func (s *Core) Projects(ctx context.Context, q, status string, p Paging) (ProjectPage, error) {
	var conds []string
	var args []any
	if q = strings.TrimSpace(q); q != "" {
		args = append(args, LikePattern(q))
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
	var out ProjectPage
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
	out.Items, err = pgx.CollectRows(rows, scanProject)
	return out, err
}

// CreateProject stores a new project, validated by the caller, and returns it as stored.
func (s *Core) CreateProject(ctx context.Context, p Project) (Project, error) {
	return collectProject(s.db.Query(ctx, `INSERT INTO projects (title, description, primary_image, secondary_image,
		youtube_video, category, technologies, year, service, type, department, fournisseur, published, devis,
		versement, paiement, status, attachment_drive_link, facture_drive_link)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
		RETURNING `+projectColumns, projectArgs(p)...))
}

// UpdateProject changes a project in one transaction: fn is given the project as stored,
// locked, and changes it or returns an error, which leaves it as it was.
func (s *Core) UpdateProject(ctx context.Context, id string, fn func(*Project) error) (Project, error) {
	if !IsUUID(id) {
		return Project{}, ErrNotFound
	}
	var out Project
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		p, err := collectProject(tx.Query(ctx, `SELECT `+projectColumns+` FROM projects WHERE id = $1 FOR UPDATE`, id))
		if err != nil {
			return err
		}
		if err := fn(&p); err != nil {
			return err
		}
		out, err = collectProject(tx.Query(ctx, `UPDATE projects SET title = $2, description = $3, primary_image = $4,
			secondary_image = $5, youtube_video = $6, category = $7, technologies = $8, year = $9, service = $10,
			type = $11, department = $12, fournisseur = $13, published = $14, devis = $15, versement = $16,
			paiement = $17, status = $18, attachment_drive_link = $19, facture_drive_link = $20, updated_at = now()
			WHERE id = $1 RETURNING `+projectColumns, append([]any{id}, projectArgs(p)...)...))
		return err
	})
	return out, err
}

// DeleteProject removes a project.
func (s *Core) DeleteProject(ctx context.Context, id string) error {
	if !IsUUID(id) {
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
