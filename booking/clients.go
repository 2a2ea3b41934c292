package booking

import (
	"context"
	"errors"
	"strings"

	"github.com/jackc/pgx/v5"
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

// matchOrCreateClient finds the client with this e-mail (case-insensitive) or phone, or
// creates one. It runs inside the booking transaction, which holds a lock on the phone
// and e-mail so two bookings by the same new person make one client.
func matchOrCreateClient(ctx context.Context, tx pgx.Tx, r *Request) (string, error) {
	digits := PhoneDigits(r.Phone)
	var id string
	err := tx.QueryRow(ctx, `SELECT id FROM clients
		WHERE ($1 <> '' AND lower(email) = $1)
		   OR ($2 <> '' AND (numero_1 = $2 OR numero_2 = $2 OR numero_1 = $3 OR numero_2 = $3))
		ORDER BY created_at LIMIT 1`, r.Email, r.Phone, digits).Scan(&id)
	if err == nil {
		return id, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return "", err
	}
	prenom, nom := SplitName(r.Name)
	err = tx.QueryRow(ctx, `INSERT INTO clients (nom, prenom, email, numero_1, numero_2, nom_entreprise)
		VALUES ($1, $2, $3, $4, NULL, $5) RETURNING id`,
		nom, prenom, NullIfEmpty(r.Email), NullIfEmpty(r.Phone), NullIfEmpty(r.Company)).Scan(&id)
	return id, err
}
