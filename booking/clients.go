package booking

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// UnknownName stands in for a missing first or last name of a new client.
const UnknownName = "Unknown"

// SplitName makes a client's first and last names from a full name: the first word is
// the first name (prenom), the rest the last name (nom), each 'Unknown' when missing.
func SplitName(full string) (prenom, nom string) {
	words := strings.Fields(full)
	prenom, nom = UnknownName, UnknownName
	if len(words) > 0 {
		prenom = words[0]
	}
	if len(words) > 1 {
		nom = strings.Join(words[1:], " ")
	}
	return prenom, nom
}

// NullIfEmpty stores an empty optional value as NULL.
func NullIfEmpty(s string) *string {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	return &s
}

// NewClient is the client the console enters along with an appointment. Book creates it
// inside the booking transaction, only when the request matches no client by e-mail or
// phone, so a refused booking leaves no client behind and a retry makes no second one.
// The e-mail and first phone are the request's; Prenom and Nom replace the names Book
// would split from the request's name.
type NewClient struct {
	Nom     string
	Prenom  string
	Numero2 string
	Company string // the client's company, when it differs from the appointment's
	Siteweb string
}

// clientNames are the first and last names of the client Book creates for r.
func (r *Request) clientNames() (prenom, nom string) {
	if r.NewClient != nil {
		return r.NewClient.Prenom, r.NewClient.Nom
	}
	return SplitName(r.Name)
}

// clientExtras are the new client's second phone, company and website (nil when none).
func (r *Request) clientExtras() (numero2, company, siteweb *string) {
	company = NullIfEmpty(r.Company)
	if r.NewClient == nil {
		return nil, company, nil
	}
	if c := NullIfEmpty(r.NewClient.Company); c != nil {
		company = c
	}
	return NullIfEmpty(r.NewClient.Numero2), company, NullIfEmpty(r.NewClient.Siteweb)
}

// ClientRecord is a person or company the agency works with. Empty optional values are null.
type ClientRecord struct {
	ID            string    `json:"id"`
	Nom           string    `json:"nom"`
	Prenom        string    `json:"prenom"`
	Email         *string   `json:"email"`
	Numero1       *string   `json:"numero_1"`
	Numero2       *string   `json:"numero_2"`
	NomEntreprise *string   `json:"nom_entreprise"`
	Siteweb       *string   `json:"siteweb"`
	Appointments  int       `json:"appointments"`
	CreatedAt     time.Time `json:"created_at"`
	UpdatedAt     time.Time `json:"updated_at"`
}

// ClientInput is a new client, or the changes to one (nil fields stay; "" clears an
// optional one).
type ClientInput struct {
	Nom           *string `json:"nom"`
	Prenom        *string `json:"prenom"`
	Email         *string `json:"email"`
	Numero1       *string `json:"numero_1"`
	Numero2       *string `json:"numero_2"`
	NomEntreprise *string `json:"nom_entreprise"`
	Siteweb       *string `json:"siteweb"`
}

const clientColumns = `c.id, c.nom, c.prenom, c.email, c.numero_1, c.numero_2, c.nom_entreprise, c.siteweb,
	(SELECT count(*) FROM appointments a WHERE a.client_id = c.id), c.created_at, c.updated_at`

func scanClient(row pgx.CollectableRow) (ClientRecord, error) {
	var cl ClientRecord
	err := row.Scan(&cl.ID, &cl.Nom, &cl.Prenom, &cl.Email, &cl.Numero1, &cl.Numero2, &cl.NomEntreprise, &cl.Siteweb,
		&cl.Appointments, &cl.CreatedAt, &cl.UpdatedAt)
	return cl, err
}

// ClientStats are the clients screen's cards.
type ClientStats struct {
	Total       int `json:"total"`
	WithEmail   int `json:"with_email"`
	WithCompany int `json:"with_company"`
}

// ClientPage is one page of clients.
type ClientPage struct {
	Items []ClientRecord `json:"items"`
	Total int            `json:"total"`
	Page  int            `json:"page"`
	Size  int            `json:"size"`
	Stats ClientStats    `json:"stats"`
}

// clientSearch is the expression the trigram index clients_search_idx covers.
const clientSearch = `(coalesce(c.nom, '') || ' ' || coalesce(c.prenom, '') || ' ' || coalesce(c.email, '') || ' ' || coalesce(c.nom_entreprise, ''))`

// ForList resolves a page of a list other than appointments: any size up to 100, 20 by
// default.
func (p Paging) ForList() (Paging, error) {
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

// Clients lists clients newest first; q matches nom, prenom, email and nom_entreprise.
func (s *Core) Clients(ctx context.Context, q string, p Paging) (ClientPage, error) {
	p, err := p.ForList()
	if err != nil {
		return ClientPage{}, err
	}
	if len(q) > ShortMaxLen {
		return ClientPage{}, invalidField("q", "too_long")
	}
	where, args := "TRUE", []any{}
	if q = strings.TrimSpace(q); q != "" {
		where, args = clientSearch+` ILIKE $1`, append(args, LikePattern(q))
	}
	out := ClientPage{Page: p.Page, Size: p.Size}
	if err := s.db.QueryRow(ctx, `SELECT count(*) FROM clients c WHERE `+where, args...).Scan(&out.Total); err != nil {
		return out, err
	}
	if err := s.db.QueryRow(ctx, `SELECT count(*), count(email), count(nom_entreprise) FROM clients`).Scan(
		&out.Stats.Total, &out.Stats.WithEmail, &out.Stats.WithCompany); err != nil {
		return out, err
	}
	n := len(args)
	args = append(args, p.Size, (p.Page-1)*p.Size)
	rows, err := s.db.Query(ctx, `SELECT `+clientColumns+` FROM clients c WHERE `+where+
		fmt.Sprintf(` ORDER BY c.created_at DESC, c.id LIMIT $%d OFFSET $%d`, n+1, n+2), args...)
	if err != nil {
		return out, err
	}
	out.Items, err = pgx.CollectRows(rows, scanClient)
	return out, err
}

// Normalize trims the input and checks it; full is true for a creation.
func (in *ClientInput) Normalize(full bool) error {
	for _, f := range []*string{in.Nom, in.Prenom, in.Email, in.Numero1, in.Numero2, in.NomEntreprise, in.Siteweb} {
		if f != nil {
			*f = strings.TrimSpace(*f)
		}
	}
	if in.Email != nil {
		*in.Email = NormalizeEmail(*in.Email)
	}
	v := &ValidationError{}
	for field, val := range map[string]*string{"nom": in.Nom, "prenom": in.Prenom} {
		if (full && val == nil) || (val != nil && *val == "") {
			v.Summary = "nom_prenom_required"
			v.Add(field, "required")
		} else if val != nil && len([]rune(*val)) > NameMaxLen {
			v.Add(field, "too_long")
		}
	}
	if in.Email != nil && *in.Email != "" && CheckEmail(*in.Email) != "" {
		v.Add("email", "email_invalid")
	}
	for field, val := range map[string]*string{"numero_1": in.Numero1, "numero_2": in.Numero2} {
		if val != nil && *val != "" {
			if code := CheckPhone(*val); code != "" {
				v.Add(field, code)
			}
		}
	}
	if in.NomEntreprise != nil && len([]rune(*in.NomEntreprise)) > ShortMaxLen {
		v.Add("nom_entreprise", "too_long")
	}
	if in.Siteweb != nil && *in.Siteweb != "" {
		u, err := url.Parse(*in.Siteweb)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || len(*in.Siteweb) > 500 {
			v.Add("siteweb", "url_invalid")
		}
	}
	return v.OrNil()
}

// e164 is a number's canonical form, by which the booking core matches clients; nil when
// there is none.
func e164(s *string) *string {
	if s == nil {
		return nil
	}
	if e, ok := CanonicalPhone(*s); ok {
		return &e
	}
	return nil
}

func nullable(s *string) *string {
	if s == nil {
		return nil
	}
	return NullIfEmpty(*s)
}

// CreateClient adds a client; nom and prenom are required, empty optionals are null.
func (s *Core) CreateClient(ctx context.Context, in ClientInput) (ClientRecord, error) {
	if err := in.Normalize(true); err != nil {
		return ClientRecord{}, err
	}
	rows, err := s.db.Query(ctx, `INSERT INTO clients AS c (nom, prenom, email, numero_1, numero_2, nom_entreprise, siteweb,
			numero_1_e164, numero_2_e164)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING `+clientColumns,
		*in.Nom, *in.Prenom, nullable(in.Email), nullable(in.Numero1), nullable(in.Numero2),
		nullable(in.NomEntreprise), nullable(in.Siteweb), e164(in.Numero1), e164(in.Numero2))
	if err != nil {
		return ClientRecord{}, err
	}
	return pgx.CollectExactlyOneRow(rows, scanClient)
}

// Client reads one client.
func (s *Core) Client(ctx context.Context, id string) (ClientRecord, error) {
	rows, err := s.db.Query(ctx, `SELECT `+clientColumns+` FROM clients c WHERE c.id = $1`, id)
	return oneClient(rows, err)
}

// UpdateClient changes the given fields of a client.
func (s *Core) UpdateClient(ctx context.Context, id string, in ClientInput) (ClientRecord, error) {
	if !IsUUID(id) {
		return ClientRecord{}, ErrNotFound
	}
	if err := in.Normalize(false); err != nil {
		return ClientRecord{}, err
	}
	// For optional fields, a nil pointer keeps the value and "" clears it.
	keep := func(s *string) bool { return s == nil }
	rows, err := s.db.Query(ctx, `UPDATE clients AS c SET
		nom = coalesce($2, nom), prenom = coalesce($3, prenom),
		email = CASE WHEN $4 THEN email ELSE $5 END,
		numero_1 = CASE WHEN $6 THEN numero_1 ELSE $7 END,
		numero_1_e164 = CASE WHEN $6 THEN numero_1_e164 ELSE $14 END,
		numero_2 = CASE WHEN $8 THEN numero_2 ELSE $9 END,
		numero_2_e164 = CASE WHEN $8 THEN numero_2_e164 ELSE $15 END,
		nom_entreprise = CASE WHEN $10 THEN nom_entreprise ELSE $11 END,
		siteweb = CASE WHEN $12 THEN siteweb ELSE $13 END,
		updated_at = now()
		WHERE c.id = $1 RETURNING `+clientColumns,
		id, in.Nom, in.Prenom, keep(in.Email), nullable(in.Email), keep(in.Numero1), nullable(in.Numero1),
		keep(in.Numero2), nullable(in.Numero2), keep(in.NomEntreprise), nullable(in.NomEntreprise),
		keep(in.Siteweb), nullable(in.Siteweb), e164(in.Numero1), e164(in.Numero2))
	return oneClient(rows, err)
}

// oneClient is the one client rows hold; ErrNotFound when none.
func oneClient(rows pgx.Rows, err error) (ClientRecord, error) {
	if err != nil {
		return ClientRecord{}, err
	}
	cl, err := pgx.CollectExactlyOneRow(rows, scanClient)
	if errors.Is(err, pgx.ErrNoRows) {
		return cl, ErrNotFound
	}
	return cl, err
}

// ErrClientBooked refuses to delete a client while appointments reference it.
var ErrClientBooked = fmt.Errorf("client has appointments: %w", ErrConflict)

// DeleteClient removes a client, refused with ErrClientBooked while appointments reference it.
func (s *Core) DeleteClient(ctx context.Context, id string) error {
	if !IsUUID(id) {
		return ErrNotFound
	}
	return pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		var exists, booked bool
		if err := tx.QueryRow(ctx, `SELECT true, EXISTS (SELECT 1 FROM appointments WHERE client_id = $1)
			FROM clients WHERE id = $1 FOR UPDATE`, id).Scan(&exists, &booked); err != nil {
			if errors.Is(err, pgx.ErrNoRows) {
				return ErrNotFound
			}
			return err
		}
		if booked {
			return ErrClientBooked
		}
		_, err := tx.Exec(ctx, `DELETE FROM clients WHERE id = $1`, id)
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.Code == "23503" { // booked meanwhile
			return ErrClientBooked
		}
		return err
	})
}

// ClientOutcomes is what happened at a client's past meetings: the count of each outcome
// (and of those still without one), and each past appointment, newest first.
type ClientOutcomes struct {
	ClientID string         `json:"client_id"`
	Counts   map[string]int `json:"counts"`
	// NoShowBadge is set from NoShowBadgeAt no-shows on: staff see it on the client's
	// appointments.
	NoShowBadge  bool                `json:"no_show_badge"`
	Appointments []ClientPastMeeting `json:"appointments"`
}

// ClientPastMeeting is one past appointment of a client with its outcome ("" when none
// is recorded).
type ClientPastMeeting struct {
	ID        string  `json:"id" db:"id"`
	Service   string  `json:"service" db:"service"`
	Date      string  `json:"date" db:"date"`
	Time      string  `json:"time" db:"time"`
	Status    string  `json:"status" db:"status"`
	Outcome   string  `json:"outcome" db:"outcome"`
	OutcomeBy *string `json:"outcome_by" db:"outcome_by"`
}

// clientPastMeetingsMax bounds the past appointments a client's record lists.
const clientPastMeetingsMax = 100

// ClientOutcomes returns the outcomes of a client's past appointments; ErrNotFound when
// there is no such client.
func (s *Core) ClientOutcomes(ctx context.Context, clientID string) (ClientOutcomes, error) {
	if !IsUUID(clientID) {
		return ClientOutcomes{}, ErrNotFound
	}
	var exists bool
	if err := s.db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM clients WHERE id = $1)`, clientID).Scan(&exists); err != nil {
		return ClientOutcomes{}, err
	}
	if !exists {
		return ClientOutcomes{}, ErrNotFound
	}
	rows, err := s.db.Query(ctx, `SELECT a.id::text AS id, coalesce(a.service, '') AS service,
			to_char(a.date, 'YYYY-MM-DD') AS date, coalesce(a.time, '') AS time, a.status,
			coalesce(a.outcome, '') AS outcome, a.outcome_by
		FROM appointments a WHERE a.client_id = $1 AND a.starts_at <= $2
		ORDER BY a.starts_at DESC, a.id LIMIT $3`, clientID, s.now(), clientPastMeetingsMax)
	if err != nil {
		return ClientOutcomes{}, err
	}
	past, err := pgx.CollectRows(rows, pgx.RowToStructByName[ClientPastMeeting])
	if err != nil {
		return ClientOutcomes{}, err
	}
	out := ClientOutcomes{ClientID: clientID, Counts: map[string]int{OutcomeMissing: 0}, Appointments: past}
	for _, o := range Outcomes {
		out.Counts[o] = 0
	}
	rows, err = s.db.Query(ctx, `SELECT coalesce(outcome, 'missing'), count(*)::int FROM appointments
		WHERE client_id = $1 AND starts_at <= $2 AND (outcome IS NOT NULL OR status <> 'cancelled')
		GROUP BY 1`, clientID, s.now())
	if err != nil {
		return out, err
	}
	var (
		outcome string
		n       int
	)
	_, err = pgx.ForEachRow(rows, []any{&outcome, &n}, func() error {
		out.Counts[outcome] = n
		return nil
	})
	out.NoShowBadge = out.Counts[OutcomeNoShow] >= NoShowBadgeAt
	return out, err
}
