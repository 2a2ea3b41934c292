package booking

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
)

//go:embed seed.json
var seedJSON []byte

type seedData struct {
	// Agency is the demo agency: its name and contact e-mail (settings) and its profile.
	Agency struct {
		SiteName     string `json:"site_name"`
		ContactEmail string `json:"contact_email"`
		Profile      Agency `json:"profile"`
	} `json:"agency"`
}

// SeedAgency fills the settings with the demo agency's profile, name and contact e-mail
// (the catalogue's services and projects are catalogue.Store.Seed's). It is idempotent: a
// profile already filled is left as it is, and so is a contact e-mail already set; it
// reports whether it filled the profile.
func (s *Core) SeedAgency(ctx context.Context) (bool, error) {
	var data seedData
	if err := json.Unmarshal(seedJSON, &data); err != nil {
		return false, fmt.Errorf("seed: %w", err)
	}
	a := data.Agency
	tag, err := s.db.Exec(ctx, `UPDATE settings SET agency = $1, site_name = $2,
		contact_email = CASE WHEN contact_email = '' THEN $3 ELSE contact_email END, updated_at = now()
		WHERE id = 1 AND agency = '{}'`, a.Profile, a.SiteName, a.ContactEmail)
	if err != nil {
		return false, fmt.Errorf("seed agency: %w", err)
	}
	return tag.RowsAffected() > 0, nil
}
