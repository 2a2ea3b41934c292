package console

import (
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/i18n"
)

// Canned replies are short answers staff insert from a conversation's reply box, kept by
// administrators in French, English and Arabic. Their variables are filled from the
// conversation when one is inserted (canned_fill.go).

// Limits of a canned reply, in characters.
const (
	CannedTitleMax = 80
	// CannedTextMax leaves room, under a staff message's 2000 characters, for the values
	// the variables take.
	CannedTextMax = 1000
)

// CannedVariables are the variables a canned reply's text may hold, each written in braces.
var CannedVariables = []string{"first_name", "date", "service", "manage_link"}

// CannedReply is a short answer, its text per language.
type CannedReply struct {
	ID        string            `json:"id"`
	Title     string            `json:"title"`
	Texts     map[string]string `json:"texts"`
	CreatedAt time.Time         `json:"created_at"`
	UpdatedAt time.Time         `json:"updated_at"`
}

// CannedInput is a canned reply as an administrator writes it. In a change, a nil field
// is left as it is; Texts, when given, replaces every language (an empty text drops one).
type CannedInput struct {
	Title *string            `json:"title"`
	Texts *map[string]string `json:"texts"`
}

const cannedColumns = `id, title, texts, created_at, updated_at`

func scanCanned(row pgx.CollectableRow) (CannedReply, error) {
	var r CannedReply
	err := row.Scan(&r.ID, &r.Title, &r.Texts, &r.CreatedAt, &r.UpdatedAt)
	if r.Texts == nil {
		r.Texts = map[string]string{}
	}
	return r, err
}

// CannedReplies lists every canned reply by title.
func (c *Console) CannedReplies(ctx context.Context) ([]CannedReply, error) {
	rows, err := c.db.Query(ctx, `SELECT `+cannedColumns+` FROM canned_replies ORDER BY lower(title), id`)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, scanCanned)
	if out == nil {
		out = []CannedReply{}
	}
	return out, err
}

// CannedReply returns one canned reply; booking.ErrNotFound when there is none.
func (c *Console) CannedReply(ctx context.Context, id string) (CannedReply, error) {
	if !booking.IsUUID(id) {
		return CannedReply{}, booking.ErrNotFound
	}
	rows, err := c.db.Query(ctx, `SELECT `+cannedColumns+` FROM canned_replies WHERE id = $1`, id)
	return oneCanned(rows, err)
}

// CreateCannedReply stores a new canned reply written by the user: a title and a text in
// at least one language.
func (c *Console) CreateCannedReply(ctx context.Context, by User, in CannedInput) (CannedReply, error) {
	if in.Title == nil {
		in.Title = new(string)
	}
	if in.Texts == nil {
		in.Texts = &map[string]string{}
	}
	title, texts, err := checkCanned(in)
	if err != nil {
		return CannedReply{}, err
	}
	var author *string
	if booking.IsUUID(by.ID) {
		author = &by.ID
	}
	rows, err := c.db.Query(ctx, `INSERT INTO canned_replies (title, texts, created_by) VALUES ($1, $2, $3)
		RETURNING `+cannedColumns, title, texts, author)
	return oneCanned(rows, err)
}

// UpdateCannedReply changes what the input gives of a canned reply.
func (c *Console) UpdateCannedReply(ctx context.Context, id string, in CannedInput) (CannedReply, error) {
	if !booking.IsUUID(id) {
		return CannedReply{}, booking.ErrNotFound
	}
	title, texts, err := checkCanned(in)
	if err != nil {
		return CannedReply{}, err
	}
	rows, err := c.db.Query(ctx, `UPDATE canned_replies SET title = coalesce($2, title), texts = coalesce($3, texts),
		updated_at = now() WHERE id = $1 RETURNING `+cannedColumns, id, title, texts)
	return oneCanned(rows, err)
}

// DeleteCannedReply removes a canned reply.
func (c *Console) DeleteCannedReply(ctx context.Context, id string) error {
	if !booking.IsUUID(id) {
		return booking.ErrNotFound
	}
	tag, err := c.db.Exec(ctx, `DELETE FROM canned_replies WHERE id = $1`, id)
	if err == nil && tag.RowsAffected() == 0 {
		return booking.ErrNotFound
	}
	return err
}

// oneCanned reads the one row a statement returns: booking.ErrNotFound for none, a
// validation error on the title for a title another reply has.
func oneCanned(rows pgx.Rows, err error) (CannedReply, error) {
	if err != nil {
		return CannedReply{}, err
	}
	r, err := pgx.CollectExactlyOneRow(rows, scanCanned)
	var pgErr *pgconn.PgError
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return r, booking.ErrNotFound
	case errors.As(err, &pgErr) && pgErr.Code == "23505":
		return r, invalid("title", "canned_title_taken")
	}
	return r, err
}

// variable finds a {name} of a text.
var variable = regexp.MustCompile(`\{([^{}\s]*)\}`)

// checkCanned cleans and checks what the input gives: the title (nil when not given) and
// the texts as stored (nil when not given).
func checkCanned(in CannedInput) (*string, []byte, error) {
	v := newValidation()
	var title *string
	if in.Title != nil {
		t := strings.Join(strings.Fields(cleanCanned(*in.Title)), " ")
		switch n := utf8.RuneCountInString(t); {
		case n == 0:
			v.Add("title", "required")
		case n > CannedTitleMax:
			v.Add("title", "too_long")
		}
		title = &t
	}
	var stored []byte
	if in.Texts != nil {
		texts := map[string]string{}
		for lang, text := range *in.Texts {
			field := "texts." + lang
			text = cleanCanned(text)
			switch {
			case !slices.Contains(i18n.Languages, lang):
				v.Add(field, "invalid_option")
			case utf8.RuneCountInString(text) > CannedTextMax:
				v.Add(field, "too_long")
			case unknownVariable(text):
				v.Add(field, "canned_unknown_variable")
			case text != "":
				texts[lang] = text
			}
		}
		if len(texts) == 0 && len(v.Fields) == 0 {
			v.Add("texts", "canned_text_required")
		}
		stored, _ = json.Marshal(texts)
	}
	return title, stored, v.OrNil()
}

// unknownVariable reports whether text names a variable in braces that is none of
// CannedVariables: a typo would otherwise reach the visitor as it is.
func unknownVariable(text string) bool {
	for _, m := range variable.FindAllStringSubmatch(text, -1) {
		if !slices.Contains(CannedVariables, m[1]) {
			return true
		}
	}
	return false
}

// cleanCanned makes a text of staff's plain and safe to show anywhere: valid UTF-8,
// line breaks as "\n", no other control character, no angle bracket (a chat message
// carries no markup), trimmed.
func cleanCanned(s string) string {
	s = strings.ToValidUTF8(s, "")
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.Map(func(r rune) rune {
		switch {
		case r == '\n':
			return r
		case r == '\t', r == '\r':
			return ' '
		case r == '<', r == '>', unicode.IsControl(r), r == utf8.RuneError:
			return -1
		}
		return r
	}, s)
	return strings.TrimSpace(s)
}
