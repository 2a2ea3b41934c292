package console

import "testing"

func TestFirstName(t *testing.T) {
	t.Parallel()
	for email, want := range map[string]string{
		"karim.benali@dota.dz": "Karim",
		"NADIA@dota.dz":        "Nadia",
		"sara_2@dota.dz":       "Sara",
		"42@dota.dz":           "Editor",
	} {
		if got := FirstName(User{Email: email, Role: RoleEditor}); got != want {
			t.Errorf("%s: %q, want %q", email, got, want)
		}
	}
}
