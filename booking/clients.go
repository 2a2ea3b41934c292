package booking

import "strings"

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
